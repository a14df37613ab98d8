/** The queue's weekly time slots (issue 23). */

/** ISO weekdays, 1 Monday … 7 Sunday, as the slot editor lists them. */
export const QUEUE_WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const QUEUE_WEEKDAY_NAMES: Record<number, { short: string; long: string }> = {
  1: { short: "Mon", long: "Monday" },
  2: { short: "Tue", long: "Tuesday" },
  3: { short: "Wed", long: "Wednesday" },
  4: { short: "Thu", long: "Thursday" },
  5: { short: "Fri", long: "Friday" },
  6: { short: "Sat", long: "Saturday" },
  7: { short: "Sun", long: "Sunday" },
};

/** Time slots of one schedule (an account's, or the workspace's) at most: four a day, every day, and more. */
export const MAX_QUEUE_SLOTS = 100;
/** How many upcoming slots of each account the Queue screen lists by default (two weeks of two a day). */
export const QUEUE_DEFAULT_COUNT = 28;
export const QUEUE_MAX_COUNT = 200;
/** The start of a queued post's text the Queue screen shows. */
export const QUEUE_TEXT_LENGTH = 140;
/** The workspace's zone before anyone sets one (workspaces.time_zone's default). */
export const DEFAULT_QUEUE_TIME_ZONE = "UTC";
