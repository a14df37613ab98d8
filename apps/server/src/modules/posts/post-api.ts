import { type FirstCommentStatus, type Platform, type Post, type PostStatus, wallClock } from "@app/shared";
import type { RealtimeHub } from "../../realtime/hub";
import type { PostForApi, PostWithTargets } from "./posts.repo";

/** A post as the API and the realtime stream show it. */
export function toApiPost(row: PostForApi): Post {
  const { date, time } = wallClock(row.scheduledAt, row.timezone);
  return {
    id: row.id,
    authorId: row.userId,
    content: row.content,
    hashtags: row.hashtags,
    mentions: row.mentions,
    media: row.media,
    options: row.options,
    facebookPageId: row.facebookPageId,
    status: row.status as PostStatus,
    scheduledAt: row.scheduledAt.toISOString(),
    timezone: row.timezone,
    scheduledDate: date,
    scheduledTime: time,
    platforms: [...new Set(row.targets.map((t) => t.platform as Platform))],
    targets: row.targets.map((t) => ({
      id: t.id,
      accountId: t.accountId,
      platform: t.platform as Platform,
      pageId: t.pageId,
      status: t.status as Post["targets"][number]["status"],
      lastError: t.lastError,
      notice: t.notice ?? null,
      externalUrl: t.externalUrl,
      publishedAt: t.publishedAt?.toISOString() ?? null,
      firstComment: t.firstCommentStatus
        ? {
            status: t.firstCommentStatus as FirstCommentStatus,
            url: t.firstCommentUrl ?? null,
            error: t.firstCommentError ?? null,
          }
        : null,
    })),
    campaignId: row.campaignId,
    variants: row.variants,
    firstComment: row.firstComment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Tells the post's workspace (every open tab of its members) that it changed; when it is due now (publish
 * now, a time already past, a retry) the publishing workers take it at once, not at their next poll.
 */
export function broadcastPost(
  hub: RealtimeHub,
  now: () => Date,
  row: PostWithTargets,
  action: "insert" | "update" | "delete",
) {
  hub.publish(row.workspaceId, { name: "posts", data: { type: "posts.changed", action, post: toApiPost(row) } });
  if (row.targets.some((t) => t.status === "pending" && t.nextAttemptAt && t.nextAttemptAt <= now())) hub.due();
}
