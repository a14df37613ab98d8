import { EXPIRY_MESSAGES, notificationEventSchema } from "@app/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { isAwaited } from "@/lib/awaited-posts";
import { readAgain } from "@/lib/live-cache";
import type { RealtimeChannel } from "@/lib/realtime";
import { destinationOf, toastToneOf } from "../utils/notifications";
import { notificationsQueryKey, useNotifications } from "./get-notifications";

/**
 * The "notifications" events of the stream: every list is read again (the screen's, the sidebar's badge),
 * and each unread notification that arrives while the app is open is also shown as a toast, wherever the
 * user is (not the networks' engagement: toastToneOf).
 */
export function useNotificationsChannel(): RealtimeChannel {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data } = useNotifications();
  // Ids already known in this tab: only newer ones are news. What is there when the app opens is not.
  const known = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!data) return;
    const seen = known.current;
    known.current = new Set(data.notifications.map((n) => n.id));
    if (!seen) return;
    for (const n of data.notifications) {
      // Already told by the screen that waited for it (Publish Now), or seen before.
      if (seen.has(n.id) || n.read || isAwaited(n.postId)) continue;
      const tone = toastToneOf(n.kind);
      if (!tone) continue;
      const accounts = n.category === "accounts";
      const to = accounts ? (destinationOf(n) ?? "/connected-accounts") : "/notifications";
      toast[tone](n.title, {
        id: `notification-${n.id}`,
        description: n.message,
        action: { label: accounts ? EXPIRY_MESSAGES.toastAction : "View", onClick: () => navigate(to) },
      });
    }
  }, [data, navigate]);

  return {
    event: "notifications",
    onMessage(message) {
      if (notificationEventSchema.safeParse(message).success) void readAgain(queryClient, notificationsQueryKey);
    },
    onResync() {
      void readAgain(queryClient, notificationsQueryKey);
    },
  };
}
