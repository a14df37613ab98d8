/**
 * Dates and times in a named time zone, with the browser's Intl only (the router uses these in the first
 * download). Which zone the signed-in user sees times in is `useDisplayTimeZone()` (use-display-time-zone.ts):
 * the profile's when chosen, else the browser's. Every screen formats with the helpers below, in that zone.
 */

/** The browser's IANA time zone: the one used when the profile has none. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Every IANA zone the browser knows, for a time zone select (the browser's own when it cannot list them). */
export function supportedTimeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return supported ? supported("timeZone") : [browserTimeZone()];
}

/** The zone times are shown in: the profile's when one is chosen, else the browser's. */
export const displayZoneOf = (profileZone: string | null | undefined) => profileZone || browserTimeZone();

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

// One formatter per zone: a month of posts is converted in a few milliseconds.
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of an instant in a zone. */
function wallClockIn(at: Date, zone: string): WallClock {
  let fmt = formatters.get(zone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      hourCycle: "h23",
    });
    formatters.set(zone, fmt);
  }
  const part: Record<string, number> = {};
  for (const p of fmt.formatToParts(at)) if (p.type !== "literal") part[p.type] = Number(p.value);
  return {
    year: part.year ?? 0,
    month: part.month ?? 1,
    day: part.day ?? 1,
    // Some engines write midnight as 24 even on a 23-hour cycle.
    hour: (part.hour ?? 0) % 24,
    minute: part.minute ?? 0,
  };
}

const pad = (n: number) => String(n).padStart(2, "0");

const toDate = (at: Date | string | number) => (at instanceof Date ? at : new Date(at));

/** True for an instant that can be shown (a date the server sent, or one computed here). */
export const isValidInstant = (at: Date | string | number) => !Number.isNaN(toDate(at).getTime());

/** What a helper shows for an instant it cannot read: the text it was given, else nothing. */
const unreadable = (at: Date | string | number) => (typeof at === "string" ? at : "");

/** The day of an instant in a zone, written YYYY-MM-DD (the calendar's key for a day). */
export function dayIn(at: Date | string | number, zone: string): string {
  const date = toDate(at);
  if (!isValidInstant(date)) return unreadable(at);
  const w = wallClockIn(date, zone);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
}

/** "09:05": the time of an instant in a zone, on the app's 24-hour clock. */
export function formatTime(at: Date | string | number, zone: string): string {
  const date = toDate(at);
  if (!isValidInstant(date)) return unreadable(at);
  const w = wallClockIn(date, zone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

/** "Mar 05, 2027": the day of an instant in a zone (the spec's 'MMM dd, yyyy'). */
export function formatDate(at: Date | string | number, zone: string): string {
  const day = dayIn(at, zone);
  return isValidInstant(at) ? formatPlainDate(day) : day;
}

/** "Mar 05, 2027 at 09:00": an instant in a zone (the spec's 'MMM dd, yyyy at HH:mm'). */
export function formatDateTime(at: Date | string | number, zone: string): string {
  if (!isValidInstant(at)) return unreadable(at);
  return `${formatDate(at, zone)} at ${formatTime(at, zone)}`;
}

/**
 * "2027-03-05" → "Mar 05, 2027" ("Mar 05" without the year): a calendar day that belongs to no zone (a
 * post's own date, a task's due date), never shifted. The text itself when it is not a date.
 */
export function formatPlainDate(yyyyMmDd: string, opts: { year?: boolean } = {}): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(yyyyMmDd);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return yyyyMmDd;
  return opts.year === false ? `${month} ${m[3]}` : `${month} ${m[3]}, ${m[1]}`;
}

/** A day (YYYY-MM-DD) moved by whole days, as on a wall calendar. */
export function addDays(yyyyMmDd: string, days: number): string {
  const [y = 0, m = 1, d = 1] = yyyyMmDd.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The weekday of a day (YYYY-MM-DD): 0 is Sunday. */
export const weekdayOf = (yyyyMmDd: string) => new Date(`${yyyyMmDd}T00:00:00Z`).getUTCDay();

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(ms: number, zone: string): number {
  const w = wallClockIn(new Date(ms), zone);
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute);
  return wall - (ms - (((ms % 60_000) + 60_000) % 60_000));
}

/**
 * The instant a day starts in a zone (its 00:00), as the calendar counts it. Where midnight happens twice
 * (a daylight-saving change at 00:00) it is the first one; where the zone's clock skips it, the day starts
 * at the first time that exists.
 */
export function startOfDayIn(yyyyMmDd: string, zone: string): Date {
  const [y = 0, m = 1, d = 1] = yyyyMmDd.split("-").map(Number);
  const wall = Date.UTC(y, m - 1, d);
  const guess = wall - offsetAt(wall, zone);
  // The offsets around that day: a change of offset is months away from the next one.
  const offsets = [offsetAt(guess - HALF_DAY, zone), offsetAt(guess, zone), offsetAt(guess + HALF_DAY, zone)];
  const fits = offsets
    .map((offset) => wall - offset)
    .filter((t) => {
      const w = wallClockIn(new Date(t), zone);
      return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) === wall;
    });
  // Skipped: read with the offset before the change, midnight lands just after the gap.
  return new Date(fits.length > 0 ? Math.min(...fits) : wall - (offsets[0] ?? 0));
}

const HALF_DAY = 12 * 3_600_000;
