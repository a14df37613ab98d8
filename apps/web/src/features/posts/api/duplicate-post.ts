import { type Post, postResponseSchema } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { cachePost } from "./get-posts";

/** Copies a post into a new draft of the member's (its text, media, options, accounts...; not its results). */
export const duplicatePost = async (id: string): Promise<Post> =>
  (await api(`/api/posts/${id}/duplicate`, { body: {}, schema: postResponseSchema })).post;

export function useDuplicatePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: duplicatePost, onSuccess: (copy) => cachePost(queryClient, copy) });
}
