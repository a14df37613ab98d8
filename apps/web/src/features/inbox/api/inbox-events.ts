import { inboxEventSchema } from "@app/shared";
import { useQueryClient } from "@tanstack/react-query";
import { readAgain } from "@/lib/live-cache";
import type { RealtimeChannel } from "@/lib/realtime";
import { conversationKey, inboxListsKey, inboxQueryKey, inboxSummaryKey } from "./get-inbox";

/**
 * The "inbox" events of the stream (a comment collected, a reply sent, a conversation assigned or done, in
 * any tab): the lists and the sidebar's count are read again, and the conversations named if they are open.
 */
export function useInboxChannel(): RealtimeChannel {
  const queryClient = useQueryClient();
  return {
    event: "inbox",
    onMessage(data) {
      const parsed = inboxEventSchema.safeParse(data);
      if (!parsed.success) return;
      void readAgain(queryClient, inboxListsKey);
      void readAgain(queryClient, inboxSummaryKey, true);
      for (const id of parsed.data.conversationIds) void readAgain(queryClient, conversationKey(id), true);
    },
    onResync() {
      void readAgain(queryClient, inboxQueryKey);
    },
  };
}
