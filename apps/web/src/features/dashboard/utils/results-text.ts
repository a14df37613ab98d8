import { formatDistanceStrict } from "date-fns";
import { formatChange } from "@/components/stat-card";

const count = new Intl.NumberFormat("en-US");

/** A count, or "—" when the network gave none. */
export const formatFigure = (n: number | null) => (n === null ? "—" : count.format(n));

/** An engagement rate: "4.2%", or "—" when nothing was reached. */
export const formatPercent = (rate: number | null) =>
  rate === null ? "—" : `${rate.toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;

/** The badge of a change against the previous period: "+12%", "−3.5%", or that there is nothing to compare. */
export const changeBadgeText = (change: number | null) =>
  change === null ? "No change to compare" : formatChange(change);

/** "3 hours ago", "2 days ago": when something happened, from `now`. */
export const timeAgo = (iso: string, now: Date = new Date()) => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  if (now.getTime() - at.getTime() < 60_000) return "just now";
  return formatDistanceStrict(at, now, { addSuffix: true });
};
