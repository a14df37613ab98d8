import type { PostsTableSort } from "@app/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";
import { accountMetrics, postMetrics, posts, postTargets, socialAccounts } from "../../db/schema";
import type { ResultsPeriod } from "./results.range";
import type { FigureSums, PostResultRow } from "./results.rows";
import { dayEnd, dayOf, dayStart, ENGAGEMENTS_SQL, FIGURE_SUMS_SQL, latestInPeriod, REACH_SQL } from "./results.sql";

/** The rows of a raw statement (PGlite and node-postgres both answer { rows }). */

/** A timestamp as ISO 8601 in UTC, written by the database (the same text on PGlite and PostgreSQL). */
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A post's text is cut to this before it reaches JavaScript (the excerpt needs far less). */
const CONTENT_READ = 2000;

/**
 * A group of figures: either one network's targets of the period (`current`) or of the previous one, with the
 * same missing figures (`platform` set, `day` null), or the period's targets published on one day (`day` set,
 * the other keys null).
 */
export interface FigureGroup extends FigureSums {
  platform: string | null;
  current: boolean | null;
  /** the missing figures as JSON text (grouped as text: cheaper than as jsonb, and the same groups) */
  unavailable: string | null;
  day: string | null;
}

/** Targets published, counted like FigureGroup: per network and period, or per day of the period. */
export interface PublishedGroup {
  platform: string | null;
  current: boolean | null;
  day: string | null;
  posts: number;
}

/** An active account of the filter with its follower counts around the period. */
export interface AccountRow {
  id: string;
  platform: string;
  handle: string;
  displayName: string | null;
  followerCount: number;
  /** the latest count read on or before the period's last day */
  followersAtEnd: number | null;
  /** the latest count read before the period's first day (on the previous period's last day) */
  followersBefore: number | null;
  /** the missing figures of its latest reading on or before the period's last day */
  unavailable: Record<string, string>;
}

/** A post on one network with its latest snapshot: a row of the posts table and of the export. */

export interface SnapshotRow {
  targetId: string;
  capturedAt: string;
  views: number | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  clicks: number | null;
  videoViews: number | null;
}

export interface HistoryTargetRow {
  targetId: string;
  platform: string;
  accountHandle: string;
  publishedAt: string | null;
  externalUrl: string | null;
  unavailable: Record<string, string> | null;
}

/** engagements ÷ reach in percent with 2 decimals (as rules/results.ts engagementRate), null without reach. */
const RATE_SQL = sql`(case when ${REACH_SQL} > 0 then round((${ENGAGEMENTS_SQL})::numeric * 100 / ${REACH_SQL}, 2) end)`;

const SORT_SQL: Record<PostsTableSort, SQL> = {
  publishedAt: sql`m.published_at`,
  views: sql`m.views`,
  reach: sql`m.reach`,
  likes: sql`m.likes`,
  comments: sql`m.comments`,
  shares: sql`m.shares`,
  saves: sql`m.saves`,
  clicks: sql`m.clicks`,
  engagements: ENGAGEMENTS_SQL,
  engagementRate: RATE_SQL,
};

const handleOf = sql`coalesce(s.username, s.display_name, '')`;

/** The account filter of a period over social_accounts (alias `s`): the workspace's active accounts. */
function accountsOf(p: ResultsPeriod): SQL {
  const conditions = [sql`s.workspace_id = ${p.workspaceId}`, sql`s.is_active`];
  if (p.platform) conditions.push(sql`s.platform = ${p.platform}`);
  if (p.accountId) conditions.push(sql`s.id = ${p.accountId}`);
  return sql.join(conditions, sql` and `);
}

/**
 * SQL of the Analytics screen. Every statement is scoped to the period's workspace; periods are days in the
 * period's zone, and post figures belong to the day their post went out.
 */
