import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { socialAccounts } from "./accounts";
import { users } from "./auth";
import { postTargets } from "./posts";
import { workspaceColumn } from "./workspaces";

/**
 * The unified inbox (issue 21): what people write under the workspace's published posts, and mentions of its
 * accounts, collected from each network that allows it, answered from the app.
 *
 * A conversation is one first-level comment (or one mention) with every reply under it. It is open until a
 * member marks it done; a new message from someone else opens it again.
 */
export const inboxConversations = pgTable(
  "inbox_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: workspaceColumn(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => socialAccounts.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    /** INBOX_CONVERSATION_KINDS: comment (under one of the account's posts) or mention */
    kind: text("kind").notNull(),
    /** the published post (our target) it is under; null for a mention, or a post not made through the app */
    postTargetId: uuid("post_target_id").references(() => postTargets.id, { onDelete: "set null" }),
    /** the post's id on the network (for a mention: the mention's own id) */
    networkPostId: text("network_post_id").notNull(),
    /** the network id of the conversation's first message */
    rootNetworkId: text("root_network_id").notNull(),
    /** INBOX_STATUSES: open, done */
    status: text("status").notNull().default("open"),
    assigneeId: text("assignee_id").references(() => users.id, { onDelete: "set null" }),
    /** when its newest message (either way) was written, and its newest from someone else */
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull(),
    lastInboundAt: timestamp("last_inbound_at", { withTimezone: true }),
    messageCount: integer("message_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("inbox_conversations_root_uq").on(t.accountId, t.rootNetworkId),
    index("inbox_conversations_list_idx").on(t.workspaceId, t.status, t.lastMessageAt),
    index("inbox_conversations_assignee_idx").on(t.assigneeId),
    index("inbox_conversations_target_idx").on(t.postTargetId),
  ],
);

/** One comment, reply or mention as the network shows it, ours included (direction outbound). */
export const inboxMessages = pgTable(
  "inbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: workspaceColumn(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => inboxConversations.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => socialAccounts.id, { onDelete: "cascade" }),
    networkId: text("network_id").notNull(),
    /** the message it answers on the network; null for the conversation's first */
    parentNetworkId: text("parent_network_id"),
    /** INBOX_DIRECTIONS: inbound (someone else) or outbound (the connected account itself) */
    direction: text("direction").notNull(),
    authorNetworkId: text("author_network_id").notNull(),
    authorName: text("author_name").notNull(),
    authorHandle: text("author_handle"),
    authorAvatarUrl: text("author_avatar_url"),
    text: text("text").notNull(),
    url: text("url"),
    /** when the network says it was written */
    writtenAt: timestamp("written_at", { withTimezone: true }).notNull(),
    collectedAt: timestamp("collected_at", { withTimezone: true }).notNull().defaultNow(),
    /** what the app did to it on the network (liked by the account, hidden from the public, deleted) */
    liked: boolean("liked").notNull().default(false),
    hidden: boolean("hidden").notNull().default(false),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("inbox_messages_network_uq").on(t.accountId, t.networkId),
    index("inbox_messages_conversation_idx").on(t.conversationId, t.writtenAt),
  ],
);

/**
 * A reply written in the inbox, on its way to the network: sent exactly once as publishing sends a post (a
 * job per reply; before sending again after an attempt whose outcome is unknown, the network is asked).
 */
export const inboxReplies = pgTable(
  "inbox_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: workspaceColumn(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => inboxConversations.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    /** the message answered (its network id) */
    parentNetworkId: text("parent_network_id").notNull(),
    text: text("text").notNull(),
    /** INBOX_REPLY_STATUSES: queued, sending, sent, failed, unconfirmed */
    status: text("status").notNull().default("queued"),
    /** when the current (or last) call to the network began: a lookup after a crash searches from here */
    attemptStartedAt: timestamp("attempt_started_at", { withTimezone: true }),
    networkId: text("network_id"),
    url: text("url"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("inbox_replies_conversation_idx").on(t.conversationId, t.createdAt)],
);

/** A member's internal note on a conversation (never sent to the network). */
export const inboxNotes = pgTable(
  "inbox_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: workspaceColumn(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => inboxConversations.id, { onDelete: "cascade" }),
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("inbox_notes_conversation_idx").on(t.conversationId, t.createdAt)],
);

/** When each member last read each conversation: newer inbound messages are unread for them. */
export const inboxReads = pgTable(
  "inbox_reads",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => inboxConversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

/**
 * Each connected account's collection: whether its comments can be read and why not (INBOX_SOURCE_STATES),
 * when they were last read, where the network's paging stands, and X's reads spent this month.
 */
export const inboxSources = pgTable(
  "inbox_sources",
  {
    accountId: uuid("account_id")
      .primaryKey()
      .references(() => socialAccounts.id, { onDelete: "cascade" }),
    workspaceId: workspaceColumn(),
    /** INBOX_SOURCE_STATES */
    state: text("state").notNull().default("ok"),
    /** the network's words when the state is not ok */
    detail: text("detail"),
    lastCollectedAt: timestamp("last_collected_at", { withTimezone: true }),
    /** per network: e.g. X's newest mention id read (since_id) */
    cursor: jsonb("cursor").$type<Record<string, unknown>>(),
    /** X: the month (YYYY-MM, UTC) the reads below are counted in, and how many */
    readsMonth: text("reads_month"),
    readsUsed: integer("reads_used").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("inbox_sources_workspace_idx").on(t.workspaceId)],
);
