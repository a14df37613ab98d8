import { type Post, postResponseSchema, type UpdatePostBody } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { cachePost, postsQueryKey } from "./get-posts";

/** Changes a post that has not started going out; a date alone reschedules it and keeps its time. */
export const updatePost = async ({ id, body }: { id: string; body: UpdatePostBody }): Promise<Post> =>
  (await api(`/api/posts/${id}`, { method: "PATCH", body, schema: postResponseSchema })).post;

export function useUpdatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePost,
    onSuccess: (post) => {
      cachePost(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
    },
  });
}
