import { type SQL, sql } from "drizzle-orm";
import type { ResultsPeriod } from "./results.range";

/**
 * The one definition of each summed figure, in SQL over post_metrics (alias `m`): the same rules as
 * @app/shared's rules/results.ts (engagementsOf, reachOf), which the tests and the browser use.
 */
export const ENGAGEMENTS_SQL = sql`(coalesce(m.likes, 0) + coalesce(m.comments, 0) + coalesce(m.shares, 0) + coalesce(m.saves, 0))`;
export const REACH_SQL = sql`coalesce(m.reach, m.views, 0)`;

/** The summed figures of a group of snapshots (alias `m`), as plain numbers. */
export const FIGURE_SUMS_SQL = sql`sum(coalesce(m.views, 0))::float8 as views, sum(${REACH_SQL})::float8 as reach,
  sum(coalesce(m.likes, 0))::float8 as likes, sum(coalesce(m.comments, 0))::float8 as comments,
  sum(coalesce(m.shares, 0))::float8 as shares, sum(coalesce(m.saves, 0))::float8 as saves,
  sum(coalesce(m.clicks, 0))::float8 as clicks, sum(${ENGAGEMENTS_SQL})::float8 as engagements`;

/** The first instant of `day` in `tz`. */
export const dayStart = (day: string, tz: string): SQL => sql`((${day}::date)::timestamp at time zone ${tz})`;

/** The first instant after `day` in `tz` (a day is 23 or 25 hours long when the zone changes its clocks). */
export const dayEnd = (day: string, tz: string): SQL => sql`(((${day}::date) + 1)::timestamp at time zone ${tz})`;

/** The calendar day of a timestamp column in `tz`. */
export const dayOf = (column: SQL, tz: string): SQL => sql`((${column} at time zone ${tz})::date)`;

/**
 * The latest snapshot of each post on each network published in the period (alias `m`), for the period's
 * workspace and filter: `where` conditions to put after `from post_metrics m`. The partial index
 * post_metrics_latest_published_idx answers it.
 */
export function latestInPeriod(p: ResultsPeriod, from = p.from, to = p.to): SQL {
  const conditions = [
    sql`m.workspace_id = ${p.workspaceId}`,
    sql`m.is_latest`,
    sql`m.published_at >= ${dayStart(from, p.tz)}`,
    sql`m.published_at < ${dayEnd(to, p.tz)}`,
  ];
  if (p.platform) conditions.push(sql`m.platform = ${p.platform}`);
  if (p.accountId) conditions.push(sql`m.account_id = ${p.accountId}`);
  return sql.join(conditions, sql` and `);
}
