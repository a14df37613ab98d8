import { type CreatePostInput, type Post, postResponseSchema } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { usageQueryKey } from "@/features/accounts/api/get-usage";
import { api } from "@/lib/api-client";
import { cachePost, postsQueryKey } from "./get-posts";

/** Saves a draft or schedules a post. */
export const createPost = async (body: CreatePostInput): Promise<Post> =>
  (await api("/api/posts", { body, schema: postResponseSchema })).post;

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (post) => {
      cachePost(queryClient, post);
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
    },
  });
}
