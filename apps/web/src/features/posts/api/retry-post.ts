import { type Post, postResponseSchema } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { cachePost } from "./get-posts";

/** Sends a post again to the networks that failed it. */
export const retryPost = async (id: string): Promise<Post> =>
  (await api(`/api/posts/${id}/retry`, { body: {}, schema: postResponseSchema })).post;

export function useRetryPost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: retryPost, onSuccess: (post) => cachePost(queryClient, post) });
}
