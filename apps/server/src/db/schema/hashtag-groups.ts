import { sql } from "drizzle-orm";
import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { workspaceColumn } from "./workspaces";

/** Saved hashtag groups (issue 23): a named set of hashtags the composer adds in one click. */
export const hashtagGroups = pgTable(
  "hashtag_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: workspaceColumn(),
    name: text("name").notNull(),
    /** without their # (as posts.hashtags) */
    hashtags: text("hashtags").array().notNull().default(sql`'{}'::text[]`),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("hashtag_groups_workspace_name_uq").on(t.workspaceId, sql`lower(${t.name})`)],
);
