import { useQueryClient } from "@tanstack/react-query";
import { readAgain } from "@/lib/live-cache";
import type { RealtimeChannel } from "@/lib/realtime";
import { queueQueryKey } from "./queue";

/**
 * The queue follows the stream: its slots, time zone or a paused account changed ("queue" events), or a post was
 * saved, moved, published or deleted ("posts" events: a queued post's place, text or status) in any tab.
 */
export function useQueueChannels(): RealtimeChannel[] {
  const queryClient = useQueryClient();
  const refresh = () => void readAgain(queryClient, queueQueryKey);
  return [
    { event: "queue", onMessage: refresh, onResync: refresh },
    { event: "posts", onMessage: refresh },
  ];
}
