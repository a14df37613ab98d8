import {
  type PostCsvImportMode,
  type PostCsvImportResponse,
  type PostCsvPreviewResponse,
  postCsvImportResponseSchema,
  postCsvPreviewResponseSchema,
} from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { postsQueryKey } from "@/features/posts/api/get-posts";
import { api } from "@/lib/api-client";

export interface ImportRequest {
  file: File;
  mode: PostCsvImportMode;
  /** the zone of the rows that name none: the user's */
  timezone: string;
}

function send<T>(path: string, r: ImportRequest, schema: z.ZodType<T>): Promise<T> {
  const form = new FormData();
  form.append("file", r.file);
  const query = new URLSearchParams({ mode: r.mode, timezone: r.timezone });
  return api(`${path}?${query}`, { method: "POST", body: form, schema });
}

/** Each row of the file with its problems; nothing is saved. */
export const previewImport = (r: ImportRequest): Promise<PostCsvPreviewResponse> =>
  send("/api/posts/import/preview", r, postCsvPreviewResponseSchema);

/** Saves the rows without problems; returns the others (and them as a file). */
export const importPosts = (r: ImportRequest): Promise<PostCsvImportResponse> =>
  send("/api/posts/import", r, postCsvImportResponseSchema);

export const usePreviewImport = () => useMutation({ mutationFn: previewImport });

export function useImportPosts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPosts,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: postsQueryKey }),
  });
}
