import { TZDate } from "@date-fns/tz";
import { endOfMonth, startOfMonth } from "date-fns";

export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True for a time zone name the runtime knows (an IANA name such as "Europe/Paris", or "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** True for a real calendar day written YYYY-MM-DD. */
export function isCalendarDate(date: string): boolean {
  if (!DATE_PATTERN.test(date)) return false;
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/**
 * The instant of a wall-clock date and time in a zone. A time that the zone skips (the hour lost when
 * daylight saving starts) moves forward to the first one that exists.
 */
export function zonedInstant(date: string, time: string, zone: string): Date {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const [hh, mm] = time.split(":").map(Number) as [number, number];
  return new Date(new TZDate(y, m - 1, d, hh, mm, 0, 0, zone).getTime());
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock date (YYYY-MM-DD) and time (HH:MM) of an instant in a zone. */
export function wallClock(instant: Date, zone: string): { date: string; time: string } {
  // One formatter per zone: lists of thousands of posts are converted in a few milliseconds.
  let fmt = wallClockFormats.get(zone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    wallClockFormats.set(zone, fmt);
  }
  const part: Record<string, string> = {};
  for (const p of fmt.formatToParts(instant)) part[p.type] = p.value;
  return { date: `${part.year}-${part.month}-${part.day}`, time: `${part.hour}:${part.minute}` };
}

/** Today's date (YYYY-MM-DD) in a zone. */
export const todayIn = (zone: string, now: Date = new Date()) => wallClock(now, zone).date;

/**
 * The calendar month containing `now` in `zone`: from the 1st at 00:00 to the last day at 23:59:59.999,
 * as instants. The Free plan counts posts created inside it.
 */
export function monthWindow(now: Date, zone: string): { start: Date; end: Date } {
  const local = new TZDate(now.getTime(), zone);
  return { start: new Date(startOfMonth(local).getTime()), end: new Date(endOfMonth(local).getTime()) };
}
