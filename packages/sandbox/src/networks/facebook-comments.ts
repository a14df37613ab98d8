import type { FastifyReply, FastifyRequest } from "fastify";
import { type CommentStore, commentId, type SandboxComment } from "../comments";
import { hasScope, isRefusal, type NetworkKit } from "../kit";
import { pageAt } from "../paging";
import type { PublishedItem } from "../publishing";
import type { Claims } from "../tokens";
import { missingPermission, missingReadEngagement, pagesOf } from "./facebook-pages";
import type { Photo } from "./facebook-publish";
import { graphError, graphPaging, graphParams, graphToken, graphTokenError, objectMissing, pickFields } from "./graph";

/**
 * Facebook's comments on Page posts (Graph API, Pages API): the `/comments` edge of a post or of a comment
 * (filter toplevel or stream, order, summary, cursors), a comment's own node, and what the Page does with a Page
 * token: comment or reply (POST /{id}/comments), like and unlike (/{comment-id}/likes), hide and unhide
 * (POST /{comment-id} is_hidden) and delete (DELETE /{comment-id}).
 *
 * Reading needs a Page token with pages_read_engagement and pages_read_user_content (a user token reads an
 * empty list, as Graph answers it for Page posts); acting needs pages_manage_engagement. Comment ids are
 * `{post-part}_{digits}`, the post part being the post id without its Page.
 */

/** The most characters of one comment. */
export const FACEBOOK_COMMENT_MAX = 8_000;
const DEFAULT_FIELDS = "created_time,from,message,id";

const graphTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "+0000");
const fail = (reply: FastifyReply, status: number, body: unknown) => reply.status(status).send(body);

/** The post's id without its Page: the first part of its comments' ids. */
const postPart = (item: PublishedItem) => item.id.split("_").pop() as string;

/** A sandbox comment's id on Facebook. */
export const facebookCommentId = (item: PublishedItem, key: string) =>
  `${postPart(item)}_${commentId(key, { digits: 16 })}`;

