import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The rate limits' counters, one per limited route (or group of routes) and caller, kept in the database so a
 * limit holds across every server process: `hits` in the window that ends at `ends_at`.
 */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limit_counters_ends_at_idx").on(t.endsAt)],
);
