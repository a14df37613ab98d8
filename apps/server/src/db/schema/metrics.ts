import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { socialAccounts } from "./accounts";
import { posts, postTargets } from "./posts";
import { workspaceColumn } from "./workspaces";

/**
 * What a network said about one published target at one moment: a time series (a snapshot per poll, kept).
 * A metric the network does not give (or the app may not read) is null, with the reason in `unavailable`.
 */
export const postMetrics = pgTable(
  "post_metrics",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: workspaceColumn(),
    postId: uuid("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    targetId: uuid("target_id")
      .notNull()
      .references(() => postTargets.id, { onDelete: "cascade" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => socialAccounts.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    capturedAt: timestamp("captured_at", { withTimezone: true }).notNull(),
    /** when the target went out (its key for every period: results belong to the day a post was published) */
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    /** the target's newest snapshot (exactly one per target): what the screens sum */
    isLatest: boolean("is_latest").notNull().default(true),
    views: integer("views"),
    reach: integer("reach"),
    likes: integer("likes"),
    comments: integer("comments"),
    shares: integer("shares"),
    saves: integer("saves"),
    clicks: integer("clicks"),
    videoViews: integer("video_views"),
    /** metric → why it is missing: "scope", "product", "tier" or "network" (the network has no such figure) */
    unavailable: jsonb("unavailable").$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    index("post_metrics_workspace_captured_idx").on(t.workspaceId, t.capturedAt),
    index("post_metrics_target_captured_idx").on(t.targetId, t.capturedAt),
    index("post_metrics_latest_published_idx").on(t.workspaceId, t.publishedAt).where(sql`${t.isLatest}`),
  ],
);

/** An account's figures for one day (the last poll of the day wins). */
export const accountMetrics = pgTable(
  "account_metrics",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: workspaceColumn(),
    accountId: uuid("account_id")
      .notNull()
      .references(() => socialAccounts.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    followers: integer("followers"),
    reach: integer("reach"),
    profileViews: integer("profile_views"),
    unavailable: jsonb("unavailable").$type<Record<string, string>>().notNull().default({}),
    capturedAt: timestamp("captured_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("account_metrics_account_day_idx").on(t.accountId, t.day),
    index("account_metrics_workspace_day_idx").on(t.workspaceId, t.day),
  ],
);
