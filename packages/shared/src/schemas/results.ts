import { z } from "zod";
import { RESULTS_MESSAGES } from "../constants/messages";
import { METRIC_UNAVAILABLE_REASONS, RESULTS_MAX_DAYS, RESULTS_RANGE_PRESETS } from "../constants/metrics";
import { PLATFORMS } from "../constants/platforms";
import { isCalendarDate, isTimeZone } from "../rules/schedule-time";
import { singleLineText } from "./text";

/**
 * Results (issue 19): what the Dashboard, Analytics, Engagement, the weekly card and the best times read. Every
 * figure is computed on the server from the stored snapshots (post_metrics, account_metrics), never stored twice.
 * Days are calendar days in the browser's time zone (`tz`); weekday 0 is Monday.
 */

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const calendarDay = (label: string) =>
  singleLineText(label).refine(isCalendarDate, `${label}: use a date written YYYY-MM-DD.`);
const timeZone = singleLineText("Time zone").refine(isTimeZone, RESULTS_MESSAGES.zoneInvalid);

/** Days between two YYYY-MM-DD dates, both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The period and filter of a results screen: `days` (7, 30 or 90) ending today in `tz` (the server's today), or
 * `from` and `to`, both included; without either, the last 30 days. Free workspaces may look back 30 days at
 * most (403 PREMIUM_REQUIRED beyond).
 */
export const resultsQuerySchema = z
  .object({
    days: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .refine((n) => (RESULTS_RANGE_PRESETS as readonly number[]).includes(n), RESULTS_MESSAGES.daysInvalid)
        .optional(),
    ),
    from: z.preprocess(emptyToUndefined, calendarDay("From").optional()),
    to: z.preprocess(emptyToUndefined, calendarDay("To").optional()),
    tz: z.preprocess(emptyToUndefined, timeZone.default("UTC")),
    platform: z.preprocess(emptyToUndefined, z.enum(PLATFORMS).optional()),
    accountId: z.preprocess(emptyToUndefined, z.uuid({ error: RESULTS_MESSAGES.accountNotFound }).optional()),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    message: RESULTS_MESSAGES.rangeIncomplete,
    path: ["from"],
  })
  .refine((q) => q.days === undefined || q.from === undefined, {
    message: RESULTS_MESSAGES.daysOrDates,
    path: ["days"],
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: RESULTS_MESSAGES.rangeReversed, path: ["from"] })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) <= RESULTS_MAX_DAYS, {
    message: RESULTS_MESSAGES.rangeTooLong,
    path: ["from"],
  });
export type ResultsQuery = z.infer<typeof resultsQuerySchema>;
export type ResultsQueryInput = z.input<typeof resultsQuerySchema>;

/** The zone only: the weekly card and the best times always cover their own period. */
export const resultsZoneQuerySchema = z.object({ tz: z.preprocess(emptyToUndefined, timeZone.default("UTC")) });

export const POSTS_TABLE_SORTS = [
  "publishedAt",
  "views",
  "reach",
  "likes",
  "comments",
  "shares",
  "saves",
  "clicks",
  "engagements",
  "engagementRate",
] as const;
export type PostsTableSort = (typeof POSTS_TABLE_SORTS)[number];

/** GET /api/analytics/posts: the range and filter, the sort and the page (1-based). */
export const postsTableQuerySchema = z.intersection(
  resultsQuerySchema,
  z.object({
    sort: z.preprocess(emptyToUndefined, z.enum(POSTS_TABLE_SORTS).default("publishedAt")),
    order: z.preprocess(emptyToUndefined, z.enum(["asc", "desc"]).default("desc")),
    page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
  }),
);
export type PostsTableQuery = z.infer<typeof postsTableQuerySchema>;

/** The resolved period: its days (in `tz`) and the period of the same length just before it. */
export const resultsRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  days: z.number().int(),
  previousFrom: z.string(),
  previousTo: z.string(),
});
export type ResultsRange = z.infer<typeof resultsRangeSchema>;

