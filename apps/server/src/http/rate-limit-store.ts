import { eq, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimitCounters } from "../db/schema";

type Counted = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** How often a process deletes the counters whose window has ended. */
const PRUNE_EVERY_MS = 10 * 60_000;

/**
 * The rate limiter's counters (@fastify/rate-limit's `store`), in the database: a limit holds across every
 * server process (two processes behind a load balancer do not each allow the whole limit), with no service of
 * its own. Routes of one `groupId` share their counters (an API key's allowance is one, whatever it calls);
 * any other limited route counts on its own. A counter is one row, incremented in a single statement, so
 * requests arriving at once on several processes are each counted.
 */
export function databaseRateLimitStore(db: Db, now: () => Date = () => new Date()) {
  let prunedAt = 0;
  const prune = (at: Date) => {
    if (at.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = at.getTime();
    // Best effort: a counter left over is reset by the next request that meets it.
    void db
      .delete(rateLimitCounters)
      .where(lte(rateLimitCounters.endsAt, at))
      .catch(() => undefined);
  };

  return class DatabaseRateLimitStore {
    /** `prefix`: the route's (or group's) part of each counter's key */
    constructor(
      _options?: unknown,
      private readonly prefix = "",
    ) {}

    incr(key: string, callback: Counted, timeWindow: number) {
      const at = now();
      const endsAt = new Date(at.getTime() + timeWindow);
      const c = rateLimitCounters;
      // A window that has ended starts again at this request.
      const ended = sql`${c.endsAt} <= ${at.toISOString()}::timestamptz`;
      db.insert(c)
        .values({ key: this.prefix + key, hits: 1, endsAt })
        .onConflictDoUpdate({
          target: c.key,
          set: {
            hits: sql`CASE WHEN ${ended} THEN 1 ELSE ${c.hits} + 1 END`,
            endsAt: sql`CASE WHEN ${ended} THEN ${endsAt.toISOString()}::timestamptz ELSE ${c.endsAt} END`,
          },
        })
        .returning({ hits: c.hits, endsAt: c.endsAt })
        .then(([row]) => {
          prune(at);
          const hits = row?.hits ?? 1;
          callback(null, { current: hits, ttl: Math.max(0, (row?.endsAt ?? endsAt).getTime() - at.getTime()) });
        }, callback);
    }

    read(key: string, callback: Counted) {
      const at = now();
      db.select({ hits: rateLimitCounters.hits, endsAt: rateLimitCounters.endsAt })
        .from(rateLimitCounters)
        .where(eq(rateLimitCounters.key, this.prefix + key))
        .then(([row]) => {
          if (!row || row.endsAt <= at) return callback(null, { current: 0, ttl: 0 });
          callback(null, { current: row.hits, ttl: row.endsAt.getTime() - at.getTime() });
        }, callback);
    }

    /** `options`: the route's rate-limit settings merged with the plugin's (its `routeInfo` among them) */
    child(options: object): DatabaseRateLimitStore {
      const { groupId, routeInfo } = options as { groupId?: string; routeInfo?: { method?: string; url?: string } };
      // The plugin adds a group's id to each key itself; a route of its own is told apart by its method and path.
      const prefix = groupId ? "group:" : `${routeInfo?.method ?? ""} ${routeInfo?.url ?? ""}:`;
      return new DatabaseRateLimitStore(undefined, prefix);
    }
  };
}
