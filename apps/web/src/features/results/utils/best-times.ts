import { type BestTimesResponse, wallClock, weekdayLabel } from "@app/shared";
import { addDays } from "@/lib/time-zone";

type Cell = BestTimesResponse["cells"][number];

/** "10:00" */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** "Tue 10:00" (weekday 0 is Monday) */
export const slotLabel = (weekday: number, hour: number) => `${weekdayLabel(weekday)} ${hourLabel(hour)}`;

/** "4.2%", "12.35%" */
export const formatRate = (rate: number) => `${rate.toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;

/**
 * What one heatmap cell says to assistive technology (and on hover): "Tue 10:00: 12 posts, 4.2% engagement
 * rate". The general default has no posts behind it: it gives its score instead.
 */
export function cellLabel(cell: Cell, source: BestTimesResponse["source"]): string {
  const slot = slotLabel(cell.weekday, cell.hour);
  if (source === "general") return `${slot}: general guidance, score ${Math.round(cell.score * 100)} of 100`;
  if (cell.posts === 0) return `${slot}: no posts`;
  const posts = `${cell.posts} ${cell.posts === 1 ? "post" : "posts"}`;
  return `${slot}: ${posts}, ${cell.engagementRate === null ? "no reach measured" : `${formatRate(cell.engagementRate)} engagement rate`}`;
}

/** The 7 × 24 grid, Monday first, whatever order the cells came in (a missing cell scores 0). */
export function heatmapRows(cells: Cell[]): Cell[][] {
  const byKey = new Map(cells.map((c) => [c.weekday * 24 + c.hour, c]));
  return Array.from({ length: 7 }, (_, weekday) =>
    Array.from(
      { length: 24 },
      (_, hour) => byKey.get(weekday * 24 + hour) ?? { weekday, hour, score: 0, posts: 0, engagementRate: null },
    ),
  );
}

/** Weekday of a YYYY-MM-DD date, 0 = Monday. */
function weekdayOf(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/**
 * The next date and time (in `zone`) falling on `weekday` at `hour`:00: today when that hour is still ahead,
 * otherwise the coming one (a week ahead when it is today's and already gone).
 */
export function nextOccurrence(weekday: number, hour: number, now: Date, zone: string): { date: string; time: string } {
  const here = wallClock(now, zone);
  const time = hourLabel(hour);
  let days = (weekday - weekdayOf(here.date) + 7) % 7;
  if (days === 0 && time <= here.time) days = 7;
  return { date: addDays(here.date, days), time };
}

/** The best slots offered in the composer's time picker, and the zone their dates are counted in. */
export interface TimeSuggestions {
  slots: { weekday: number; hour: number }[];
  /** the general default, not the workspace's own results */
  general: boolean;
  zone: string;
}
