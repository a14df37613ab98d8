import type { Platform } from "./platforms";

/**
 * The unified inbox (issue 21): comments under the workspace's published posts and mentions of its accounts,
 * from each network whose API gives them to apps, read and answered in one place (Engagement → Inbox).
 */

/** A conversation is one first-level comment with its replies, or one mention of the account. */
export const INBOX_CONVERSATION_KINDS = ["comment", "mention"] as const;
export type InboxConversationKind = (typeof INBOX_CONVERSATION_KINDS)[number];

/** Open until a member marks it done; a new message from someone else opens it again. */
export const INBOX_STATUSES = ["open", "done"] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
/** The inbox's status filter: open (the default), done, or all. */
export const INBOX_STATUS_FILTERS = ["open", "done", "all"] as const;
export type InboxStatusFilter = (typeof INBOX_STATUS_FILTERS)[number];

/** inbound: written by someone else; outbound: written by the connected account (from the app or elsewhere). */
export const INBOX_DIRECTIONS = ["inbound", "outbound"] as const;
export type InboxDirection = (typeof INBOX_DIRECTIONS)[number];

/**
 * A reply written in the inbox: queued, being sent, sent (on the network), failed (with the network's reason),
 * or unconfirmed (an attempt was cut off and the network cannot be asked whether it arrived: check it there).
 */
export const INBOX_REPLY_STATUSES = ["queued", "sending", "sent", "failed", "unconfirmed"] as const;
export type InboxReplyStatus = (typeof INBOX_REPLY_STATUSES)[number];

/** What can be done to a message on the network, where the network allows it (INBOX_NETWORKS). */
export const INBOX_MESSAGE_ACTIONS = ["like", "unlike", "hide", "unhide", "delete"] as const;
export type InboxMessageAction = (typeof INBOX_MESSAGE_ACTIONS)[number];

/**
 * Whether an account's comments can be read now: ok; scope (its connection lacks the permission: reconnect);
 * tier (the app's access level with the network does not include these reads); budget (X: this month's read
 * budget is spent); unsupported (the network's API gives apps no comments); error (the last read failed).
 */
export const INBOX_SOURCE_STATES = ["ok", "scope", "tier", "budget", "unsupported", "error"] as const;
export type InboxSourceState = (typeof INBOX_SOURCE_STATES)[number];

/** What each network's API lets the app do with comments, and, where it gives none, why (shown as is). */
export interface InboxNetworkSupport {
  /** comments (and their replies) under the account's posts */
  comments: boolean;
  /** posts of others that mention the account */
  mentions: boolean;
  reply: boolean;
  like: boolean;
  hide: boolean;
  delete: boolean;
  /** what the inbox says about this network (its limits, or why it is not there) */
  notice: string | null;
}

export const INBOX_NETWORKS: Record<Platform, InboxNetworkSupport> = {
  facebook: { comments: true, mentions: false, reply: true, like: true, hide: true, delete: true, notice: null },
  instagram: {
    comments: true,
    mentions: false,
    reply: true,
    like: false,
    hide: true,
    delete: true,
    notice: "Instagram does not let apps like comments.",
  },
  linkedin: {
    comments: true,
    mentions: false,
    reply: true,
    like: false,
    hide: false,
    delete: false,
    notice: "LinkedIn gives apps the comments on Company Page posts only, not on a member's own posts.",
  },
  youtube: {
    comments: true,
    mentions: false,
    reply: true,
    like: false,
    hide: true,
    delete: false,
    notice: "YouTube does not let apps like comments; hiding holds a comment back from the public.",
  },
  twitter: {
    comments: true,
    mentions: true,
    reply: true,
    like: true,
    hide: true,
    delete: false,
    notice: "X charges for every read: replies and mentions are read within the app's monthly read budget.",
  },
  tiktok: {
    comments: false,
    mentions: false,
    reply: false,
    like: false,
    hide: false,
    delete: false,
    notice: "TikTok's API for developers does not give apps the comments on your videos, so they cannot appear here.",
  },
  pinterest: {
    comments: false,
    mentions: false,
    reply: false,
    like: false,
    hide: false,
    delete: false,
    notice: "Pinterest's API does not give apps the comments on your Pins, so they cannot appear here.",
  },
};

/** The most characters of a reply, by network (the network's own limit for a comment). */
export const INBOX_REPLY_MAX_LENGTH: Record<Platform, number> = {
  facebook: 8000,
  instagram: 2200,
  linkedin: 1250,
  youtube: 10000,
  twitter: 280,
  tiktok: 150,
  pinterest: 500,
};
export const INBOX_NOTE_MAX_LENGTH = 2000;
/** Conversations per page of the inbox. */
export const INBOX_PAGE_SIZE = 20;

/**
 * How often a post's comments are read, by the post's age: often while it is fresh, then less, then not at all
 * (webhooks, where configured, still bring new ones at once). Mentions are read on the account's shortest.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const INBOX_COLLECT_CADENCE: readonly { withinMs: number; everyMs: number }[] = [
  { withinMs: 48 * HOUR, everyMs: 10 * MINUTE },
  { withinMs: 14 * 24 * HOUR, everyMs: HOUR },
  { withinMs: 90 * 24 * HOUR, everyMs: 12 * HOUR },
];
/**
 * X bills each post read: the inbox reads at most this many posts (replies and mentions) a month for each
 * connected X account, unless X_INBOX_READS_PER_ACCOUNT says otherwise (0: X's comments are not read).
 */
export const X_INBOX_READS_PER_ACCOUNT_DEFAULT = 1_000;