/** Graph's answer to a write on an id it does not know (or the caller may not act on). */
export const unsupported = (method: "post" | "delete", id: string) =>
  graphError(
    `(#100) Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    100,
    33,
    "GraphMethodException",
  );

const missingUserContent = (reply: FastifyReply) =>
  fail(reply, 403, graphError("(#283) Requires pages_read_user_content permission", 283));

/** `since` as Graph takes it: a unix time in seconds or a date; NaN when it is neither. */
function sinceParam(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (/^\d{1,12}$/.test(value)) return Number(value) * 1000;
  return /^\d{4}-\d\d-\d\d/.test(value) ? Date.parse(value) : Number.NaN;
}

/** The comments of the caller's post, and one of them found by its id. */
export function facebookCommentFinder(kit: NetworkKit) {
  const photos = kit.publishing.pending<Photo>("facebook", "photos");
  const store: CommentStore = kit.comments;

  /** The caller's published post with this id (a photo's id names its post too). */
  function post(claims: Claims, id: string): PublishedItem | undefined {
    const item = kit.publishing.find("facebook", photos.get(id)?.postId ?? id);
    if (!item || item.networkUserId !== claims.userId || item.visibility === "unpublished") return undefined;
    return item;
  }

  /** One comment of the caller's posts by its id, with the post and every comment of the post. */
  function comment(claims: Claims, id: string) {
    const m = /^(\d{1,25})_(\d{1,25})$/.exec(id);
    if (!m) return undefined;
    const now = new Date(kit.now());
    for (const item of kit.publishing.of("facebook", claims.userId)) {
      if (item.visibility === "unpublished" || postPart(item) !== m[1]) continue;
      const all = store.list(item, now);
      const found = all.find((c) => facebookCommentId(item, c.key) === id);
      if (found) return { item, comment: found, all };
    }
    return undefined;
  }

  return { post, comment };
}

/** Who a comment is from: the Page for the account's own, else the person who wrote it. */
function fromOf(kit: NetworkKit, claims: Claims, item: PublishedItem, c: SandboxComment) {
  if (!c.own) return { id: c.author.id, name: c.author.name };
  const page = pagesOf(kit.person(claims)).find((p) => p.id === item.pageId);
  return { id: item.pageId ?? "", name: page?.name ?? "" };
}

/** A comment node, with every field Graph gives the Page (`pick` keeps the ones asked). */
function node(kit: NetworkKit, claims: Claims, item: PublishedItem, c: SandboxComment, all: SandboxComment[]) {
  const id = facebookCommentId(item, c.key);
  const parent = c.parentKey ? all.find((p) => p.key === c.parentKey) : undefined;
  return {
    id,
    message: c.text,
    created_time: graphTime(c.at),
    from: fromOf(kit, claims, item, c),
    ...(parent && {
      parent: {
        id: facebookCommentId(item, parent.key),
        message: parent.text,
        created_time: graphTime(parent.at),
        from: fromOf(kit, claims, item, parent),
      },
    }),
    is_hidden: c.hidden,
    like_count: c.liked ? 1 : 0,
    user_likes: c.liked,
    comment_count: all.filter((r) => r.parentKey === c.key).length,
    can_comment: true,
    can_like: true,
    can_remove: true,
    can_hide: !c.own,
    permalink_url: `${item.url}?comment_id=${id.split("_")[1]}`,
    object: { id: item.id, created_time: graphTime(item.at) },
  };
}

/**
 * GET /{comment-id} (facebook-reads.ts asks it of the ids that are no Page or post): the comment's node, read as
 * its edge is; undefined when the id is no comment of the caller's posts.
 */
export function answerComment(kit: NetworkKit, reply: FastifyReply, claims: Claims, id: string, fields?: string) {
  const found = facebookCommentFinder(kit).comment(claims, id);
  if (!found) return undefined;
  // A user token sees the comment, not who wrote it.
  if (claims.kind !== "page") return pickFields({ id, message: found.comment.text }, fields ?? DEFAULT_FIELDS, ["id"]);
  if (!hasScope(claims, "pages_read_engagement")) return missingReadEngagement(reply);
  if (!hasScope(claims, "pages_read_user_content")) return missingUserContent(reply);
  return pickFields(node(kit, claims, found.item, found.comment, found.all), fields ?? DEFAULT_FIELDS, ["id"]);
}

export function facebookComments(kit: NetworkKit, graph: string) {
  const find = facebookCommentFinder(kit);

  /** The caller (any valid token), or null once the error is sent. */
  function caller(request: FastifyRequest, reply: FastifyReply, params: Record<string, string | undefined>) {
    const claims = graphToken(kit, request, params);
    if (isRefusal(claims)) {
      void fail(reply, 400, graphTokenError(claims));
      return null;
    }
    return claims;
  }

  /** A write's caller: a Page token with pages_manage_engagement; null once the error is sent. */
  function moderator(request: FastifyRequest, reply: FastifyReply, params: Record<string, string | undefined>) {
    const claims = caller(request, reply, params);
    if (!claims) return null;
    if (claims.kind !== "page") {
      void fail(reply, 403, graphError("(#200) Permissions error", 200));
      return null;
    }
    if (!hasScope(claims, "pages_manage_engagement")) {
      void missingPermission(reply, "pages_manage_engagement");
      return null;
    }
    return claims;
  }

  kit.get(`${graph}/:id/comments`, async (request, reply) => {
    const params = graphParams(request);
    const claims = caller(request, reply, params);
    if (!claims) return reply;
    const id = (request.params as { id: string }).id;
    const item = find.post(claims, id);
    const under = item ? undefined : find.comment(claims, id);
    const on = item ?? under?.item;
    if (!on) return fail(reply, 400, objectMissing(id));
    const stream = params.filter === "stream";
    if (params.filter !== undefined && !["stream", "toplevel"].includes(params.filter))
      return fail(reply, 400, graphError("(#100) filter must be one of the following values: stream, toplevel", 100));
    const order = params.order ?? "chronological";
    if (!["chronological", "reverse_chronological"].includes(order))
      return fail(
        reply,
        400,
        graphError("(#100) order must be one of the following values: chronological, reverse_chronological", 100),
      );
    const since = sinceParam(params.since);
    if (Number.isNaN(since)) return fail(reply, 400, graphError("(#100) since must be a unix time or a date", 100));
    const all = under?.all ?? kit.comments.list(on, new Date(kit.now()));
    // What is under the object: its first-level comments (toplevel) or every level (stream).
    const root = under ? under.comment.key : null;
    const below = (c: SandboxComment): boolean => {
      if (c.parentKey === root) return true;
      if (!stream || c.parentKey === null) return false;
      const parent = all.find((p) => p.key === c.parentKey);
      return parent ? below(parent) : false;
    };
    // A user token reads no comments of a Page's posts; the Page's token needs both read permissions.
    let listed: SandboxComment[] = [];
    if (claims.kind === "page") {
      if (!hasScope(claims, "pages_read_engagement")) return missingReadEngagement(reply);
      if (!hasScope(claims, "pages_read_user_content")) return missingUserContent(reply);
      listed = all.filter((c) => below(c) && (since === undefined || c.at.getTime() >= since));
      if (order === "reverse_chronological") listed.reverse();
    }
    const limit = Math.min(100, Math.max(1, Number(params.limit ?? 25) || 25));
    const paged = pageAt(listed, limit, params.after);
    if (!paged) return fail(reply, 400, graphError("(#100) The after cursor is invalid.", 100));
    return {
      data: paged.page.map((c) => pickFields(node(kit, claims, on, c, all), params.fields ?? DEFAULT_FIELDS, ["id"])),
      paging: graphPaging(request, paged.next),
      ...(params.summary === "true" && {
        summary: { order, total_count: listed.length, can_comment: true },
      }),
    };
  });

  // The Page comments on its post, or replies to a comment (the reply is the Page's).
  kit.post(`${graph}/:id/comments`, async (request, reply) => {
    const params = graphParams(request);
    const claims = moderator(request, reply, params);
    if (!claims) return reply;
    const id = (request.params as { id: string }).id;
    const item = find.post(claims, id);
    const under = item ? undefined : find.comment(claims, id);
    const on = item ?? under?.item;
    if (!on) return fail(reply, 400, unsupported("post", id));
    const message = params.message ?? "";
    if (!message.trim()) return fail(reply, 400, graphError("(#100) Missing message or attachment", 100));
    if ([...message].length > FACEBOOK_COMMENT_MAX)
      return fail(reply, 400, graphError(`(#100) The message is longer than ${FACEBOOK_COMMENT_MAX} characters.`, 100));
    const written = kit.comments.write(on, {
      author: kit.person(claims),
      own: true,
      text: message,
      parentKey: under?.comment.key ?? null,
      at: new Date(kit.now()),
    });
    return { id: facebookCommentId(on, written.key) };
  });

  for (const method of ["post", "delete"] as const) {
    const route = method === "post" ? kit.post : kit.delete;
    route(`${graph}/:id/likes`, async (request, reply) => {
      const params = graphParams(request);
      const claims = moderator(request, reply, params);
      if (!claims) return reply;
      const id = (request.params as { id: string }).id;
      const found = find.comment(claims, id);
      if (!found) return fail(reply, 400, unsupported(method, id));
      kit.comments.setLiked(found.comment.key, method === "post");
      return { success: true };
    });
  }

  // Hide or unhide a comment: hidden, only its author and their friends see it.
  kit.post(`${graph}/:id`, async (request, reply) => {
    const params = graphParams(request);
    const claims = moderator(request, reply, params);
    if (!claims) return reply;
    const id = (request.params as { id: string }).id;
    const found = find.comment(claims, id);
    if (!found) return fail(reply, 400, unsupported("post", id));
    if (params.is_hidden !== "true" && params.is_hidden !== "false")
      return fail(reply, 400, graphError("(#100) is_hidden must be a boolean", 100));
    if (found.comment.own) return fail(reply, 400, graphError("(#100) A Page cannot hide its own comments.", 100));
    kit.comments.setHidden(found.comment.key, params.is_hidden === "true");
    return { success: true };
  });

  kit.delete(`${graph}/:id`, async (request, reply) => {
    const params = graphParams(request);
    const claims = moderator(request, reply, params);
    if (!claims) return reply;
    const id = (request.params as { id: string }).id;
    const found = find.comment(claims, id);
    if (!found) return fail(reply, 400, unsupported("delete", id));
    kit.comments.remove(found.comment.key);
    return { success: true };
  });
}
