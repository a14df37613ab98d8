import type { FastifyReply } from "fastify";
import { commentId, type SandboxComment } from "../comments";
import { flat, type NetworkKit } from "../kit";
import { pageAt } from "../paging";
import { personOf } from "../people";
import type { PublishedItem } from "../publishing";
import type { Claims } from "../tokens";
import { allowed, COST, googleError, projectQuota } from "./youtube-common";

/**
 * YouTube Data API v3 comments (issue 21): commentThreads.list (a video's threads, with a few replies each),
 * commentThreads.insert (a new comment on a video), comments.list (all the replies of a thread), comments.insert (a reply) and comments.setModerationStatus (hold a
 * comment for review, publish it again). Every call needs youtube.force-ssl and is charged to the project's quota.
 */

/** The one scope Google's reference lists for the comment methods. */
export const COMMENT_SCOPES = ["https://www.googleapis.com/auth/youtube.force-ssl"] as const;
/** Replies a thread carries in its `replies` part; the rest come from comments.list. */
export const THREAD_REPLIES = 5;
const TEXT_MAX = 10_000;
const MODERATION = ["heldForReview", "published", "rejected"];

/** A thread's (its top-level comment's) id, like YouTube's: "Ug" then letters, 26 in all. */
export const youtubeThreadId = (key: string) => `Ug${commentId(key, { letters: 17 })}4AaABAg`;
/** A reply's id: its thread's id, a dot, then its own letters. */
export const youtubeReplyId = (threadId: string, key: string) => `${threadId}.${commentId(key, { letters: 22 })}`;

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] as string);

/** A video's comments as threads: each top-level comment with every comment under it, oldest first. */
interface Thread {
  id: string;
  top: SandboxComment;
  replies: { id: string; comment: SandboxComment }[];
}

