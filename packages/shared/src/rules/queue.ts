import { wallClock, zonedInstant } from "./schedule-time";

/** A weekly time slot of the queue: an ISO weekday (1 Monday … 7 Sunday) and a wall-clock time, HH:MM. */
export interface WeeklySlot {
  weekday: number;
  time: string;
}

const DAY_MS = 86_400_000;
/** Zones move their clocks by whole quarters of an hour, by at most two hours (Antarctica/Troll). */
const QUARTER_MS = 15 * 60_000;
const LARGEST_SHIFT_MS = 2 * 3_600_000;

/** The ISO weekday (1 Monday … 7 Sunday) of a calendar day written YYYY-MM-DD. */
export function isoWeekday(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The calendar day `n` days after `date` (YYYY-MM-DD). */
export function addDays(date: string, n: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) + n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The instant a slot's wall-clock time stands for on a day, in a zone, on the days clocks change too:
 * - a time the zone skips (02:30 on a spring-forward day in Berlin or New York) is moved forward by the
 *   length of the gap: 02:30 → 03:30, the time a clock shows one hour (the gap) after 01:30 plus one;
 * - a time that happens twice (01:30 on a fall-back day in New York, 02:30 in Berlin) is the first of the
 *   two, the one before the clocks go back.
 */
export function slotInstant(date: string, time: string, zone: string): Date {
  const found = zonedInstant(date, time, zone);
  const same = (at: Date) => {
    const w = wallClock(at, zone);
    return w.date === date && w.time === time;
  };
  // Skipped: there is no earlier reading of the same wall clock to look for.
  if (!same(found)) return found;
  // Read twice: the earliest instant at which the clock showed this time.
  let earliest = found;
  for (let back = QUARTER_MS; back <= LARGEST_SHIFT_MS; back += QUARTER_MS) {
    const candidate = new Date(found.getTime() - back);
    if (same(candidate)) earliest = candidate;
  }
  return earliest;
}

/** The slots of a weekly schedule, each once, by weekday then time. */
export function sortedSlots(slots: readonly WeeklySlot[]): WeeklySlot[] {
  const seen = new Set<string>();
  const out: WeeklySlot[] = [];
  for (const s of slots) {
    const key = `${s.weekday} ${s.time}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ weekday: s.weekday, time: s.time });
  }
  return out.sort((a, b) => a.weekday - b.weekday || a.time.localeCompare(b.time));
}

/**
 * The next `count` instants of a weekly schedule strictly after `from`, soonest first, the slots read as
 * wall-clock times in `zone` (see slotInstant for the days clocks change; two slots that land on one instant
 * that day count once). Empty without slots.
 */
export function nextSlotInstants(slots: readonly WeeklySlot[], zone: string, from: Date, count: number): Date[] {
  const weekly = sortedSlots(slots);
  if (weekly.length === 0 || count <= 0) return [];
  const byWeekday = new Map<number, string[]>();
  for (const s of weekly) byWeekday.set(s.weekday, [...(byWeekday.get(s.weekday) ?? []), s.time]);
  const out: Date[] = [];
  const seen = new Set<number>();
  // The day before `from`'s wall-clock day too: nothing of it can be after `from`, but it costs one day.
  const start = addDays(wallClock(from, zone).date, -1);
  // Each week holds at least one instant, so this many days always suffice.
  const days = (Math.ceil(count / weekly.length) + 2) * 7;
  // A whole day at a time: on a day clocks change, a skipped slot moved forward may come after a later one.
  for (let i = 0; i < days && out.length < count; i++) {
    const date = addDays(start, i);
    for (const time of byWeekday.get(isoWeekday(date)) ?? []) {
      const at = slotInstant(date, time, zone);
      if (at.getTime() <= from.getTime() || seen.has(at.getTime())) continue;
      seen.add(at.getTime());
      out.push(at);
    }
  }
  return out.sort((a, b) => a.getTime() - b.getTime()).slice(0, count);
}

/**
 * The first instant of the schedule after `from` that is not taken (the instants of posts already queued),
 * or null without slots.
 */
export function nextFreeSlot(
  slots: readonly WeeklySlot[],
  zone: string,
  from: Date,
  taken: ReadonlySet<number>,
): Date | null {
  // Only the taken instants after `from` can push the answer back: one more than them is enough to look at.
  const later = [...taken].filter((t) => t > from.getTime()).length;
  return nextSlotInstants(slots, zone, from, later + 1).find((at) => !taken.has(at.getTime())) ?? null;
}

const dayFormat = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

/** "Tue, Dec 1" for a calendar day written YYYY-MM-DD. */
export function formatSlotDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return dayFormat.format(new Date(Date.UTC(y, m - 1, d)));
}

/** "Tue, Dec 1 at 09:00": a slot's day and time, as Add to queue says where a post went. */
export const formatSlot = (date: string, time: string) => `${formatSlotDay(date)} at ${time}`;
