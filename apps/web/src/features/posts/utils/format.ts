import type { Post } from "@app/shared";
import { dayIn, formatDate, formatDateTime, formatPlainDate, formatTime, isValidInstant } from "@/lib/time-zone";

/** "06:00" → "6:00 AM" */
export function timeLabel(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  const suffix = h < 12 ? "AM" : "PM";
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${suffix}`;
}

type PostMoment = Pick<Post, "scheduledAt" | "scheduledDate" | "scheduledTime">;

/**
 * The spec's 'MMM dd, yyyy at HH:mm' in the zone the user sees times in; a date that cannot be formatted
 * falls back to 'date at time' (the post's own).
 */
export function formatPostMoment(post: PostMoment, zone: string): string {
  if (!isValidInstant(post.scheduledAt)) return `${post.scheduledDate} at ${post.scheduledTime}`;
  return formatDateTime(post.scheduledAt, zone);
}

/**
 * A post keeps the zone it was scheduled in. Where that is not the zone shown, its own time, said short:
 * "09:00 in Europe/Paris" ("Mar 12, 09:00 in Asia/Tokyo" when its day is another); else null.
 */
export function postZoneHint(post: PostMoment & Pick<Post, "timezone">, zone: string): string | null {
  if (post.timezone === zone || !isValidInstant(post.scheduledAt)) return null;
  const sameDay = dayIn(post.scheduledAt, zone) === post.scheduledDate;
  const day = sameDay ? "" : `${formatPlainDate(post.scheduledDate, { year: false })}, `;
  return `${day}${post.scheduledTime} in ${post.timezone}`;
}

/** The date and time apart (for the messages that take them so), in the zone shown, with the post's own as a hint. */
export function postMomentParts(
  post: PostMoment & Pick<Post, "timezone">,
  zone: string,
): { date: string; time: string; hint: string | null } {
  if (!isValidInstant(post.scheduledAt)) {
    return { date: formatPlainDate(post.scheduledDate), time: post.scheduledTime, hint: null };
  }
  return {
    date: formatDate(post.scheduledAt, zone),
    time: formatTime(post.scheduledAt, zone),
    hint: postZoneHint(post, zone),
  };
}
