import type { RealtimeHub } from "../../realtime/hub";

/**
 * Tells the open tabs of a workspace's members that notifications changed (each tab reads its own again). Call
 * it after the transaction that wrote them has committed, and only when it wrote some.
 */
export function announceNotifications(hub: RealtimeHub, workspaceId: string, written = 1) {
  if (written > 0) hub.publish(workspaceId, { name: "notifications", data: { type: "notifications.changed" } });
}
