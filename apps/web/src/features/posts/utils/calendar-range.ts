import type { CalendarText } from "@app/shared";
import { addDays, dayIn, startOfDayIn, weekdayOf } from "@/lib/time-zone";

/** The month grid always shows six weeks, from the Sunday on or before the 1st. */
const GRID_DAYS = 42;

/**
 * The range the calendar's month grid shows around a day (YYYY-MM-DD; today by default) in the zone it shows
 * times in: the same instants FullCalendar reports (that zone's midnights), so its posts can be asked for
 * before the calendar itself has loaded. No library: the router, in the first download, uses it.
 */
export function monthGridRange(zone: string, day = dayIn(new Date(), zone)): { from: string; to: string } {
  const first = `${day.slice(0, 8)}01`;
  const start = addDays(first, -weekdayOf(first));
  return {
    from: startOfDayIn(start, zone).toISOString(),
    to: startOfDayIn(addDays(start, GRID_DAYS), zone).toISOString(),
  };
}

/** The calendar's read of a range, as a path. */
export function calendarPath(range: { from: string; to: string; text: CalendarText }): string {
  return `/api/posts/calendar?${new URLSearchParams({ from: range.from, to: range.to, text: range.text })}`;
}
