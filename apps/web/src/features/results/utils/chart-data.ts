import {
  type AnalyticsResponse,
  type EngagementResponse,
  PLATFORM_LABELS,
  type Platform,
  type ResultsAccount,
} from "@app/shared";
import { formatShortDay } from "./format";

/** The analytics series with a label per day, for the charts and their tables. */
export const analyticsChartData = (series: AnalyticsResponse["series"]) =>
  series.map((p) => ({ ...p, label: formatShortDay(p.day) }));

/** The engagement series with a label per day. */
export const engagementChartData = (series: EngagementResponse["series"]) =>
  series.map((p) => ({ ...p, label: formatShortDay(p.day) }));

/** One bar group per network (its name as the label), busiest first; networks with no posts are left out. */
export function networkChartData<T extends { platform: Platform; posts: number; engagements: number }>(
  networks: T[],
): (T & { label: string })[] {
  return networks
    .filter((n) => n.posts > 0)
    .map((n) => ({ ...n, label: PLATFORM_LABELS[n.platform] }))
    .sort((a, b) => b.engagements - a.engagements || a.label.localeCompare(b.label));
}

/** True when a line of followers has at least one reading to draw. */
export const hasFollowerReadings = (series: AnalyticsResponse["series"]) => series.some((p) => p.followers !== null);

/** Nothing to show: no account in the filter and no post published in the period. */
export const analyticsIsEmpty = (data: Pick<AnalyticsResponse, "accounts" | "networks">) =>
  data.accounts.length === 0 && data.networks.every((n) => n.posts === 0);

/** No engagement yet: no post published in the period. */
export const engagementIsEmpty = (data: Pick<EngagementResponse, "networks">) =>
  data.networks.every((n) => n.posts === 0);

/** The accounts of the list, most followers first (unknown counts last). */
export const sortAccounts = (accounts: ResultsAccount[]) =>
  [...accounts].sort((a, b) => (b.followers ?? -1) - (a.followers ?? -1) || a.handle.localeCompare(b.handle));

/** Pages of a table: at least one. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
