import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { posts, postTargets } from "./posts";
import { tasks } from "./tasks";
import { workspaceColumn } from "./workspaces";

/**
 * What the app tells one member (`user_id`, the recipient) about their workspace: one row per recipient, written
 * by the event's own transaction where it has one, so none is lost. `dedupe_key` names the event (e.g.
 * "publish_failed:<target>"): a retried or repeated event finds its row there and adds nothing.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** the workspace it belongs to (migration 0010 moved each user's rows into their personal one) */
    workspaceId: workspaceColumn(),
    /** the member it is for */
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** one of NOTIFICATION_KINDS */
    kind: text("kind").notNull(),
    /** the event it tells of: unique per recipient */
    dedupeKey: text("dedupe_key").notNull().default(sql`gen_random_uuid()::text`),
    /** who did it (a member approving, assigning…); null for the app or a network */
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    taskId: uuid("task_id").references(() => tasks.id, { onDelete: "set null" }),
    postId: uuid("post_id").references(() => posts.id, { onDelete: "set null" }),
    targetId: uuid("target_id").references(() => postTargets.id, { onDelete: "set null" }),
    platform: text("platform"),
    /** the network's own message, or (account_expiring) when and why to reconnect */
    message: text("message").notNull(),
    /** for grouped kinds, how many (likes, comments…) */
    count: integer("count"),
    /** what else the kind needs to be told (kept small) */
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("notifications_recipient_event_idx").on(t.userId, t.dedupeKey),
    index("notifications_recipient_created_idx").on(t.userId, t.workspaceId, t.createdAt),
    index("notifications_recipient_unread_idx").on(t.userId, t.workspaceId).where(sql`${t.readAt} is null`),
  ],
);

/** A member's channel for a kind of notification ("email", "in_app" or "off"); none: the kind's default. */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    channel: text("channel").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
