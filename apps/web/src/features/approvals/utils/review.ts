import type { Person, Post, PostHistoryAction } from "@app/shared";
import { format, formatDistanceToNow, isValid } from "date-fns";
import { formatDay, timeLabel } from "@/features/posts/utils/format";

/** Whether the post's own time has gone by: approving it then needs a new one (the server answers 409 otherwise). */
export const timeHasPassed = (post: Pick<Post, "scheduledAt">, now = new Date()) =>
  Date.parse(post.scheduledAt) <= now.getTime();

/** When the post goes out, on its own zone's clock as it was chosen: "Nov 25, 2026 at 9:00 AM (Europe/Paris)". */
export const postTimeInItsZone = (post: Pick<Post, "scheduledDate" | "scheduledTime" | "timezone">) =>
  `${formatDay(post.scheduledDate)} at ${timeLabel(post.scheduledTime)} (${post.timezone})`;

/** A person named in a thread or a history; null is someone no longer in the workspace, or the system's own step. */
export const personName = (person: Person | null, nobody = "A former member") =>
  person?.name || person?.email || nobody;

/** "Nov 25, 2026 14:05", for a comment's or a step's time. */
export function formatInstant(iso: string): string {
  const at = new Date(iso);
  return isValid(at) ? format(at, "MMM dd, yyyy HH:mm") : iso;
}

/** "5 minutes ago" */
export function timeAgo(iso: string): string {
  const at = new Date(iso);
  return isValid(at) ? formatDistanceToNow(at, { addSuffix: true }) : iso;
}

/** How the history names each step. */
export const HISTORY_LABELS: Record<PostHistoryAction, string> = {
  created: "Created",
  edited: "Edited",
  submitted: "Submitted for approval",
  approved: "Approved",
  rejected: "Changes requested",
  scheduled: "Scheduled",
  published: "Published",
  failed: "Failed",
};