export function youtubeComments(kit: NetworkKit) {
  const api = "www.googleapis.com/youtube/v3";
  const quota = projectQuota(kit);
  const known = kit.publishing.pending<string>("youtube", "comment-ids");

  /** A video's threads now; the audience does not see private videos, so only the account's own comments are on them. */
  function threadsOf(video: PublishedItem): Thread[] {
    const all = kit.comments
      .list(video, new Date(kit.now()))
      .filter((c) => video.visibility !== "private" || !c.key.startsWith("a:"));
    const byKey = new Map(all.map((c) => [c.key, c]));
    const topOf = (c: SandboxComment): SandboxComment => {
      let current = c;
      for (let i = 0; i < 100 && current.parentKey; i++) current = byKey.get(current.parentKey) ?? current;
      return current;
    };
    const threads = new Map<string, Thread>();
    for (const c of all.filter((x) => !x.parentKey)) {
      const id = youtubeThreadId(c.key);
      known.set(id, video.id);
      threads.set(c.key, { id, top: c, replies: [] });
    }
    // YouTube's replies are one level deep: an answer to a reply is a reply to the thread.
    for (const c of all.filter((x) => x.parentKey)) {
      const thread = threads.get(topOf(c).key);
      if (!thread) continue;
      const id = youtubeReplyId(thread.id, c.key);
      known.set(id, video.id);
      thread.replies.push({ id, comment: c });
    }
    return [...threads.values()];
  }

  /** The comment with this id, its video and thread (a reply's id starts with its thread's). */
  function find(id: string): { video: PublishedItem; thread: Thread; comment: SandboxComment } | undefined {
    const threadId = id.split(".")[0] as string;
    const hinted = known.get(id) ?? known.get(threadId);
    const videos = hinted ? [kit.publishing.find("youtube", hinted)] : kit.publishing.list("youtube");
    for (const video of videos) {
      if (!video) continue;
      const thread = threadsOf(video).find((t) => t.id === threadId);
      if (!thread) continue;
      if (thread.id === id) return { video, thread, comment: thread.top };
      const reply = thread.replies.find((r) => r.id === id);
      if (reply) return { video, thread, comment: reply.comment };
    }
    return undefined;
  }

  /** A comment resource; the channel's owner also sees its moderation status. */
  function resource(
    video: PublishedItem,
    id: string,
    c: SandboxComment,
    o: { parentId?: string; owner: boolean; html: boolean },
  ) {
    const author = personOf("youtube", c.author.username);
    return {
      kind: "youtube#comment",
      etag: `etag-${id}`,
      id,
      snippet: {
        channelId: video.networkUserId,
        videoId: video.id,
        textDisplay: o.html ? escapeHtml(c.text).replace(/\n/g, "<br>") : c.text,
        textOriginal: c.text,
        ...(o.parentId && { parentId: o.parentId }),
        authorDisplayName: `@${author.username}`,
        authorProfileImageUrl: kit.avatarUrl(author),
        authorChannelUrl: `http://www.youtube.com/@${author.username}`,
        authorChannelId: { value: author.id },
        canRate: true,
        viewerRating: "none",
        likeCount: 0,
        ...(o.owner && { moderationStatus: c.hidden ? "heldForReview" : "published" }),
        publishedAt: c.at.toISOString(),
        updatedAt: c.at.toISOString(),
      },
    };
  }

  const bad = (reply: FastifyReply, message: string, reason: string) =>
    reply.status(400).send(googleError(400, message, reason, "INVALID_ARGUMENT"));
  const notFound = (reply: FastifyReply, message: string, reason: string) =>
    reply.status(404).send(googleError(404, message, reason, "NOT_FOUND"));
  const forbidden = (reply: FastifyReply, message: string) =>
    reply.status(403).send(googleError(403, message, "forbidden", "PERMISSION_DENIED"));

  /** maxResults (1–100, default 20) and the page token of a list call. */
  function paging(q: Record<string, string | undefined>, reply: FastifyReply) {
    const max = Number(q.maxResults ?? 20);
    if (!Number.isInteger(max) || max < 1 || max > 100) {
      void bad(reply, "Invalid value for maxResults: it must be between 1 and 100.", "invalidParameter");
      return null;
    }
    return max;
  }

  const listBody = (kind: string, items: unknown[], next: string | null, max: number) => ({
    kind,
    etag: `etag-${kind}-${items.length}`,
    ...(next && { nextPageToken: next }),
    pageInfo: { totalResults: items.length, resultsPerPage: max },
    items,
  });

  kit.get(`${api}/commentThreads`, async (request, reply) => {
    const claims = allowed(kit, quota, request, reply, COMMENT_SCOPES, COST.list);
    if (!claims) return reply;
    const q = flat(request.query);
    const parts = new Set((q.part ?? "").split(",").filter(Boolean));
    if (parts.size === 0) return bad(reply, "No part parameter.", "required");
    if ([...parts].some((p) => !["id", "snippet", "replies"].includes(p)))
      return bad(reply, `Invalid part: ${q.part}`, "invalidPart");
    if (!q.videoId) return bad(reply, "The sandbox lists comment threads by videoId.", "missingRequiredParameter");
    const max = paging(q, reply);
    if (max === null) return reply;
    const video = kit.publishing.find("youtube", q.videoId);
    if (!video)
      return notFound(reply, "The video identified by the videoId parameter could not be found.", "videoNotFound");
    const owner = video.networkUserId === claims.userId;
    const status = q.moderationStatus ?? "published";
    if (!["published", "heldForReview", "likelySpam"].includes(status))
      return bad(reply, "Invalid value for moderationStatus.", "invalidParameter");
    // Only the channel's owner may list what is held back.
    if (status !== "published" && !owner)
      return forbidden(reply, "The comment thread's moderation status can only be listed by the channel's owner.");
    const html = (q.textFormat ?? "html") === "html";
    const threads = threadsOf(video)
      .filter((t) => (status === "published" ? !t.top.hidden : status === "heldForReview" && t.top.hidden))
      .reverse();
    const paged = pageAt(threads, max, q.pageToken);
    if (!paged) return bad(reply, "The request specifies an invalid page token.", "invalidPageToken");
    const items = paged.page.map((t) => {
      const shown = t.replies.filter((r) => !r.comment.hidden);
      return {
        kind: "youtube#commentThread",
        etag: `etag-${t.id}`,
        id: t.id,
        ...(parts.has("snippet") && {
          snippet: {
            channelId: video.networkUserId,
            videoId: video.id,
            topLevelComment: resource(video, t.id, t.top, { owner, html }),
            canReply: true,
            totalReplyCount: shown.length,
            isPublic: true,
          },
        }),
        ...(parts.has("replies") &&
          shown.length > 0 && {
            replies: {
              comments: shown
                .slice(-THREAD_REPLIES)
                .map((r) => resource(video, r.id, r.comment, { parentId: t.id, owner, html })),
            },
          }),
      };
    });
    return listBody("youtube#commentThreadListResponse", items, paged.next, max);
  });

  kit.get(`${api}/comments`, async (request, reply) => {
    const claims = allowed(kit, quota, request, reply, COMMENT_SCOPES, COST.list);
    if (!claims) return reply;
    const q = flat(request.query);
    if (!(q.part ?? "").split(",").includes("snippet") && !(q.part ?? "").split(",").includes("id"))
      return bad(reply, "No part parameter.", "required");
    if (!q.parentId) return bad(reply, "The sandbox lists comments by parentId.", "missingRequiredParameter");
    const max = paging(q, reply);
    if (max === null) return reply;
    const found = find(q.parentId);
    if (!found || found.thread.id !== q.parentId)
      return notFound(reply, "The comment identified by the parentId parameter could not be found.", "commentNotFound");
    const owner = found.video.networkUserId === claims.userId;
    const html = (q.textFormat ?? "html") === "html";
    const replies = found.thread.replies.filter((r) => !r.comment.hidden);
    const paged = pageAt(replies, max, q.pageToken);
    if (!paged) return bad(reply, "The request specifies an invalid page token.", "invalidPageToken");
    const items = paged.page.map((r) =>
      resource(found.video, r.id, r.comment, { parentId: found.thread.id, owner, html }),
    );
    return listBody("youtube#commentListResponse", items, paged.next, max);
  });

  kit.post(`${api}/comments`, async (request, reply) => {
    const claims = allowed(kit, quota, request, reply, COMMENT_SCOPES, COST.comment);
    if (!claims) return reply;
    const q = flat(request.query);
    if (!(q.part ?? "").split(",").includes("snippet"))
      return bad(reply, "'snippet' is required in part.", "invalidPart");
    const body = request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>) : {};
    const snippet = (body.snippet && typeof body.snippet === "object" ? body.snippet : {}) as Record<string, unknown>;
    const text = snippet.textOriginal;
    if (typeof text !== "string" || !text.trim())
      return bad(reply, "The comment's text is missing.", "invalidCommentMetadata");
    if ([...text].length > TEXT_MAX) return bad(reply, "The comment's text is too long.", "commentTextTooLong");
    if (typeof snippet.parentId !== "string")
      return bad(reply, "snippet.parentId is required.", "invalidCommentMetadata");
    const found = find(snippet.parentId);
    if (!found) return notFound(reply, "The specified parent comment could not be found.", "parentCommentNotFound");
    // Replies answer a thread: a reply's id is not a parent.
    if (found.thread.id !== snippet.parentId)
      return bad(reply, "A reply can only answer a top-level comment.", "operationNotSupported");
    const me = kit.person(claims);
    const written = kit.comments.write(found.video, {
      author: me,
      own: claims.userId === found.video.networkUserId,
      text,
      parentKey: found.thread.top.key,
      at: new Date(kit.now()),
    });
    const id = youtubeReplyId(found.thread.id, written.key);
    known.set(id, found.video.id);
    const owner = found.video.networkUserId === claims.userId;
    return resource(found.video, id, written, { parentId: found.thread.id, owner, html: false });
  });

  // commentThreads.insert: a new top-level comment on a video (the app's first comment under its own, issue 23).
  kit.post(`${api}/commentThreads`, async (request, reply) => {
    const claims = allowed(kit, quota, request, reply, COMMENT_SCOPES, COST.comment);
    if (!claims) return reply;
    const q = flat(request.query);
    if (!(q.part ?? "").split(",").includes("snippet"))
      return bad(reply, "'snippet' is required in part.", "invalidPart");
    const body = request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>) : {};
    const snippet = (body.snippet && typeof body.snippet === "object" ? body.snippet : {}) as Record<string, unknown>;
    if (typeof snippet.videoId !== "string" || !snippet.videoId)
      return bad(reply, "snippet.videoId is required.", "invalidCommentMetadata");
    const top = (
      snippet.topLevelComment && typeof snippet.topLevelComment === "object" ? snippet.topLevelComment : {}
    ) as { snippet?: { textOriginal?: unknown } };
    const text = top.snippet?.textOriginal;
    if (typeof text !== "string" || !text.trim())
      return bad(reply, "The comment's text is missing.", "invalidCommentMetadata");
    if ([...text].length > TEXT_MAX) return bad(reply, "The comment's text is too long.", "commentTextTooLong");
    const video = kit.publishing.find("youtube", snippet.videoId);
    if (!video)
      return notFound(reply, "The video identified by the videoId parameter could not be found.", "videoNotFound");
    // A private video is seen by its owner only: nobody else can comment on it.
    const owner = video.networkUserId === claims.userId;
    if (video.visibility === "private" && !owner)
      return forbidden(reply, "The comment thread could not be created: the video is private.");
    const written = kit.comments.write(video, {
      author: kit.person(claims),
      own: owner,
      text,
      parentKey: null,
      at: new Date(kit.now()),
    });
    const id = youtubeThreadId(written.key);
    known.set(id, video.id);
    return {
      kind: "youtube#commentThread",
      etag: `etag-${id}`,
      id,
      snippet: {
        channelId: video.networkUserId,
        videoId: video.id,
        topLevelComment: resource(video, id, written, { owner, html: false }),
        canReply: true,
        totalReplyCount: 0,
        isPublic: video.visibility !== "private",
      },
    };
  });

  kit.post(`${api}/comments/setModerationStatus`, async (request, reply) => {
    const claims = allowed(kit, quota, request, reply, COMMENT_SCOPES, COST.moderate);
    if (!claims) return reply;
    const q = flat(request.query);
    const status = q.moderationStatus ?? "";
    if (!MODERATION.includes(status)) return bad(reply, "Invalid moderationStatus.", "invalidModerationStatus");
    const ids = (q.id ?? "").split(",").filter(Boolean);
    if (ids.length === 0) return bad(reply, "No comment id.", "missingRequiredParameter");
    const targets: { key: string; video: PublishedItem }[] = [];
    for (const id of ids) {
      const found = find(id);
      if (!found) return notFound(reply, "The comment could not be found.", "commentNotFound");
      targets.push({ key: found.comment.key, video: found.video });
    }
    if (targets.some((t) => !mayModerate(t.video, claims)))
      return forbidden(
        reply,
        "The comment could not be moderated: only the channel's owner may moderate its comments.",
      );
    for (const t of targets) kit.comments.setHidden(t.key, status !== "published");
    return reply.status(204).send();
  });

  const mayModerate = (video: PublishedItem, claims: Claims) => video.networkUserId === claims.userId;
}
