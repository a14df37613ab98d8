import { followersOn } from "./metrics";
import type { Person } from "./people";

/** The sandbox's UTC day (YYYY-MM-DD) at `now` (ms): the day an account's follower count is read for. */
export const utcDay = (now: number) => new Date(now).toISOString().slice(0, 10);

/**
 * A person's followers on the sandbox's current day: their account's starting count drifting day by day, drawn
 * from the network's id of the account, so a test computes the same with `followersOn`.
 */
export const followersToday = (p: Person, now: number) => followersOn(p.platform, p.id, p.followers, utcDay(now));
