import { type Post, postResponseSchema } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usageQueryKey } from "@/features/accounts/api/get-usage";
import { api } from "@/lib/api-client";
import { postsQueryKey, uncachePost } from "./get-posts";

export const deletePost = async (id: string): Promise<Post> =>
  (await api(`/api/posts/${id}`, { method: "DELETE", schema: postResponseSchema })).post;

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePost,
    onSuccess: (post) => {
      uncachePost(queryClient, post.id);
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
    },
  });
}
