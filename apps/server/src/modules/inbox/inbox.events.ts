import type { InboxEvent } from "@app/shared";
import type { RealtimeHub } from "../../realtime/hub";
import { announceNotifications } from "../notifications/announce";

/** The Server-Sent Events name of the inbox's changes (the web app listens to it). */
export const INBOX_EVENT = "inbox";

/**
 * Tells the open tabs of the workspace's members that these conversations changed (each tab reads them again).
 * Call it after the transaction that changed them has committed.
 */
export function announceInbox(hub: RealtimeHub, workspaceId: string, conversationIds: readonly string[]) {
  if (conversationIds.length === 0) return;
  const data: InboxEvent = { type: "inbox.changed", conversationIds: [...conversationIds] };
  hub.publish(workspaceId, { name: INBOX_EVENT, data });
}

/** After ingestComments committed: the conversations it changed, and the notifications it wrote (if any). */
export function announceIngest(
  hub: RealtimeHub,
  workspaceId: string,
  outcome: { conversationIds: readonly string[]; notified: number },
) {
  announceInbox(hub, workspaceId, outcome.conversationIds);
  announceNotifications(hub, workspaceId, outcome.notified);
}
