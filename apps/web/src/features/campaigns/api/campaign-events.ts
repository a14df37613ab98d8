import { postEventSchema } from "@app/shared";
import { useQueryClient } from "@tanstack/react-query";
import { readAgain } from "@/lib/live-cache";
import type { RealtimeChannel } from "@/lib/realtime";
import { campaignsQueryKey } from "./campaigns";

/**
 * Campaigns follow the stream: a campaign made, changed or deleted by any member ("campaigns" events), and a
 * post of a campaign saved, published or deleted ("posts" events: its campaign's count, figures and timeline),
 * have the campaigns on screen read again.
 */
export function useCampaignsChannels(): RealtimeChannel[] {
  const queryClient = useQueryClient();
  const refresh = () => void readAgain(queryClient, campaignsQueryKey);
  return [
    { event: "campaigns", onMessage: refresh, onResync: refresh },
    {
      event: "posts",
      onMessage(data) {
        const parsed = postEventSchema.safeParse(data);
        if (parsed.success && (parsed.data.post.campaignId !== null || parsed.data.action === "delete")) refresh();
      },
    },
  ];
}
