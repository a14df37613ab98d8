import type { Person, Post, PostHistoryAction } from "@app/shared";
import { formatDistanceToNow, isValid } from "date-fns";

/** Whether the post's own time has gone by: approving it then needs a new one (the server answers 409 otherwise). */
export const timeHasPassed = (post: Pick<Post, "scheduledAt">, now = new Date()) =>
  Date.parse(post.scheduledAt) <= now.getTime();

/** A person named in a thread or a history; null is someone no longer in the workspace, or the system's own step. */
export const personName = (person: Person | null, nobody = "A former member") =>
  person?.name || person?.email || nobody;

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
