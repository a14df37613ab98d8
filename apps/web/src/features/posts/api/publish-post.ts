import { type Post, postResponseSchema } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { cachePost, postsQueryKey } from "./get-posts";

/** Asks the server to send a scheduled post out now (it is queued at once). */
export const publishPost = async (id: string): Promise<Post> =>
  (await api(`/api/posts/${id}/publish`, { body: {}, schema: postResponseSchema })).post;

export function usePublishPost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishPost,
    onSuccess: (post) => {
      cachePost(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
    },
  });
}