/** A figure with the same figure over the previous period; change in percent (null: nothing to compare). */
export const figureSchema = z.object({
  value: z.number().nullable(),
  previous: z.number().nullable(),
  change: z.number().nullable(),
});
export type Figure = z.infer<typeof figureSchema>;

export const unavailableSchema = z.partialRecord(z.string(), z.enum(METRIC_UNAVAILABLE_REASONS));
/** A figure missing on a network, and why (scope, product, tier, network), with how many posts or accounts. */
export const unavailableNoteSchema = z.object({
  platform: z.enum(PLATFORMS),
  metric: z.string(),
  reason: z.enum(METRIC_UNAVAILABLE_REASONS),
  count: z.number().int(),
});
export type UnavailableNote = z.infer<typeof unavailableNoteSchema>;

/** Summed figures of posts (the latest snapshot of each post on each network). */
export const postTotalsSchema = z.object({
  posts: z.number().int(),
  views: z.number().int(),
  reach: z.number().int(),
  likes: z.number().int(),
  comments: z.number().int(),
  shares: z.number().int(),
  saves: z.number().int(),
  clicks: z.number().int(),
  engagements: z.number().int(),
  /** engagements ÷ reach in percent; null when nothing was reached */
  engagementRate: z.number().nullable(),
});
export type PostTotals = z.infer<typeof postTotalsSchema>;

export const resultsAccountSchema = z.object({
  id: z.string(),
  platform: z.enum(PLATFORMS),
  handle: z.string(),
  displayName: z.string().nullable(),
  /** the latest count on or before the period's last day (the account's own count when never read) */
  followers: z.number().int().nullable(),
  /** gained (or lost) over the period: null without a reading at its start */
  followersChange: z.number().int().nullable(),
  unavailable: unavailableSchema,
});
export type ResultsAccount = z.infer<typeof resultsAccountSchema>;

