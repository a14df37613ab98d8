import { postEventSchema } from "@app/shared";
import { useQueryClient } from "@tanstack/react-query";
import { usageQueryKey } from "@/features/accounts/api/get-usage";
import { approvalsQueryKey, refreshApprovalsFor } from "@/features/approvals/api/get-approvals";
import { postHistoryKey } from "@/features/approvals/api/post-activity";
import type { RealtimeChannel } from "@/lib/realtime";
import { cachePostEvent, postsQueryKey } from "./get-posts";

/**
 * The "posts" events of the stream: each change lands in every cached list (the scheduler's list and the
 * calendar's range), in this tab and every other, and the plan usage is read again, as are the approvals
 * queue (when the post waits or waited there) and the post's history if it is open.
 */
export function usePostsChannel(): RealtimeChannel {
  const queryClient = useQueryClient();
  return {
    event: "posts",
    onMessage(data) {
      const parsed = postEventSchema.safeParse(data);
      if (!parsed.success) return;
      cachePostEvent(queryClient, parsed.data);
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
      refreshApprovalsFor(queryClient, parsed.data.post);
      void queryClient.invalidateQueries({ queryKey: postHistoryKey(parsed.data.post.id) });
    },
    onResync() {
      void queryClient.invalidateQueries({ queryKey: postsQueryKey });
      void queryClient.invalidateQueries({ queryKey: approvalsQueryKey });
    },
  };
}
