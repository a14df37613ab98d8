import { index, pgTable, smallint, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { socialAccounts } from "./accounts";
import { workspaceColumn } from "./workspaces";

/**
 * The queue's weekly time slots (issue 23): a weekday and a wall-clock time in the workspace's time zone
 * (workspaces.time_zone), so a slot stays at 09:00 across a DST change. A slot with an account belongs to that
 * account; one without belongs to the whole workspace and serves every account that has no slots of its own.
 */
export const queueSlots = pgTable(
  "queue_slots",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: workspaceColumn(),
    accountId: uuid("account_id").references(() => socialAccounts.id, { onDelete: "cascade" }),
    /** ISO weekday: 1 Monday … 7 Sunday */
    weekday: smallint("weekday").notNull(),
    /** HH:MM, 24-hour */
    time: text("time").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("queue_slots_uq").on(t.workspaceId, t.accountId, t.weekday, t.time).nullsNotDistinct(),
    index("queue_slots_account_idx").on(t.accountId),
  ],
);
