import {
  type AnalyticsResponse,
  engagementRate,
  PLATFORMS,
  type Platform,
  type PostMetricHistoryResponse,
  type PostResult,
  type PostsTableResponse,
  type PostsTableSort,
  RESULTS_MESSAGES,
  RESULTS_PAGE_SIZE,
  type ResultsQuery,
  type ResultsRange,
  type UnavailableNote,
} from "@app/shared";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import { planOf } from "../billing/plan.repo";
import type { Member } from "../workspaces/member";
import { type AccountRow, createAnalyticsRepo } from "./analytics.repo";
import { addDays, advancedIsPremium, dayIn, type ResultsPeriod, resolveRange } from "./results.range";
import {
  addSums,
  emptySums,
  type FigureSums,
  figureOf,
  isReason,
  knownReasons,
  resultExcerpt,
  toPostResult,
  withRate,
} from "./results.rows";

/** The export stops after this many rows. */
export const EXPORT_MAX_ROWS = 100_000;
/** Rows read per statement while the export streams. */
const EXPORT_BATCH = 1000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Adds summed figures without their post count (posts are counted from the targets, read or not). */
const addFigures = (into: FigureSums, f: FigureSums) => Object.assign(into, addSums(into, { ...f, posts: 0 }));

/** FigureSums of counts, or null when nothing was counted. */
function sumOrNull(values: (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
}

/**
 * The Analytics screen: figures summed from the latest snapshot of each post on each network (by the day it
 * went out, in the viewer's zone) and from the accounts' daily readings. Every member may read them; Free
 * reads the last 30 days, Premium its whole history, the per-post results and the export.
 */
export function createAnalyticsService(deps: { db: Db; now?: () => Date }) {
  const repo = createAnalyticsRepo(deps.db);
  const now = deps.now ?? (() => new Date());

  async function isPremium(workspaceId: string, at: Date) {
    return (await planOf(deps.db, workspaceId, at)) === "premium";
  }

  /** The range asked for (refused on Free beyond its days) and the filter, checked against the workspace. */
  async function periodOf(
    member: Member,
    query: ResultsQuery,
    at: Date,
    premium: boolean,
  ): Promise<{ range: ResultsRange; period: ResultsPeriod }> {
    const range = resolveRange(query, at, premium);
    if (query.accountId && !(await repo.hasAccount(member.workspaceId, query.accountId))) {
      throw notFound(RESULTS_MESSAGES.accountNotFound);
    }
    const period: ResultsPeriod = {
      workspaceId: member.workspaceId,
      from: range.from,
      to: range.to,
      tz: range.tz,
      platform: query.platform,
      accountId: query.accountId,
    };
    return { range, period };
  }

  /** The period of a Premium-only read (403 on Free before anything else). */
  async function premiumPeriodOf(member: Member, query: ResultsQuery) {
    const at = now();
    if (!(await isPremium(member.workspaceId, at))) throw advancedIsPremium();
    return periodOf(member, query, at, true);
  }

  return {
    async overview(member: Member, query: ResultsQuery): Promise<AnalyticsResponse> {
      const at = now();
      const { range, period } = await periodOf(member, query, at, await isPremium(member.workspaceId, at));
      const [figures, published, accounts, steps] = await Promise.all([
        repo.figures(period, range.previousFrom),
        repo.published(period, range.previousFrom),
        repo.accounts(period),
        repo.followerSteps(period),
      ]);

      // Posts and their figures: the period, the previous one, each network and each day of the period.
      const current = emptySums();
      const previous = emptySums();
      const byNetwork = new Map<string, FigureSums>();
      const byDay = new Map<string, FigureSums>();
      const sumsIn = (map: Map<string, FigureSums>, key: string) => {
        const sums = map.get(key) ?? emptySums();
        map.set(key, sums);
        return sums;
      };
      // What is missing from the period's posts, and why: a count per network, figure and reason.
      const postGaps: { platform: string; metric: string; reason: string; count: number }[] = [];
      for (const f of figures) {
        if (f.day !== null) addFigures(sumsIn(byDay, f.day), f);
        else if (f.platform === null) continue;
        else if (!f.current) addFigures(previous, f);
        else {
          addFigures(current, f);
          addFigures(sumsIn(byNetwork, f.platform), f);
          const missing: Record<string, unknown> = f.unavailable ? JSON.parse(f.unavailable) : {};
          for (const [metric, reason] of Object.entries(missing)) {
            postGaps.push({ platform: f.platform, metric, reason: String(reason), count: f.posts });
          }
        }
      }
      for (const p of published) {
        if (p.day !== null) sumsIn(byDay, p.day).posts += p.posts;
        else if (p.platform === null) continue;
        else if (!p.current) previous.posts += p.posts;
        else {
          current.posts += p.posts;
          sumsIn(byNetwork, p.platform).posts += p.posts;
        }
      }

      // Followers on the last day: readings, and on a period ending today an account never read counts its own count.
      const endsNow = range.to >= dayIn(at, range.tz);
      const followersAtEnd = (a: AccountRow) => a.followersAtEnd ?? (endsNow ? a.followerCount : null);
      const followersOf = (list: AccountRow[]) => {
        const sum = sumOrNull(list.map(followersAtEnd));
        return sum === null && endsNow ? 0 : sum;
      };

      // Followers day by day: each account's last count carried forward.
      const series: AnalyticsResponse["series"] = [];
      let running = 0;
      let read = false;
      let step = 0;
      for (let day = range.from, i = 0; i < range.days; i++, day = addDays(day, 1)) {
        for (; step < steps.length && (steps[step]?.day ?? "") <= day; step++) {
          running += steps[step]?.delta ?? 0;
          read = true;
        }
        const sums = byDay.get(day);
        series.push({
          day,
          posts: sums?.posts ?? 0,
          reach: sums?.reach ?? 0,
          engagements: sums?.engagements ?? 0,
          followers: read ? running : null,
        });
      }

      const networks = PLATFORMS.filter(
        (platform) => byNetwork.has(platform) || accounts.some((a) => a.platform === platform),
      ).map((platform) => ({
        platform,
        ...withRate(byNetwork.get(platform) ?? emptySums()),
        followers: followersOf(accounts.filter((a) => a.platform === platform)),
      }));

      // What is missing, and why: from the period's posts and the accounts' latest readings.
      const gaps = new Map<string, UnavailableNote>();
      const note = (platform: string, metric: string, reason: string, count: number) => {
        if (!isReason(reason)) return;
        const key = `${platform}\u0000${metric}\u0000${reason}`;
        const seen = gaps.get(key);
        if (seen) seen.count += count;
        else gaps.set(key, { platform: platform as Platform, metric, reason, count });
      };
      for (const g of postGaps) note(g.platform, g.metric, g.reason, g.count);
      for (const a of accounts) {
        for (const [metric, reason] of Object.entries(a.unavailable)) note(a.platform, metric, reason, 1);
      }
      const unavailable = [...gaps.values()].sort(
        (a, b) =>
          PLATFORMS.indexOf(a.platform) - PLATFORMS.indexOf(b.platform) ||
          a.metric.localeCompare(b.metric) ||
          a.reason.localeCompare(b.reason),
      );

      return {
        range,
        cards: {
          reach: figureOf(current.reach, previous.reach),
          engagementRate: figureOf(
            engagementRate(current.engagements, current.reach),
            engagementRate(previous.engagements, previous.reach),
          ),
          followers: figureOf(followersOf(accounts), sumOrNull(accounts.map((a) => a.followersBefore))),
          postsPublished: figureOf(current.posts, previous.posts),
        },
        series,
        networks,
        accounts: accounts.map((a) => ({
          id: a.id,
          platform: a.platform as Platform,
          handle: a.handle,
          displayName: a.displayName,
          followers: a.followersAtEnd ?? a.followerCount,
          followersChange:
            a.followersAtEnd !== null && a.followersBefore !== null ? a.followersAtEnd - a.followersBefore : null,
          unavailable: knownReasons(a.unavailable),
        })),
        unavailable,
      };
    },

    /** One page of the posts table (Premium). */
    async posts(
      member: Member,
      query: ResultsQuery & { sort: PostsTableSort; order: "asc" | "desc"; page: number },
    ): Promise<PostsTableResponse> {
      const { range, period } = await premiumPeriodOf(member, query);
      const [total, rows] = await Promise.all([
        repo.countPostResults(period),
        repo.postResults(period, query, RESULTS_PAGE_SIZE, (query.page - 1) * RESULTS_PAGE_SIZE),
      ]);
      return { range, rows: rows.map(toPostResult), total, page: query.page, pageSize: RESULTS_PAGE_SIZE };
    },

    /**
     * The export (Premium): checked before anything is sent, then every row of the table in its order, read
     * a batch at a time (at most EXPORT_MAX_ROWS).
     */
    async exportRows(
      member: Member,
      query: ResultsQuery & { sort: PostsTableSort; order: "asc" | "desc" },
    ): Promise<{ range: ResultsRange; rows: AsyncGenerator<PostResult> }> {
      const { range, period } = await premiumPeriodOf(member, query);
      async function* rows() {
        for (let offset = 0; offset < EXPORT_MAX_ROWS; offset += EXPORT_BATCH) {
          const batch = await repo.postResults(period, query, Math.min(EXPORT_BATCH, EXPORT_MAX_ROWS - offset), offset);
          for (const row of batch) yield toPostResult(row);
          if (batch.length < EXPORT_BATCH) return;
        }
      }
      return { range, rows: rows() };
    },

    /** A post's readings on each network it went out on, oldest first (Premium). */
    async history(member: Member, postId: string): Promise<PostMetricHistoryResponse> {
      if (!(await isPremium(member.workspaceId, now()))) throw advancedIsPremium();
      const post = UUID.test(postId) ? await repo.post(member.workspaceId, postId) : undefined;
      if (!post) throw notFound(RESULTS_MESSAGES.postNotFound);
      const [targets, snapshots] = await Promise.all([
        repo.publishedTargets(member.workspaceId, post.id),
        repo.snapshots(member.workspaceId, post.id),
      ]);
      const published = targets.map((t) => t.publishedAt).filter((at): at is string => at !== null);
      return {
        post: { id: post.id, excerpt: resultExcerpt(post.content), publishedAt: published.sort()[0] ?? null },
        targets: targets.map((t) => ({
          targetId: t.targetId,
          platform: t.platform as Platform,
          accountHandle: t.accountHandle,
          publishedAt: t.publishedAt,
          externalUrl: t.externalUrl,
          unavailable: knownReasons(t.unavailable),
          snapshots: snapshots.filter((s) => s.targetId === t.targetId).map(({ targetId: _, ...s }) => s),
        })),
      };
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
