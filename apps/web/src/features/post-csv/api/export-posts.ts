import { apiErrorSchema, POST_CSV_EXPORT_FILE, POST_CSV_MESSAGES } from "@app/shared";
import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { saveFile } from "@/lib/download";

/** The posts of the list's filter (exportQuery) as a CSV file, saved on the device; a refusal says why. */
export async function downloadExport(query: string): Promise<void> {
  const res = await fetch(`/api/posts/export.csv${query}`, { credentials: "same-origin" });
  if (!res.ok) {
    const parsed = apiErrorSchema.safeParse(await res.json().catch(() => undefined));
    throw new Error(parsed.success ? parsed.data.error.message : POST_CSV_MESSAGES.exportFailed);
  }
  saveFile(await res.blob(), POST_CSV_EXPORT_FILE);
}

export const useExportPosts = () =>
  useMutation({
    mutationFn: downloadExport,
    onError: (err) => toast.error(POST_CSV_MESSAGES.exportFailed, { description: err.message }),
  });
