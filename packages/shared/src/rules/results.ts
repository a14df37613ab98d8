import { WEEKDAY_LABELS } from "../constants/metrics";

/** The figures of one post on one network, as stored (null: not given). */
export interface PostFigures {
  views?: number | null;
  reach?: number | null;
  likes?: number | null;
  comments?: number | null;
  shares?: number | null;
  saves?: number | null;
}

/** Likes, comments, shares and saves (a figure the network does not give counts nothing). */
export function engagementsOf(f: PostFigures): number {
  return (f.likes ?? 0) + (f.comments ?? 0) + (f.shares ?? 0) + (f.saves ?? 0);
}

/** The people reached; where the network counts views only, its views. */
export function reachOf(f: PostFigures): number {
  return f.reach ?? f.views ?? 0;
}

/** Engagements ÷ reach, as a percentage with 2 decimals; null when nothing was reached. */
export function engagementRate(engagements: number, reach: number): number | null {
  if (reach <= 0) return null;
  return Math.round((engagements / reach) * 10_000) / 100;
}

/** The change from `previous` to `value` in percent (1 decimal); null when there is no previous figure to compare. */
export function changePercent(value: number | null, previous: number | null): number | null {
  if (value === null || previous === null || previous === 0) return null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}

/**
 * The general default of the best times to post, for a workspace without enough results of its own: a score
 * from 0 to 1 by weekday (0 = Monday) and hour, higher on weekday mornings and lunchtimes, lower at night.
 * Clearly labelled as general guidance wherever it is shown.
 */
export function generalBestTimeScore(weekday: number, hour: number): number {
  const weekdayFactor = weekday <= 3 ? 1 : weekday === 4 ? 0.85 : 0.6;
  const hourFactor =
    hour >= 9 && hour <= 11
      ? 1
      : hour >= 12 && hour <= 13
        ? 0.9
        : hour >= 17 && hour <= 19
          ? 0.75
          : hour >= 7 && hour <= 21
            ? 0.5
            : 0.1;
  return Math.round(weekdayFactor * hourFactor * 100) / 100;
}

export const weekdayLabel = (weekday: number) => WEEKDAY_LABELS[weekday] ?? "";
