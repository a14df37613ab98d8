import {
  changePercent,
  engagementRate,
  engagementsOf,
  type Figure,
  METRIC_UNAVAILABLE_REASONS,
  type MetricUnavailableReason,
  type Platform,
  type PostResult,
  type PostTotals,
  reachOf,
} from "@app/shared";
import { oneLineStart } from "../../lib/text";

/** How much of a post's text names it in the results lists, the posts table and the export. */
export const RESULT_EXCERPT_LENGTH = 80;

/** The start of a post's text on one line. */
export const resultExcerpt = (content: string | null) => oneLineStart(content, RESULT_EXCERPT_LENGTH);

export const isReason = (v: string): v is MetricUnavailableReason =>
  (METRIC_UNAVAILABLE_REASONS as readonly string[]).includes(v);

/** A stored map of missing figures, keeping the reasons the screens know (never a 500 for an odd row). */
export function knownReasons(raw: Record<string, string> | null): Partial<Record<string, MetricUnavailableReason>> {
  const known: Partial<Record<string, MetricUnavailableReason>> = {};
  for (const [metric, reason] of Object.entries(raw ?? {})) if (isReason(reason)) known[metric] = reason;
  return known;
}

/** A post on one network with its latest snapshot, as read from post_metrics. */
export interface PostResultRow {
  targetId: string;
  postId: string;
  platform: string;
  accountId: string;
  accountHandle: string;
  content: string | null;
  publishedAt: string | Date;
  capturedAt: string | Date;
  views: number | null;
  reach: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  saves: number | null;
  clicks: number | null;
  videoViews: number | null;
  unavailable: Record<string, string>;
}

const iso = (v: string | Date) => (typeof v === "string" ? v : v.toISOString());

/** A row of the posts table, the export and the recent engagement list. */
export function toPostResult(row: PostResultRow): PostResult {
  const engagements = engagementsOf(row);
  return {
    targetId: row.targetId,
    postId: row.postId,
    platform: row.platform as Platform,
    accountId: row.accountId,
    accountHandle: row.accountHandle,
    excerpt: resultExcerpt(row.content),
    publishedAt: iso(row.publishedAt),
    capturedAt: iso(row.capturedAt),
    views: row.views,
    reach: row.reach,
    likes: row.likes,
    comments: row.comments,
    shares: row.shares,
    saves: row.saves,
    clicks: row.clicks,
    videoViews: row.videoViews,
    engagements,
    engagementRate: engagementRate(engagements, reachOf(row)),
    unavailable: knownReasons(row.unavailable),
  };
}

/** Summed figures of the latest snapshots of a group of targets, and how many posts they are. */
export type FigureSums = Omit<PostTotals, "engagementRate">;

export const emptySums = (): FigureSums => ({
  posts: 0,
  views: 0,
  reach: 0,
  likes: 0,
  comments: 0,
  shares: 0,
  saves: 0,
  clicks: 0,
  engagements: 0,
});

export function addSums(a: FigureSums, b: FigureSums): FigureSums {
  return {
    posts: a.posts + b.posts,
    views: a.views + b.views,
    reach: a.reach + b.reach,
    likes: a.likes + b.likes,
    comments: a.comments + b.comments,
    shares: a.shares + b.shares,
    saves: a.saves + b.saves,
    clicks: a.clicks + b.clicks,
    engagements: a.engagements + b.engagements,
  };
}

/** The sums with their engagement rate. */
export const withRate = (s: FigureSums): PostTotals => ({
  ...s,
  engagementRate: engagementRate(s.engagements, s.reach),
});

/** A card's figure with the previous period's and the change between them. */
export const figureOf = (value: number | null, previous: number | null): Figure => ({
  value,
  previous,
  change: changePercent(value, previous),
});
