import type { MediaFile } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { uncacheMedia } from "./get-media";

/** Deletes the file and its stored bytes (204, no body). */
export const deleteMedia = async (id: string): Promise<void> => {
  await api(`/api/media/${encodeURIComponent(id)}`, { method: "DELETE" });
};

/**
 * The outcome handlers belong to the mutation, not to one `mutate` call: the card that asked is gone as soon
 * as the file leaves the list (often through the event stream, before the answer arrives).
 */
export function useDeleteMedia(handlers: {
  onSuccess?(file: MediaFile): void;
  onError?(err: Error, file: MediaFile): void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: MediaFile) => {
      await deleteMedia(file.id);
      return file;
    },
    onSuccess: (file) => {
      uncacheMedia(queryClient, file.id);
      handlers.onSuccess?.(file);
    },
    onError: (err, file) => handlers.onError?.(err, file),
  });
}