export function createAnalyticsRepo(db: Db) {
  return {
    /** Whether the account is one of the workspace's (connected now or not). */
    async hasAccount(workspaceId: string, accountId: string): Promise<boolean> {
      const res = await db.execute(
        sql`select 1 from ${socialAccounts} where id = ${accountId} and workspace_id = ${workspaceId} limit 1`,
      );
      return rowsOf(res).length > 0;
    },

    /**
     * The latest figures of the targets published from the previous period's first day to the period's last,
     * in one pass: summed per network, period and set of missing figures, and per day of the period. (Grouping
     * sets keep the answer to a few hundred rows whatever the range; a row per network and day was thousands.)
     */
    async figures(p: ResultsPeriod, previousFrom: string): Promise<FigureGroup[]> {
      const current = sql`m.published_at >= ${dayStart(p.from, p.tz)}`;
      const res = await db.execute(sql`
        select platform, current, unavailable, day::text as day, posts, views, reach, likes, comments, shares, saves,
          clicks, engagements
        from (
          select m.platform, ${current} as current, m.unavailable::text as unavailable,
            case when ${current} then ${dayOf(sql`m.published_at`, p.tz)} end as day, count(*)::int as posts,
            ${FIGURE_SUMS_SQL}
          from ${postMetrics} m
          where ${latestInPeriod(p, previousFrom, p.to)}
          group by grouping sets ((1, 2, 3), (4))
        ) x`);
      return rowsOf(res);
    },

    /**
     * The targets published (figures read or not) from the previous period's first day to the period's last,
     * counted per network and period, and per day of the period. A target's account is one of its post's
     * workspace (posts go out only to the workspace's own accounts): the accounts scope them, without reading
     * the posts.
     */
    async published(p: ResultsPeriod, previousFrom: string): Promise<PublishedGroup[]> {
      const current = sql`t.published_at >= ${dayStart(p.from, p.tz)}`;
      const conditions = [
        sql`t.account_id in (select s.id from ${socialAccounts} s where s.workspace_id = ${p.workspaceId})`,
        sql`t.status = 'published'`,
        sql`t.published_at >= ${dayStart(previousFrom, p.tz)}`,
        sql`t.published_at < ${dayEnd(p.to, p.tz)}`,
      ];
      if (p.platform) conditions.push(sql`t.platform = ${p.platform}`);
      if (p.accountId) conditions.push(sql`t.account_id = ${p.accountId}`);
      const res = await db.execute(sql`
        select platform, current, day::text as day, posts from (
          select t.platform, ${current} as current,
            case when ${current} then ${dayOf(sql`t.published_at`, p.tz)} end as day, count(*)::int as posts
          from ${postTargets} t
          where ${sql.join(conditions, sql` and `)}
          group by grouping sets ((1, 2), (3))
        ) x`);
      return rowsOf(res);
    },

    /** The active accounts of the filter, with their counts on the period's last day and before its first. */
    async accounts(p: ResultsPeriod): Promise<AccountRow[]> {
      const res = await db.execute(sql`
        select s.id, s.platform, ${handleOf} as handle, s.display_name as "displayName",
          s.follower_count as "followerCount", e.followers as "followersAtEnd", b.followers as "followersBefore",
          coalesce(u.unavailable, '{}'::jsonb) as unavailable
        from ${socialAccounts} s
        left join lateral (
          select a.followers from ${accountMetrics} a
          where a.account_id = s.id and a.day <= ${p.to}::date and a.followers is not null
          order by a.day desc limit 1) e on true
        left join lateral (
          select a.followers from ${accountMetrics} a
          where a.account_id = s.id and a.day < ${p.from}::date and a.followers is not null
          order by a.day desc limit 1) b on true
        left join lateral (
          select a.unavailable from ${accountMetrics} a
          where a.account_id = s.id and a.day <= ${p.to}::date
          order by a.day desc limit 1) u on true
        where ${accountsOf(p)}
        order by s.platform, lower(${handleOf}), s.id`);
      return rowsOf(res);
    },

    /**
     * How the summed followers of the filter's active accounts moved: for each day with a reading (and the day
     * before the period, carrying each account's last count before it), the change of the sum that day. Summed
     * day after day, it gives the followers as of each day, without a row per account and day. Each account's
     * changes are taken from its own readings in day order (its index gives them), then summed by day.
     */
    async followerSteps(p: ResultsPeriod): Promise<{ day: string; delta: number }[]> {
      const res = await db.execute(sql`
        with s as (
          select s.id, b.followers as before
          from ${socialAccounts} s
          left join lateral (
            select a.followers from ${accountMetrics} a
            where a.account_id = s.id and a.day < ${p.from}::date and a.followers is not null
            order by a.day desc limit 1) b on true
          where ${accountsOf(p)}
        ), d as (
          select ${p.from}::date - 1 as day, s.before as delta from s where s.before is not null
          union all
          select r.day, r.delta
          from s cross join lateral (
            select a.day, a.followers - coalesce(lag(a.followers) over (order by a.day), s.before, 0) as delta
            from ${accountMetrics} a
            where a.account_id = s.id and a.workspace_id = ${p.workspaceId}
              and a.day >= ${p.from}::date and a.day <= ${p.to}::date and a.followers is not null) r
        )
        select day::text as day, delta from (select day, sum(delta)::float8 as delta from d group by day) x
        order by day`);
      return rowsOf(res);
    },

    /** The targets published in the period that have figures, counted. */
    async countPostResults(p: ResultsPeriod): Promise<number> {
      const res = await db.execute(sql`select count(*)::int as n from ${postMetrics} m where ${latestInPeriod(p)}`);
      return rowsOf<{ n: number }>(res)[0]?.n ?? 0;
    },

    /**
     * The targets published in the period with their latest figures, in the table's order: by `sort` (a
     * missing figure last either way), then newest first, then by target.
     */
    async postResults(
      p: ResultsPeriod,
      order: { sort: PostsTableSort; order: "asc" | "desc" },
      limit: number,
      offset: number,
    ): Promise<PostResultRow[]> {
      const direction = order.order === "asc" ? sql`asc` : sql`desc`;
      const res = await db.execute(sql`
        select m.target_id as "targetId", m.post_id as "postId", m.platform, m.account_id as "accountId",
          ${handleOf} as "accountHandle", left(p.content, ${CONTENT_READ}::int) as content,
          ${iso(sql`m.published_at`)} as "publishedAt", ${iso(sql`m.captured_at`)} as "capturedAt",
          m.views, m.reach, m.likes, m.comments, m.shares, m.saves, m.clicks, m.video_views as "videoViews",
          ${ENGAGEMENTS_SQL} as engagements, m.unavailable
        from ${postMetrics} m
        join ${socialAccounts} s on s.id = m.account_id
        join ${posts} p on p.id = m.post_id
        where ${latestInPeriod(p)}
        order by ${SORT_SQL[order.sort]} ${direction} nulls last, m.published_at desc, m.target_id
        limit ${limit}::int offset ${offset}::int`);
      return rowsOf(res);
    },

    /** A post of the workspace (its text), or undefined. */
    async post(workspaceId: string, postId: string): Promise<{ id: string; content: string } | undefined> {
      const res = await db.execute(sql`
        select id, left(content, ${CONTENT_READ}::int) as content from ${posts}
        where id = ${postId} and workspace_id = ${workspaceId}`);
      return rowsOf<{ id: string; content: string }>(res)[0];
    },

    /** A post's published targets, first published first, with the missing figures of their latest snapshot. */
    async publishedTargets(workspaceId: string, postId: string): Promise<HistoryTargetRow[]> {
      const res = await db.execute(sql`
        select t.id as "targetId", t.platform, ${handleOf} as "accountHandle",
          ${iso(sql`t.published_at`)} as "publishedAt", t.external_url as "externalUrl",
          (select m.unavailable from ${postMetrics} m where m.target_id = t.id and m.is_latest limit 1) as unavailable
        from ${postTargets} t
        join ${posts} p on p.id = t.post_id
        join ${socialAccounts} s on s.id = t.account_id
        where t.post_id = ${postId} and p.workspace_id = ${workspaceId} and t.status = 'published'
        order by t.published_at nulls last, t.platform, t.id`);
      return rowsOf(res);
    },

    /** Every snapshot of a post, oldest first. */
    async snapshots(workspaceId: string, postId: string): Promise<SnapshotRow[]> {
      const res = await db.execute(sql`
        select m.target_id as "targetId", ${iso(sql`m.captured_at`)} as "capturedAt",
          m.views, m.reach, m.likes, m.comments, m.shares, m.saves, m.clicks, m.video_views as "videoViews"
        from ${postMetrics} m
        where m.post_id = ${postId} and m.workspace_id = ${workspaceId}
        order by m.captured_at, m.id`);
      return rowsOf(res);
    },
  };
}

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
