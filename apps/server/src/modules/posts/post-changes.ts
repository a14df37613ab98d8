import {
  APPROVAL_MESSAGES,
  type CreatePostBody,
  type Platform,
  POST_MESSAGES,
  type PostHistoryAction,
  type PostStatus,
  type SAVE_STATUSES,
  type UpdatePostBody,
  wallClock,
} from "@app/shared";
import { AppError } from "../../http/errors";
import type { PostWithTargets } from "./posts.repo";

/** Everything a post is written with, after defaults: what the rules check and the rows are made of. */
export interface Written {
  content: string;
  hashtags: string[];
  mentions: string[];
  accountIds: string[];
  facebookPageId: string | null;
  media: CreatePostBody["media"];
  scheduledDate: string;
  scheduledTime: string;
  timezone: string;
  status: (typeof SAVE_STATUSES)[number];
  options: CreatePostBody["options"];
  /** the campaign it belongs to (one of its workspace's), or null */
  campaignId: string | null;
  /** networks with their own text, hashtags and media (issue 23) */
  variants: CreatePostBody["variants"];
  /** posted as a comment right after the post where the network allows it; "" none */
  firstComment: string;
}

/**
 * Already taken by a worker, and going out or done with (out, or refused by a network): what "publish now"
 * asks for is happening or has happened. A post due now is often taken before its "publish now" arrives.
 */
export const goingOut = (post: { status: string }) =>
  post.status === "publishing" ||
  post.status === "published" ||
  post.status === "partially_published" ||
  post.status === "failed";

/** JSON with sorted keys: PostgreSQL's jsonb keeps its own key order, not the one written. */
export const stable = (v: unknown): string =>
  JSON.stringify(v, (_, x) =>
    x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x,
  );

export const notEditable = () => new AppError(409, "POST_NOT_EDITABLE", POST_MESSAGES.notEditable);
export const notPending = () => new AppError(409, "NOT_PENDING", APPROVAL_MESSAGES.notPending);
/** A member whose posts need approval tried to schedule or publish one: they submit it instead. */
export const submitInstead = () => new AppError(403, "NEEDS_APPROVAL", APPROVAL_MESSAGES.needsApproval);

/** The right saving a post with each status needs (a change of an existing post: see assertMaySave). */
export const SAVE_PERMISSION = { draft: "draft", pending_approval: "submit", scheduled: "schedule" } as const;

export const platformsOf = (post: PostWithTargets) => [...new Set(post.targets.map((t) => t.platform as Platform))];

/** The post as a change would leave it: what is sent over what it has; a new date alone keeps the time. */
export function writtenFrom(existing: PostWithTargets, changes: UpdatePostBody, status: Written["status"]): Written {
  const was = wallClock(existing.scheduledAt, existing.timezone);
  return {
    content: changes.content ?? existing.content,
    hashtags: changes.hashtags ?? existing.hashtags,
    mentions: changes.mentions ?? existing.mentions,
    accountIds: changes.accountIds ?? existing.targets.map((t) => t.accountId),
    facebookPageId: changes.facebookPageId !== undefined ? changes.facebookPageId : existing.facebookPageId,
    media: changes.media ?? existing.media,
    scheduledDate: changes.scheduledDate ?? was.date,
    scheduledTime: changes.scheduledTime ?? was.time,
    timezone: changes.timezone ?? existing.timezone,
    status,
    options: changes.options ?? existing.options,
    campaignId: changes.campaignId !== undefined ? changes.campaignId : existing.campaignId,
    variants: changes.variants ?? existing.variants,
    firstComment: changes.firstComment ?? existing.firstComment,
  };
}

/** The post's date and time as its history names them (a scheduling's or an approval's detail). */
export const whenOf = (w: { scheduledDate: string; scheduledTime: string; timezone: string }) =>
  `${w.scheduledDate} ${w.scheduledTime} (${w.timezone})`;

/**
 * What a save did, for the post's history: submitting, approving (a pending post scheduled) and scheduling
 * are named as such; any other change is an edit.
 */
export function savedAs(before: PostStatus, after: Written["status"]): PostHistoryAction {
  if (after === "pending_approval") return before === "pending_approval" ? "edited" : "submitted";
  if (after === "scheduled" && before === "pending_approval") return "approved";
  if (after === "scheduled" && before !== "scheduled") return "scheduled";
  return "edited";
}
