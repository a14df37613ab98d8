import type { CalendarText } from "@app/shared";

/** The month grid always shows six weeks, from the Sunday on or before the 1st. */
const GRID_DAYS = 42;

/**
 * The range the calendar's month grid shows around a day (the same instants FullCalendar reports: local
 * midnights), so its posts can be asked for before the calendar itself has loaded. Plain dates, no library:
 * the router, in the first download, uses it.
 */
export function monthGridRange(day: Date): { from: string; to: string } {
  const first = new Date(day.getFullYear(), day.getMonth(), 1);
  const start = new Date(first.getFullYear(), first.getMonth(), 1 - first.getDay());
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate() + GRID_DAYS);
  return { from: start.toISOString(), to: end.toISOString() };
}

/** The calendar's read of a range, as a path. */
export function calendarPath(range: { from: string; to: string; text: CalendarText }): string {
  return `/api/posts/calendar?${new URLSearchParams({ from: range.from, to: range.to, text: range.text })}`;
}
