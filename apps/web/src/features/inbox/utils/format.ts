import type { InboxMessage } from "@app/shared";
import { dayIn, formatDate, formatDateTime, formatTime, isValidInstant } from "@/lib/time-zone";

/**
 * When a message was written, short, in the user's zone: the time on the day it is now there ("09:05"), the
 * day otherwise ("Mar 05, 2027"). `title` is the whole moment, for a tooltip.
 */
export function formatWhen(at: string, zone: string, now: Date = new Date()): { text: string; title: string } {
  if (!isValidInstant(at)) return { text: at, title: at };
  const text = dayIn(at, zone) === dayIn(now, zone) ? formatTime(at, zone) : formatDate(at, zone);
  return { text, title: formatDateTime(at, zone) };
}

/** "Ana Lopez (@ana)": the author's name with their handle, where the network has one. */
export function authorLabel(author: InboxMessage["author"]): string {
  const name = author.name.trim();
  const handle = author.handle?.trim();
  if (!handle) return name || "Someone";
  const bare = handle.replace(/^@/, "");
  return name && name.replace(/^@/, "") !== bare ? `${name} (@${bare})` : `@${bare}`;
}
