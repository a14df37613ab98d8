import type { FastifyReply, FastifyRequest } from "fastify";
import { commentId, type SandboxComment } from "../comments";
import { hasScope, type NetworkKit } from "../kit";
import { pageAt } from "../paging";
import type { PublishedItem } from "../publishing";
import type { Claims } from "../tokens";
import { graphError, graphPaging, graphParams, splitFields } from "./graph";
import { igCaller, igObjectMissing } from "./instagram-access";

/**
 * Instagram's comment moderation (Instagram API with Instagram Login, and with Facebook Login on
 * graph.facebook.com): GET /{ig-media-id}/comments (first-level comments, newest first, their replies through
 * the `replies` field), GET /{ig-comment-id} and /{ig-comment-id}/replies, POST /{ig-media-id}/comments (a
 * comment of the account's own), POST /{ig-comment-id}/replies (answer), POST /{ig-comment-id} hide=true|false, DELETE /{ig-comment-id}. Each needs
 * instagram_business_manage_comments (instagram_manage_comments on graph.facebook.com); apps cannot like.
 *
 * Instagram has one level of replies: a reply to a reply is added to the first-level comment, and `parent_id`
 * names that comment. Comment ids are digits.
 */

/** The most characters of one comment (as of a caption). */
export const INSTAGRAM_COMMENT_MAX = 2_200;
const DEFAULT_FIELDS = "id,text,timestamp";

const graphTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "+0000");
const fail = (reply: FastifyReply, status: number, body: unknown) => reply.status(status).send(body);
const bad = (reply: FastifyReply, message: string) =>
  fail(reply, 400, graphError(message, 100, undefined, "IGApiException"));

/** A sandbox comment's id on Instagram. */
export const instagramCommentId = (key: string) => commentId(key, { digits: 17 });

/** The caller's media and comment lookups. */
function finder(kit: NetworkKit) {
  const media = (claims: Claims, id: string) => {
    const item = kit.publishing.find("instagram", id);
    return item && item.networkUserId === claims.userId ? item : undefined;
  };
  function comment(claims: Claims, id: string) {
    if (!/^\d{1,25}$/.test(id)) return undefined;
    const now = new Date(kit.now());
    for (const item of kit.publishing.of("instagram", claims.userId)) {
      const all = kit.comments.list(item, now);
      const found = all.find((c) => instagramCommentId(c.key) === id);
      if (found) return { item, comment: found, all };
    }
    return undefined;
  }
  return { media, comment };
}

/** The first-level comment a comment is under (itself when it is one). */
function rootOf(c: SandboxComment, all: SandboxComment[]): SandboxComment {
  let at = c;
  for (let guard = 0; at.parentKey && guard < 100; guard++) {
    const parent = all.find((p) => p.key === at.parentKey);
    if (!parent) break;
    at = parent;
  }
  return at;
}

/** The replies under a first-level comment, oldest first. */
const repliesOf = (top: SandboxComment, all: SandboxComment[]) =>
  all.filter((c) => c.key !== top.key && rootOf(c, all).key === top.key);

/** A comment as Instagram shows it to the media's owner, with the fields asked (`replies{...}` nested). */
function node(
  kit: NetworkKit,
  claims: Claims,
  item: PublishedItem,
  c: SandboxComment,
  all: SandboxComment[],
  fields: string,
) {
  const owner = kit.person(claims);
  const author = c.own ? owner : c.author;
  const username = author.username.toLowerCase();
  const root = rootOf(c, all);
  const full: Record<string, unknown> = {
    id: instagramCommentId(c.key),
    text: c.text,
    timestamp: graphTime(c.at),
    username,
    from: { id: author.id, username },
    like_count: 0,
    hidden: c.hidden,
    ...(root.key !== c.key && { parent_id: instagramCommentId(root.key) }),
    media: {
      id: item.id,
      media_product_type: item.kind === "reel" ? "REELS" : item.kind === "story" ? "STORY" : "FEED",
    },
    // Only the comments the app user wrote name them.
    ...(c.own && { user: { id: owner.id } }),
  };
  const out: Record<string, unknown> = { id: full.id };
  for (const f of splitFields(fields)) {
    if (f.name === "replies") {
      if (root.key !== c.key) continue;
      const replies = repliesOf(c, all).map((r) => node(kit, claims, item, r, all, f.sub || DEFAULT_FIELDS));
      if (replies.length > 0) out.replies = { data: replies };
    } else if (f.name in full) out[f.name] = full[f.name];
  }
  return out;
}

/** The caller with the comment permission of the host, or null once the error is sent. */
const moderator = (
  kit: NetworkKit,
  request: FastifyRequest,
  reply: FastifyReply,
  params: Record<string, string | undefined>,
) => igCaller(kit, request, reply, params, "comments");

/**
 * GET /{ig-comment-id} (instagram-publish.ts asks it of ids that are no container, media or account): the
 * comment, or undefined when the id is no comment on the caller's media.
 */
