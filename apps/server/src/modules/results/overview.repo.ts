import type { Platform } from "@app/shared";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { postMetrics, posts, socialAccounts } from "../../db/schema";
import type { ResultsPeriod } from "./results.range";
import type { FigureSums } from "./results.rows";
import { dayOf, dayStart, ENGAGEMENTS_SQL, FIGURE_SUMS_SQL, latestInPeriod, REACH_SQL } from "./results.sql";

/** Sums per network, for the period itself or the one before it. */
export interface NetworkSums extends FigureSums {
  platform: Platform;
  current: boolean;
}

/** The sums selected by every grouped query below (post_metrics as `m`). */
const SUMS = sql`count(*) as posts, ${FIGURE_SUMS_SQL}`;

/** The database gives sums as bigints (strings or BigInts by driver): plain numbers here. */
const num = (v: unknown) => Number(v ?? 0);

function sumsOf(row: Record<string, unknown>): FigureSums {
  return {
    posts: num(row.posts),
    views: num(row.views),
    reach: num(row.reach),
    likes: num(row.likes),
    comments: num(row.comments),
    shares: num(row.shares),
    saves: num(row.saves),
    clicks: num(row.clicks),
    engagements: num(row.engagements),
  };
}

/** The weekday (0 = Monday) and hour of a timestamp column in `tz`. */
const weekdayOf = (column: SQL, tz: string) => sql`(extract(isodow from (${column} at time zone ${tz}))::int - 1)`;
const hourOf = (column: SQL, tz: string) => sql`extract(hour from (${column} at time zone ${tz}))::int`;

/**
 * What the Dashboard, Engagement, the weekly card and the best times read: the latest snapshot of each target
 * (post_metrics where is_latest) summed by publish day, and the accounts' follower readings. Every statement is
 * scoped to one workspace.
 */
