import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";

/**
 * Background work other than publishing (which keeps post_targets as its queue): metrics polls, and later
 * comment collection, webhook deliveries, digests. Claimed by the worker processes with FOR UPDATE SKIP LOCKED
 * and a lease; `key` is unique, so the same job is never queued twice.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** what to run (a handler's name, e.g. "post-metrics") */
    kind: text("kind").notNull(),
    /** one job per key, e.g. "post-metrics:<target>:24h" */
    key: text("key").notNull().unique(),
    /** the workspace it works for, when it works for one (it goes with the workspace) */
    workspaceId: text("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    leaseOwner: text("lease_owner"),
    lastError: text("last_error"),
    /** when it ran to its end (kept a while: the key stays taken) */
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("jobs_due_idx").on(t.runAt).where(sql`${t.doneAt} is null`)],
);
