import type { NetworkKit } from "../kit";
import { followersOn, type PostFigures, postFigures } from "../metrics";
import type { Person } from "../people";
import type { PublishedItem } from "../publishing";

const DAY = 86_400_000;

/** A published item's figures at a moment (default: the sandbox's now), seeded by the network's id of it. */
export const figuresOf = (kit: NetworkKit, item: PublishedItem, at = kit.now()): PostFigures =>
  postFigures(item.platform, item.id, item.at, new Date(at));

/** The UTC day (YYYY-MM-DD) of a moment in ms. */
export const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The start, in ms, of a UTC day given as YYYY-MM-DD. */
export const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The UTC days from `first` to `last` (both included). */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = dayStart(first); t <= dayStart(last); t += DAY) out.push(utcDay(t));
  return out;
}

export const nextDay = (day: string) => utcDay(dayStart(day) + DAY);

/**
 * A person's followers on the sandbox's current day: their account's starting count drifting day by day, drawn
 * from the network's id of the account, so a test computes the same with `followersOn`.
 */
export const followersToday = (p: Person, now: number) => followersOn(p.platform, p.id, p.followers, utcDay(now));
