import {
  INBOX_NETWORKS,
  type InboxMessage,
  type InboxMessageAction,
  type InboxReply,
  type InboxReplyStatus,
  type Platform,
} from "@app/shared";

/** A message of the thread with how far it is indented: 0 for the conversation's first, 1 for its replies. */
export interface ThreadItem {
  message: InboxMessage;
  depth: 0 | 1;
  /** the message it answers when that is itself a reply (shown as "In reply to …") */
  answers: InboxMessage | null;
}

const time = (at: string) => {
  const ms = new Date(at).getTime();
  return Number.isNaN(ms) ? 0 : ms;
};

/** The conversation's messages as a thread, oldest first: replies one step in, whatever their depth. */
export function threadOf(messages: readonly InboxMessage[]): ThreadItem[] {
  const byId = new Map(messages.map((m) => [m.id, m]));
  return [...messages]
    .sort(
      (a, b) =>
        (a.parentId === null ? -1 : 0) - (b.parentId === null ? -1 : 0) || time(a.writtenAt) - time(b.writtenAt),
    )
    .map((message) => {
      const parent = message.parentId ? (byId.get(message.parentId) ?? null) : null;
      return { message, depth: message.parentId ? 1 : 0, answers: parent?.parentId ? parent : null };
    });
}

const sameText = (a: string, b: string) => a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim();

/**
 * The replies written in the app to show beside the thread: every one not sent yet (queued, sending, failed,
 * unconfirmed), and a sent one only until it appears among the messages (the same address on the network, or
 * the same words from the account, written since).
 */
export function repliesInFlight(replies: readonly InboxReply[], messages: readonly InboxMessage[]): InboxReply[] {
  const own = messages.filter((m) => m.direction === "outbound");
  return replies.filter((r) => {
    if (r.status !== "sent") return true;
    return !own.some(
      (m) =>
        (r.url !== null && m.url === r.url) ||
        (sameText(m.text, r.text) && time(m.writtenAt) >= time(r.createdAt) - 60_000),
    );
  });
}

/** What a reply's status is called beside it. */
export const REPLY_STATUS_LABELS: Record<InboxReplyStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  unconfirmed: "Not confirmed",
};

/** The words of each action's button (and of its confirmation for delete). */
export const ACTION_LABELS: Record<InboxMessageAction, string> = {
  like: "Like",
  unlike: "Unlike",
  hide: "Hide",
  unhide: "Unhide",
  delete: "Delete",
};

/**
 * The actions the network allows on a message (INBOX_NETWORKS), in the order they are shown: like or unlike
 * and hide or unhide on others' messages, delete on any message not deleted yet. None on a deleted message.
 */
export function actionsFor(message: InboxMessage, platform: Platform): InboxMessageAction[] {
  if (message.deleted) return [];
  const network = INBOX_NETWORKS[platform];
  const out: InboxMessageAction[] = [];
  const theirs = message.direction === "inbound";
  if (network.like && theirs) out.push(message.liked ? "unlike" : "like");
  if (network.hide && theirs) out.push(message.hidden ? "unhide" : "hide");
  if (network.delete) out.push("delete");
  return out;
}

/** How many characters a reply has, as the network's limit counts them (after trimming, as the server does). */
export const replyLength = (text: string) => text.trim().length;
