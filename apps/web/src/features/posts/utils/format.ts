import type { Post } from "@app/shared";
import { format, isValid, parse } from "date-fns";

/** "06:00" → "6:00 AM" */
export function timeLabel(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h < 12 ? "AM" : "PM";
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${suffix}`;
}

/** The spec's 'MMM dd, yyyy at HH:mm' in the browser's zone; a date that cannot be formatted falls back to 'date at time'. */
export function formatPostMoment(post: Pick<Post, "scheduledAt" | "scheduledDate" | "scheduledTime">): string {
  const at = new Date(post.scheduledAt);
  try {
    if (!isValid(at)) throw new RangeError("invalid date");
    return format(at, "MMM dd, yyyy 'at' HH:mm");
  } catch {
    return `${post.scheduledDate} at ${post.scheduledTime}`;
  }
}

/** "2026-11-25" → "Nov 25, 2026" (the text itself when it is not a date). */
export function formatDay(yyyyMmDd: string): string {
  const d = parse(yyyyMmDd, "yyyy-MM-dd", new Date());
  return isValid(d) ? format(d, "MMM dd, yyyy") : yyyyMmDd;
}
