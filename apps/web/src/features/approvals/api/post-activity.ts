import {
  type createCommentBodySchema,
  type PostComment,
  type PostHistoryEntry,
  postCommentEventSchema,
  postCommentListResponseSchema,
  postCommentResponseSchema,
  postHistoryResponseSchema,
} from "@app/shared";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import type { RealtimeChannel } from "@/lib/realtime";

/** A post's comment thread and history, each under its post (apart from the posts' own keys, which hold lists). */
export const postActivityKey = ["post-activity"] as const;
export const postCommentsKey = (postId: string) => [...postActivityKey, postId, "comments"] as const;
export const postHistoryKey = (postId: string) => [...postActivityKey, postId, "history"] as const;

/** The post's internal thread, oldest first. */
export function usePostComments(postId: string) {
  return useQuery({
    queryKey: postCommentsKey(postId),
    queryFn: async ({ signal }): Promise<PostComment[]> =>
      (await api(`/api/posts/${postId}/comments`, { schema: postCommentListResponseSchema, signal })).comments,
  });
}

/** What happened to the post, by whom and when, oldest first. */
export function usePostHistory(postId: string) {
  return useQuery({
    queryKey: postHistoryKey(postId),
    queryFn: async ({ signal }): Promise<PostHistoryEntry[]> =>
      (await api(`/api/posts/${postId}/history`, { schema: postHistoryResponseSchema, signal })).history,
  });
}

export function useAddComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.infer<typeof createCommentBodySchema>) =>
      (await api(`/api/posts/${postId}/comments`, { body, schema: postCommentResponseSchema })).comment,
    onSuccess: (comment) => {
      queryClient.setQueryData<PostComment[]>(postCommentsKey(postId), (list) =>
        list?.some((c) => c.id === comment.id) ? list : [...(list ?? []), comment],
      );
    },
  });
}

/** The post's thread and history are read again: it was approved, rejected, edited or published. */
export function refreshPostActivity(queryClient: QueryClient, postId: string) {
  void queryClient.invalidateQueries({ queryKey: [...postActivityKey, postId] });
}

/** The "comments" events of the stream: an open thread (in this tab or another member's) shows a new comment. */
export function usePostCommentsChannel(): RealtimeChannel {
  const queryClient = useQueryClient();
  return {
    event: "comments",
    onMessage(data) {
      const parsed = postCommentEventSchema.safeParse(data);
      if (parsed.success) void queryClient.invalidateQueries({ queryKey: postCommentsKey(parsed.data.postId) });
    },
    onResync() {
      void queryClient.invalidateQueries({ queryKey: postActivityKey });
    },
  };
}
