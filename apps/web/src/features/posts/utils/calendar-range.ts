import { addDays, startOfMonth, startOfWeek } from "date-fns";
import type { PostsRange } from "./posts-cache";

/** The month grid always shows six weeks, from the Sunday on or before the 1st. */
const GRID_DAYS = 42;

/**
 * The range the calendar's month grid shows around a day (the same instants FullCalendar reports), so
 * its posts can be asked for before the calendar itself has loaded.
 */
export function monthGridRange(day: Date): PostsRange {
  const start = startOfWeek(startOfMonth(day), { weekStartsOn: 0 });
  return { from: start.toISOString(), to: addDays(start, GRID_DAYS).toISOString() };
}
