import { type ApprovalItem, approvalListResponseSchema, type Post } from "@app/shared";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useCan } from "@/lib/permissions";

/** The approvals queue: the workspace's posts waiting for approval (approvers only). */
export const approvalsQueryKey = ["approvals"] as const;

export const getApprovals = async (signal?: AbortSignal): Promise<ApprovalItem[]> =>
  (await api("/api/approvals", { schema: approvalListResponseSchema, signal })).approvals;

/** The queue, read only for members who may approve (the server answers 403 to the others). */
export function useApprovals() {
  const approve = useCan("post", "approve");
  return useQuery({
    queryKey: approvalsQueryKey,
    queryFn: ({ signal }) => getApprovals(signal),
    enabled: approve.allowed,
  });
}

/** The sidebar's count on Team: how many posts wait for this approver (0 for members who do not approve). */
export function useWaitingApprovalsCount(): number {
  return useApprovals().data?.length ?? 0;
}

/**
 * A post changed (from the stream or an action's answer): the queue is read again when the post is waiting
 * now or was waiting before. Changes to other posts leave it alone.
 */
export function refreshApprovalsFor(queryClient: QueryClient, post: Post) {
  const queued = queryClient.getQueryData<ApprovalItem[]>(approvalsQueryKey);
  if (queued === undefined) return;
  if (post.status === "pending_approval" || queued.some((item) => item.post.id === post.id))
    void queryClient.invalidateQueries({ queryKey: approvalsQueryKey });
}