export function createOverviewRepo(db: Db) {
  async function rows<T>(query: SQL): Promise<T[]> {
    return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  }

  return {
    async accountInWorkspace(workspaceId: string, accountId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: socialAccounts.id })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.id, accountId)))
        .limit(1);
      return row !== undefined;
    },

    /** Active accounts and posts waiting to go out. */
    async counts(workspaceId: string): Promise<{ connectedAccounts: number; scheduledPosts: number }> {
      const [row] = await rows<{ accounts: unknown; scheduled: unknown }>(sql`
        select
          (select count(*) from ${socialAccounts} s where s.workspace_id = ${workspaceId} and s.is_active) as accounts,
          (select count(*) from ${posts} p where p.workspace_id = ${workspaceId} and p.status = 'scheduled') as scheduled`);
      return { connectedAccounts: num(row?.accounts), scheduledPosts: num(row?.scheduled) };
    },

    /**
     * Followers of the workspace's active accounts: `now` (each account's latest count read, or its own
     * follower_count when never read), `before` (the latest count read on or before `day`, null when no
     * account had one) and `nowOfBefore` (today's followers of just the accounts that had a count then, so a
     * change compares the same accounts). A reading without a count (not available) is skipped.
     */
    async followers(
      workspaceId: string,
      day: string,
    ): Promise<{ now: number; before: number | null; nowOfBefore: number | null }> {
      const [row] = await rows<{ now: unknown; before: unknown; now_of_before: unknown }>(sql`
        select
          sum(coalesce(n.followers, s.follower_count)) as now,
          sum(p.followers) as before,
          sum(coalesce(n.followers, s.follower_count)) filter (where p.followers is not null) as now_of_before
        from ${socialAccounts} s
        left join lateral (
          select a.followers from account_metrics a
          where a.workspace_id = s.workspace_id and a.account_id = s.id and a.followers is not null
          order by a.day desc limit 1
        ) n on true
        left join lateral (
          select a.followers from account_metrics a
          where a.workspace_id = s.workspace_id and a.account_id = s.id and a.followers is not null
            and a.day <= ${day}::date
          order by a.day desc limit 1
        ) p on true
        where s.workspace_id = ${workspaceId} and s.is_active`);
      const nullable = (v: unknown) => (v === null || v === undefined ? null : Number(v));
      return { now: num(row?.now), before: nullable(row?.before), nowOfBefore: nullable(row?.now_of_before) };
    },

    /**
     * Sums per network of the targets published from `previousFrom` to the period's end: `current` tells those
     * of the period itself from those of the one before it. One scan of the partial index.
     */
    async networkSums(p: ResultsPeriod, previousFrom: string): Promise<NetworkSums[]> {
      const list = await rows<Record<string, unknown>>(sql`
        select m.platform, m.published_at >= ${dayStart(p.from, p.tz)} as current, ${SUMS}
        from post_metrics m
        where ${latestInPeriod(p, previousFrom, p.to)}
        group by 1, 2`);
      return list.map((r) => ({ platform: r.platform as Platform, current: r.current === true, ...sumsOf(r) }));
    },

    /** Sums per publish day (in the period's zone) of the period's targets; days without posts are absent. */
    async dailySums(p: ResultsPeriod): Promise<(FigureSums & { day: string })[]> {
      const list = await rows<Record<string, unknown>>(sql`
        select ${dayOf(sql`m.published_at`, p.tz)}::text as day, ${SUMS}
        from post_metrics m
        where ${latestInPeriod(p)}
        group by 1`);
      return list.map((r) => ({ day: String(r.day), ...sumsOf(r) }));
    },

    /** Engagements per publish weekday (in the zone) of the targets published from `previousFrom` to the end. */
    async weekdaySums(
      p: ResultsPeriod,
      previousFrom: string,
    ): Promise<{ weekday: number; current: boolean; engagements: number }[]> {
      const list = await rows<{ weekday: unknown; current: unknown; engagements: unknown }>(sql`
        select ${weekdayOf(sql`m.published_at`, p.tz)} as weekday, m.published_at >= ${dayStart(p.from, p.tz)} as current,
          sum(${ENGAGEMENTS_SQL}) as engagements
        from post_metrics m
        where ${latestInPeriod(p, previousFrom, p.to)}
        group by 1, 2`);
      return list.map((r) => ({
        weekday: num(r.weekday),
        current: r.current === true,
        engagements: num(r.engagements),
      }));
    },

    /** Posts, engagements and reach per publish weekday and hour (in the zone) of the period's targets. */
    async slotSums(
      p: ResultsPeriod,
    ): Promise<{ weekday: number; hour: number; posts: number; engagements: number; reach: number }[]> {
      const list = await rows<Record<string, unknown>>(sql`
        select ${weekdayOf(sql`m.published_at`, p.tz)} as weekday, ${hourOf(sql`m.published_at`, p.tz)} as hour,
          count(*) as posts, sum(${ENGAGEMENTS_SQL}) as engagements, sum(${REACH_SQL}) as reach
        from post_metrics m
        where ${latestInPeriod(p)}
        group by 1, 2`);
      return list.map((r) => ({
        weekday: num(r.weekday),
        hour: num(r.hour),
        posts: num(r.posts),
        engagements: num(r.engagements),
        reach: num(r.reach),
      }));
    },

    /** The figures missing on the period's targets (latest snapshots), and why, with how many targets. */
    async unavailable(
      p: ResultsPeriod,
    ): Promise<{ platform: Platform; metric: string; reason: string; count: number }[]> {
      const list = await rows<Record<string, unknown>>(sql`
        select m.platform, u.key as metric, u.value as reason, count(*) as count
        from post_metrics m cross join lateral jsonb_each_text(m.unavailable) u
        where ${latestInPeriod(p)}
        group by 1, 2, 3`);
      return list.map((r) => ({
        platform: r.platform as Platform,
        metric: String(r.metric),
        reason: String(r.reason),
        count: num(r.count),
      }));
    },

    /** The workspace's targets most recently published, with their latest figures, newest first. */
    async recent(workspaceId: string, limit: number) {
      return db
        .select({
          targetId: postMetrics.targetId,
          postId: postMetrics.postId,
          platform: postMetrics.platform,
          accountId: postMetrics.accountId,
          accountHandle: sql<string>`coalesce(${socialAccounts.username}, ${socialAccounts.displayName}, '')`,
          content: posts.content,
          publishedAt: postMetrics.publishedAt,
          capturedAt: postMetrics.capturedAt,
          views: postMetrics.views,
          reach: postMetrics.reach,
          likes: postMetrics.likes,
          comments: postMetrics.comments,
          shares: postMetrics.shares,
          saves: postMetrics.saves,
          clicks: postMetrics.clicks,
          videoViews: postMetrics.videoViews,
          unavailable: postMetrics.unavailable,
        })
        .from(postMetrics)
        .innerJoin(posts, eq(posts.id, postMetrics.postId))
        .innerJoin(socialAccounts, eq(socialAccounts.id, postMetrics.accountId))
        .where(and(eq(postMetrics.workspaceId, workspaceId), eq(postMetrics.isLatest, true)))
        .orderBy(desc(postMetrics.publishedAt), desc(postMetrics.targetId))
        .limit(limit);
    },
  };
}

export type OverviewRepo = ReturnType<typeof createOverviewRepo>;
