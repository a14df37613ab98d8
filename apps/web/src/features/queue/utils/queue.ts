import {
  formatSlotDay,
  isoWeekday,
  QUEUE_WEEKDAY_NAMES,
  type QueueEntry,
  sortedSlots,
  type WeeklySlot,
} from "@app/shared";

/** "Tuesday", or "Tue", of an ISO weekday (1 Monday … 7 Sunday). */
export const weekdayName = (weekday: number, length: "short" | "long" = "long") =>
  QUEUE_WEEKDAY_NAMES[weekday]?.[length] ?? String(weekday);

/** The weekday of a slot's day, for a screen reader's label ("Tuesday, Dec 1 at 09:00"). */
export const slotLabel = (entry: Pick<QueueEntry, "date" | "time">) =>
  `${weekdayName(isoWeekday(entry.date))}, ${formatSlotDay(entry.date).replace(/^\w+, /, "")} at ${entry.time}`;

/** Whether a slot can still take a post: its time is ahead. */
export const isAhead = (entry: Pick<QueueEntry, "at">, now: Date) => new Date(entry.at).getTime() > now.getTime();

/**
 * Where Move up (-1) or Move down (+1) takes the post of `entries[index]`: the instant of the slot before or
 * after it (an empty one, or another post's, which then takes this one's place); null when there is none ahead,
 * or when this post's own slot has passed (a paused queue's post waits for the resume).
 */
export function moveTarget(entries: readonly QueueEntry[], index: number, direction: -1 | 1, now: Date): string | null {
  const entry = entries[index];
  const target = entries[index + direction];
  if (!entry?.post || !target || !isAhead(entry, now) || !isAhead(target, now)) return null;
  return target.at;
}

/** The slots of a schedule by ISO weekday, Monday first, each day's times in order. */
export function slotsByWeekday(slots: readonly WeeklySlot[]): { weekday: number; times: string[] }[] {
  const sorted = sortedSlots(slots);
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    times: sorted.filter((s) => s.weekday === weekday).map((s) => s.time),
  }));
}

/** A schedule with one more slot (each once, in order). */
export const withSlot = (slots: readonly WeeklySlot[], slot: WeeklySlot) => sortedSlots([...slots, slot]);

/** A schedule without one slot. */
export const withoutSlot = (slots: readonly WeeklySlot[], slot: WeeklySlot) =>
  slots.filter((s) => s.weekday !== slot.weekday || s.time !== slot.time);

/** A best time to post (weekday 0 Monday, an hour) as a weekly slot (ISO weekday, HH:00). */
export const bestTimeSlot = (best: { weekday: number; hour: number }): WeeklySlot => ({
  weekday: best.weekday + 1,
  time: `${String(best.hour).padStart(2, "0")}:00`,
});
