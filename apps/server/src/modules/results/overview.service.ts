import {
  BEST_TIME_DAYS,
  BEST_TIME_MIN_POSTS,
  BEST_TIME_SUGGESTIONS,
  type BestTimesResponse,
  changePercent,
  type DashboardResponse,
  type EngagementResponse,
  engagementRate,
  generalBestTimeScore,
  PLATFORMS,
  type Platform,
  RECENT_ENGAGEMENT_DETAILED_ITEMS,
  RESULTS_MESSAGES,
  type ResultsQuery,
  WEEKLY_CARD_WEEKS,
  type WeeklyEngagementResponse,
} from "@app/shared";
import type { Db } from "../../db/client";
import { notFound } from "../../http/errors";
import { planOf } from "../billing/plan.repo";
import type { Member } from "../workspaces/member";
import { createOverviewRepo, type NetworkSums, type OverviewRepo } from "./overview.repo";
import { addDays, advancedIsPremium, dayIn, resolveRange } from "./results.range";
import { addSums, emptySums, figureOf, isReason, toPostResult } from "./results.rows";

/** The period's totals and the previous period's, from the per-network sums. */
function totalsOf(sums: NetworkSums[]) {
  return {
    current: sums.filter((s) => s.current).reduce(addSums, emptySums()),
    previous: sums.filter((s) => !s.current).reduce(addSums, emptySums()),
  };
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const platformOrder = (p: string) => PLATFORMS.indexOf(p as Platform);
export function createOverviewService(deps: { db: Db; repo?: OverviewRepo; now?: () => Date }) {
  const { db } = deps;
  const repo = deps.repo ?? createOverviewRepo(db);
  const clock = deps.now ?? (() => new Date());
  const isPremium = async (workspaceId: string, now: Date) => (await planOf(db, workspaceId, now)) === "premium";

  return {
    /** The Dashboard: followers, accounts, scheduled posts, reach of the last 30 days, and the recent posts. */
    async dashboard(member: Member, tz: string): Promise<DashboardResponse> {
      const now = clock();
      const { workspaceId } = member;
      // The default range: the last 30 days ending today in `tz`, and the 30 before (never refused).
      const range = resolveRange({ tz }, now, true);
      const [counts, followers, sums, recent] = await Promise.all([
        repo.counts(workspaceId),
        repo.followers(workspaceId, addDays(dayIn(now, tz), -30)),
        repo.networkSums({ workspaceId, from: range.from, to: range.to, tz }, range.previousFrom),
        repo.recent(workspaceId, RECENT_ENGAGEMENT_DETAILED_ITEMS),
      ]);
      const reach = totalsOf(sums);
      return {
        cards: {
          // The value counts every active account; the change compares only the accounts that had a count 30
          // days ago (their followers now against theirs then), so a newly connected account is not a gain.
          followers: {
            value: followers.now,
            previous: followers.before,
            change: changePercent(followers.nowOfBefore, followers.before),
          },
          connectedAccounts: { value: counts.connectedAccounts },
          scheduledPosts: { value: counts.scheduledPosts },
          reach: figureOf(reach.current.reach, reach.previous.reach),
        },
        recent: recent.map(toPostResult),
      };
    },

    /** Engagement: the cards, per network and per day, for the range and filter asked. */
    async engagement(member: Member, query: ResultsQuery): Promise<EngagementResponse> {
      const now = clock();
      const { workspaceId } = member;
      const range = resolveRange(query, now, await isPremium(workspaceId, now));
      if (query.accountId && !(await repo.accountInWorkspace(workspaceId, query.accountId))) {
        throw notFound(RESULTS_MESSAGES.accountNotFound);
      }
      const period = {
        workspaceId,
        from: range.from,
        to: range.to,
        tz: range.tz,
        platform: query.platform,
        accountId: query.accountId,
      };
      const [sums, daily, unavailable] = await Promise.all([
        repo.networkSums(period, range.previousFrom),
        repo.dailySums(period),
        repo.unavailable(period),
      ]);
      const { current, previous } = totalsOf(sums);
      const rate = engagementRate(current.engagements, current.reach);
      const previousRate = engagementRate(previous.engagements, previous.reach);
      const byDay = new Map(daily.map((d) => [d.day, d]));
      const series: EngagementResponse["series"] = [];
      for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
        const d = byDay.get(day) ?? emptySums();
        series.push({
          day,
          likes: d.likes,
          comments: d.comments,
          shares: d.shares,
          saves: d.saves,
          engagements: d.engagements,
        });
      }
      return {
        range,
        cards: {
          engagements: figureOf(current.engagements, previous.engagements),
          engagementRate: figureOf(rate, previousRate),
          comments: figureOf(current.comments, previous.comments),
          likes: figureOf(current.likes, previous.likes),
        },
        networks: sums
          .filter((s) => s.current)
          .sort((a, b) => platformOrder(a.platform) - platformOrder(b.platform))
          .map((s) => ({
            platform: s.platform,
            posts: s.posts,
            likes: s.likes,
            comments: s.comments,
            shares: s.shares,
            saves: s.saves,
            engagements: s.engagements,
            reach: s.reach,
            engagementRate: engagementRate(s.engagements, s.reach),
          })),
        series,
        unavailable: unavailable
          .flatMap((u) => (isReason(u.reason) ? [{ ...u, reason: u.reason }] : []))
          .sort(
            (a, b) =>
              platformOrder(a.platform) - platformOrder(b.platform) ||
              compare(a.metric, b.metric) ||
              compare(a.reason, b.reason),
          ),
      };
    },

    /** The weekly card: engagements by publish weekday over the last 4 weeks, against the 4 weeks before. */
    async weekly(member: Member, tz: string): Promise<WeeklyEngagementResponse> {
      const days = WEEKLY_CARD_WEEKS * 7;
      const to = dayIn(clock(), tz);
      const from = addDays(to, -(days - 1));
      const sums = await repo.weekdaySums({ workspaceId: member.workspaceId, from, to, tz }, addDays(from, -days));
      const byWeekday = Array.from({ length: 7 }, (_, weekday) => ({ weekday, engagements: 0 }));
      let total = 0;
      let previousTotal = 0;
      for (const s of sums) {
        if (s.current) {
          const day = byWeekday[s.weekday];
          if (day) day.engagements += s.engagements;
          total += s.engagements;
        } else {
          previousTotal += s.engagements;
        }
      }
      return {
        weeks: WEEKLY_CARD_WEEKS,
        days: byWeekday,
        total,
        previousTotal,
        change: changePercent(total, previousTotal),
      };
    },

    /** Best times (Premium): engagement rate by publish weekday and hour, or the general default. */
    async bestTimes(member: Member, tz: string): Promise<BestTimesResponse> {
      const now = clock();
      if (!(await isPremium(member.workspaceId, now))) throw advancedIsPremium();
      const to = dayIn(now, tz);
      const slots = await repo.slotSums({
        workspaceId: member.workspaceId,
        from: addDays(to, -(BEST_TIME_DAYS - 1)),
        to,
        tz,
      });
      const posts = slots.reduce((n, s) => n + s.posts, 0);
      const source = posts < BEST_TIME_MIN_POSTS ? "general" : "workspace";
      const bySlot = new Map(slots.map((s) => [s.weekday * 24 + s.hour, s]));
      const rawRate = (s: { engagements: number; reach: number } | undefined) =>
        s && s.reach > 0 ? s.engagements / s.reach : null;
      const bestRate = Math.max(0, ...slots.map((s) => rawRate(s) ?? 0));
      const cells = Array.from({ length: 7 * 24 }, (_, i) => {
        const weekday = Math.floor(i / 24);
        const hour = i % 24;
        const slot = bySlot.get(i);
        const rate = rawRate(slot);
        const score =
          source === "general"
            ? generalBestTimeScore(weekday, hour)
            : rate !== null && bestRate > 0
              ? Math.round((rate / bestRate) * 100) / 100
              : 0;
        return {
          weekday,
          hour,
          score,
          posts: slot?.posts ?? 0,
          engagementRate: slot ? engagementRate(slot.engagements, slot.reach) : null,
        };
      });
      const suggestions = cells
        .filter((c) => source === "general" || c.posts > 0)
        .sort((a, b) => b.score - a.score || b.posts - a.posts || a.weekday - b.weekday || a.hour - b.hour)
        .slice(0, BEST_TIME_SUGGESTIONS)
        .map(({ weekday, hour, score }) => ({ weekday, hour, score }));
      return { source, tz, posts, cells, suggestions };
    },
  };
}

export type OverviewService = ReturnType<typeof createOverviewService>;
