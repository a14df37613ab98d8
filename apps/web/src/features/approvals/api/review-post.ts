import { type ApprovePostBody, type Post, postResponseSchema, type rejectPostBodySchema } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { usageQueryKey } from "@/features/accounts/api/get-usage";
import { cachePost } from "@/features/posts/api/get-posts";
import { api } from "@/lib/api-client";
import { approvalsQueryKey } from "./get-approvals";
import { refreshPostActivity } from "./post-activity";

/** After a review: the post's new state everywhere, the queue, its thread and history, and the plan's usage. */
function useReviewed() {
  const queryClient = useQueryClient();
  return (post: Post) => {
    cachePost(queryClient, post);
    void queryClient.invalidateQueries({ queryKey: approvalsQueryKey });
    void queryClient.invalidateQueries({ queryKey: usageQueryKey });
    refreshPostActivity(queryClient, post.id);
  };
}

/** Approve: the post is scheduled at its time, or at the new one given when its own has passed. */
export function useApprovePost() {
  const reviewed = useReviewed();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: ApprovePostBody }) =>
      (await api(`/api/posts/${id}/approve`, { body, schema: postResponseSchema })).post,
    onSuccess: reviewed,
  });
}

/** Reject: back to draft, with the reviewer's comment on its thread. */
export function useRejectPost() {
  const reviewed = useReviewed();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: z.infer<typeof rejectPostBodySchema> }) =>
      (await api(`/api/posts/${id}/reject`, { body, schema: postResponseSchema })).post,
    onSuccess: reviewed,
  });
}