export function answerIgComment(
  kit: NetworkKit,
  request: FastifyRequest,
  reply: FastifyReply,
  claims: Claims,
  id: string,
  fields: string | undefined,
) {
  const found = finder(kit).comment(claims, id);
  if (!found) return undefined;
  const viaFacebook = request.url.includes("/graph.facebook.com/");
  const needed = viaFacebook ? "instagram_manage_comments" : "instagram_business_manage_comments";
  if (!hasScope(claims, needed))
    return fail(
      reply,
      403,
      graphError(`(#10) Application does not have permission for this action: it needs ${needed}.`, 10),
    );
  return node(kit, claims, found.item, found.comment, found.all, fields ?? DEFAULT_FIELDS);
}

/** What a comment route is given once its caller and object are checked. */
interface Call {
  request: FastifyRequest;
  reply: FastifyReply;
  params: Record<string, string | undefined>;
  claims: Claims;
}
type Found = NonNullable<ReturnType<ReturnType<typeof finder>["comment"]>>;

/** Why a comment's text is refused, or null. */
function messageProblem(message: string): string | null {
  if (!message.trim()) return "(#100) The parameter message is required.";
  if ([...message].length > INSTAGRAM_COMMENT_MAX)
    return `(#100) The comment is longer than ${INSTAGRAM_COMMENT_MAX} characters.`;
  return null;
}

export function instagramComments(kit: NetworkKit, host: string) {
  const find = finder(kit);
  const limitOf = (params: Record<string, string | undefined>) =>
    Math.min(50, Math.max(1, Number(params.limit ?? 25) || 25));

  /** The caller with the comment permission, and its object: `look` finds it, else Graph's "does not exist". */
  const checked =
    <T>(look: (claims: Claims, id: string) => T | undefined, handle: (call: Call, found: T) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const params = graphParams(request);
      const claims = moderator(kit, request, reply, params);
      if (!claims) return reply;
      const id = (request.params as { id: string }).id;
      const found = look(claims, id);
      if (!found) return fail(reply, 400, igObjectMissing(id));
      return handle({ request, reply, params, claims }, found);
    };
  const onMedia = (handle: (call: Call, item: PublishedItem) => unknown) => checked(find.media, handle);
  const onComment = (handle: (call: Call, found: Found) => unknown) => checked(find.comment, handle);

  /** A comment of the account's own, answered with its id. */
  const written = (claims: Claims, item: PublishedItem, text: string, parentKey: string | null) => {
    const at = new Date(kit.now());
    const c = kit.comments.write(item, { author: kit.person(claims), own: true, text, parentKey, at });
    return { id: instagramCommentId(c.key) };
  };

  /** One page of comments of the media's or a comment's, as Graph lists them. */
  const listed = (
    { request, reply, params, claims }: Call,
    item: PublishedItem,
    list: SandboxComment[],
    all: SandboxComment[],
  ) => {
    const paged = pageAt(list, limitOf(params), params.after);
    if (!paged) return bad(reply, "The after cursor is invalid.");
    return {
      data: paged.page.map((c) => node(kit, claims, item, c, all, params.fields ?? DEFAULT_FIELDS)),
      paging: graphPaging(request, paged.next),
    };
  };

  kit.get(
    `${host}/:id/comments`,
    onMedia((call, item) => {
      const all = kit.comments.list(item, new Date(kit.now()));
      return listed(call, item, all.filter((c) => c.parentKey === null).reverse(), all);
    }),
  );

  kit.get(
    `${host}/:id/replies`,
    onComment((call, { item, comment, all }) =>
      // A reply has no replies of its own: they went to its first-level comment.
      listed(call, item, comment.parentKey === null ? repliesOf(comment, all) : [], all),
    ),
  );

  // A first-level comment of the account's on its own media (the app's first comment, issue 23).
  kit.post(
    `${host}/:id/comments`,
    onMedia(({ reply, params, claims }, item) => {
      const message = params.message ?? "";
      const problem = messageProblem(message);
      if (problem) return bad(reply, problem);
      // Stories take replies by direct message only: the Graph API has no comments on them.
      if (item.kind === "story") return bad(reply, "(#100) Comments are not supported on stories.");
      return written(claims, item, message, null);
    }),
  );

  kit.post(
    `${host}/:id/replies`,
    onComment(({ reply, params, claims }, found) => {
      const message = params.message ?? "";
      const problem = messageProblem(message);
      if (problem) return bad(reply, problem);
      const root = rootOf(found.comment, found.all);
      if (root.hidden || found.comment.hidden) return bad(reply, "(#100) You cannot reply to a hidden comment.");
      return written(claims, found.item, message, root.key);
    }),
  );

  // Hide or unhide: a hidden comment is seen by its author only.
  kit.post(
    `${host}/:id`,
    onComment(({ reply, params }, found) => {
      if (params.hide !== "true" && params.hide !== "false") return bad(reply, "(#100) hide must be a boolean.");
      if (found.comment.own) return bad(reply, "(#100) The media owner's own comments cannot be hidden.");
      kit.comments.setHidden(found.comment.key, params.hide === "true");
      return { success: true };
    }),
  );

  kit.delete(
    `${host}/:id`,
    onComment((_call, found) => {
      kit.comments.remove(found.comment.key);
      return { success: true };
    }),
  );
}
