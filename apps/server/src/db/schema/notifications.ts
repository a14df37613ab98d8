import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { posts, postTargets } from "./posts";
import { workspaceColumn } from "./workspaces";

/**
 * What the app tells a user in the app: each publishing failure (a network refused a post, or an
 * interrupted attempt needs checking), written in the same transaction as the failure, so none is lost; and
 * each account whose access ends for good soon, written with the account's expiry_warned_at, so once.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** the workspace it belongs to (migration 0010 moved each user's rows into their personal one) */
    workspaceId: workspaceColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** publish_failed, publish_unconfirmed, account_expiring */
    kind: text("kind").notNull(),
    postId: uuid("post_id").references(() => posts.id, { onDelete: "set null" }),
    targetId: uuid("target_id").references(() => postTargets.id, { onDelete: "set null" }),
    platform: text("platform"),
    /** the network's own message, or (account_expiring) when and why to reconnect */
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_workspace_created_idx").on(t.workspaceId, t.createdAt),
    index("notifications_workspace_unread_idx").on(t.workspaceId).where(sql`${t.readAt} is null`),
  ],
);