/** GET /api/analytics */
export const analyticsResponseSchema = z.object({
  range: resultsRangeSchema,
  cards: z.object({
    reach: figureSchema,
    engagementRate: figureSchema,
    followers: figureSchema,
    postsPublished: figureSchema,
  }),
  /** one point per day of the range, oldest first; posts published that day, followers as of that day */
  series: z.array(
    postTotalsSchema.pick({ posts: true, reach: true, engagements: true }).extend({
      day: z.string(),
      followers: z.number().int().nullable(),
    }),
  ),
  /** per network, the posts published in the range and the followers on its last day */
  networks: z.array(postTotalsSchema.extend({ platform: z.enum(PLATFORMS), followers: z.number().int().nullable() })),
  accounts: z.array(resultsAccountSchema),
  unavailable: z.array(unavailableNoteSchema),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;

/** GET /api/engagement */
export const engagementResponseSchema = z.object({
  range: resultsRangeSchema,
  cards: z.object({
    engagements: figureSchema,
    engagementRate: figureSchema,
    comments: figureSchema,
    likes: figureSchema,
  }),
  networks: z.array(
    postTotalsSchema
      .pick({ posts: true, likes: true, comments: true, shares: true, saves: true, engagements: true, reach: true })
      .extend({ platform: z.enum(PLATFORMS), engagementRate: z.number().nullable() }),
  ),
  series: z.array(
    postTotalsSchema
      .pick({ likes: true, comments: true, shares: true, saves: true, engagements: true })
      .extend({ day: z.string() }),
  ),
  unavailable: z.array(unavailableNoteSchema),
});
export type EngagementResponse = z.infer<typeof engagementResponseSchema>;

/** A post on one network with its latest figures (a row of the posts table, of the export, of recent engagement). */
export const postResultSchema = z.object({
  targetId: z.string(),
  postId: z.string(),
  platform: z.enum(PLATFORMS),
  accountId: z.string(),
  accountHandle: z.string(),
  /** the start of the post's text */
  excerpt: z.string(),
  publishedAt: z.string(),
  /** when the figures were read */
  capturedAt: z.string(),
  views: z.number().int().nullable(),
  reach: z.number().int().nullable(),
  likes: z.number().int().nullable(),
  comments: z.number().int().nullable(),
  shares: z.number().int().nullable(),
  saves: z.number().int().nullable(),
  clicks: z.number().int().nullable(),
  videoViews: z.number().int().nullable(),
  engagements: z.number().int(),
  engagementRate: z.number().nullable(),
  unavailable: unavailableSchema,
});
export type PostResult = z.infer<typeof postResultSchema>;

/** GET /api/analytics/posts (Premium) */
export const postsTableResponseSchema = z.object({
  range: resultsRangeSchema,
  rows: z.array(postResultSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PostsTableResponse = z.infer<typeof postsTableResponseSchema>;

/** One reading of a post on a network. */
export const metricSnapshotSchema = z.object({
  capturedAt: z.string(),
  views: z.number().int().nullable(),
  reach: z.number().int().nullable(),
  likes: z.number().int().nullable(),
  comments: z.number().int().nullable(),
  shares: z.number().int().nullable(),
  saves: z.number().int().nullable(),
  clicks: z.number().int().nullable(),
  videoViews: z.number().int().nullable(),
});
export type MetricSnapshot = z.infer<typeof metricSnapshotSchema>;

/** GET /api/analytics/posts/:postId (Premium): the post and every reading of it on each network, oldest first. */
export const postMetricHistoryResponseSchema = z.object({
  post: z.object({ id: z.string(), excerpt: z.string(), publishedAt: z.string().nullable() }),
  targets: z.array(
    z.object({
      targetId: z.string(),
      platform: z.enum(PLATFORMS),
      accountHandle: z.string(),
      publishedAt: z.string().nullable(),
      externalUrl: z.string().nullable(),
      unavailable: unavailableSchema,
      snapshots: z.array(metricSnapshotSchema),
    }),
  ),
});
export type PostMetricHistoryResponse = z.infer<typeof postMetricHistoryResponseSchema>;

/** GET /api/dashboard: the overview's four cards and the recent engagement list. */
export const dashboardResponseSchema = z.object({
  cards: z.object({
    /** now, compared with 30 days ago (the same accounts) */
    followers: figureSchema,
    connectedAccounts: z.object({ value: z.number().int() }),
    scheduledPosts: z.object({ value: z.number().int() }),
    /** the last 30 days against the 30 before */
    reach: figureSchema,
  }),
  /** the posts most recently published with figures, newest first (up to 10) */
  recent: z.array(postResultSchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;

/** GET /api/results/weekly: the Post Scheduler's weekly engagement card. */
export const weeklyEngagementResponseSchema = z.object({
  weeks: z.number().int(),
  /** Mon … Sun: engagements of the posts published that weekday over the last weeks */
  days: z.array(z.object({ weekday: z.number().int().min(0).max(6), engagements: z.number().int() })),
  total: z.number().int(),
  previousTotal: z.number().int(),
  change: z.number().nullable(),
});
export type WeeklyEngagementResponse = z.infer<typeof weeklyEngagementResponseSchema>;

/** GET /api/results/best-times (Premium): the weekday × hour heatmap and the best slots. */
export const bestTimesResponseSchema = z.object({
  /** "workspace": from its own results; "general": the labelled default, too few results yet */
  source: z.enum(["workspace", "general"]),
  tz: z.string(),
  /** posts with results counted (last 90 days) */
  posts: z.number().int(),
  /** 7 × 24 cells, Monday 00:00 first; score 0…1 (1 = the best slot) */
  cells: z.array(
    z.object({
      weekday: z.number().int().min(0).max(6),
      hour: z.number().int().min(0).max(23),
      score: z.number(),
      posts: z.number().int(),
      engagementRate: z.number().nullable(),
    }),
  ),
  /** the best slots, best first */
  suggestions: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), score: z.number() })),
});
export type BestTimesResponse = z.infer<typeof bestTimesResponseSchema>;
