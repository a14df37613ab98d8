import {
  INBOX_NETWORKS,
  INBOX_SOURCE_STATES,
  type InboxConversation,
  type InboxConversationKind,
  type InboxDirection,
  type InboxMessage,
  type InboxNote,
  type InboxReply,
  type InboxReplyStatus,
  type InboxSource,
  type InboxSourceState,
  type InboxStatus,
  type Platform,
} from "@app/shared";
import { isPlatform } from "@app/shared/rules/own-key";
import type { inboxSources, socialAccounts } from "../../db/schema";
import { oneLineStart } from "../../lib/text";
import type { ConversationView, MessageView } from "./inbox.repo";
import type { NoteView, ReplyView } from "./inbox.thread";

/** How much of a post's text names it above its conversations. */
export const INBOX_POST_EXCERPT_LENGTH = 80;

const iso = (d: Date) => d.toISOString();

export function toApiMessage(m: MessageView): InboxMessage {
  return {
    id: m.id,
    parentId: m.parentId,
    direction: m.direction as InboxDirection,
    author: { name: m.authorName, handle: m.authorHandle, avatarUrl: m.authorAvatarUrl },
    text: m.text,
    url: m.url,
    writtenAt: iso(m.writtenAt),
    liked: m.liked,
    hidden: m.hidden,
    deleted: m.deletedAt !== null,
  };
}

/** Messages from someone else newer than the member's last read (none read: any from someone else). */
export const isUnread = (c: Pick<ConversationView, "lastInboundAt" | "readAt">) =>
  c.lastInboundAt !== null && (c.readAt === null || c.lastInboundAt.getTime() > c.readAt.getTime());

export function toApiConversation(c: ConversationView, first: MessageView, latest: MessageView): InboxConversation {
  const kind = c.kind as InboxConversationKind;
  return {
    id: c.id,
    kind,
    status: c.status as InboxStatus,
    account: { id: c.accountId, platform: c.platform as Platform, name: c.accountName },
    // A mention is a post of someone else's; a comment is under one of the account's (made in the app or not).
    post:
      kind === "mention"
        ? null
        : { id: c.postId, excerpt: oneLineStart(c.postContent, INBOX_POST_EXCERPT_LENGTH), url: c.postUrl },
    first: toApiMessage(first),
    latest: toApiMessage(latest),
    messageCount: c.messageCount,
    unread: isUnread(c),
    assignee: c.assignee,
    lastMessageAt: iso(c.lastMessageAt),
  };
}

export function toApiReply(r: ReplyView): InboxReply {
  return {
    id: r.id,
    parentId: r.parentId,
    text: r.text,
    status: r.status as InboxReplyStatus,
    author: r.author,
    error: r.lastError,
    url: r.url,
    createdAt: iso(r.createdAt),
    sentAt: r.sentAt ? iso(r.sentAt) : null,
  };
}

export function toApiNote(n: NoteView): InboxNote {
  return { id: n.id, body: n.body, author: n.author, createdAt: iso(n.createdAt) };
}

const isSourceState = (s: string): s is InboxSourceState => (INBOX_SOURCE_STATES as readonly string[]).includes(s);

/**
 * A connected account's collection: its recorded state, or, before its first read, "ok" where the network gives
 * apps comments and "unsupported" where it does not (INBOX_NETWORKS says why). Null for a network not known.
 */
export function toApiSource(
  account: typeof socialAccounts.$inferSelect,
  source: typeof inboxSources.$inferSelect | null,
): InboxSource | null {
  if (!isPlatform(account.platform)) return null;
  const platform = account.platform;
  const unread: InboxSourceState = INBOX_NETWORKS[platform].comments ? "ok" : "unsupported";
  return {
    account: {
      id: account.id,
      platform,
      name: account.displayName || account.username || account.platformAccountId,
    },
    state: source && isSourceState(source.state) ? source.state : unread,
    detail: source?.detail ?? null,
    lastCollectedAt: source?.lastCollectedAt ? iso(source.lastCollectedAt) : null,
  };
}
