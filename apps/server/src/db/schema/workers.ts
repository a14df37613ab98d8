import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Each publishing worker says it is alive here; /api/health and the app read it. */
export const workerHeartbeats = pgTable("worker_heartbeats", {
  id: text("id").primaryKey(),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
});
