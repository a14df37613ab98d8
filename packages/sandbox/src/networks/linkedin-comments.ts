import type { FastifyReply } from "fastify";
import { commentId, type SandboxComment } from "../comments";
import { flat, hasScope, type NetworkKit } from "../kit";
import { personOf } from "../people";
import type { PublishedItem } from "../publishing";
import type { Claims } from "../tokens";
import { apiError, notPermitted, resourceOf, restCall } from "./linkedin";
import { badRequest, body, mayActAs, memberUrn, obj, unprocessable } from "./linkedin-media";
import { administers, organizationIdOf } from "./linkedin-organizations";

/**
 * LinkedIn's Comments API (issue 21): the comments on a post (`/rest/socialActions/{postUrn}/comments`), the replies
 * under a comment (`/rest/socialActions/{commentUrn}/comments`), and a new comment or reply, as a member or as an
 * organization. A company page's posts are read with r_organization_social by its administrators; a member's own
 * posts need r_member_social, which LinkedIn gives no app: 403, as LinkedIn answers. Comments name their author
 * only by URN (LinkedIn gives apps no other member's name).
 */

/** At most this many characters in a comment. */
export const COMMENT_MAX = 1_250;
const PAGE_MAX = 100;

/** The activity a post's comments hang on: its own 19 digits. */
export const linkedinActivityUrn = (postUrn: string) =>
  `urn:li:activity:${commentId(`activity:${postUrn}`, { digits: 19 })}`;
/** A comment's URN: its activity and its own 19 digits. */
export const linkedinCommentUrn = (postUrn: string, key: string) =>
  `urn:li:comment:(${linkedinActivityUrn(postUrn)},${commentId(key, { digits: 19 })})`;

const COMMENT_URN = /^urn:li:comment:\((urn:li:activity:\d+),(\d+)\)$/;
const READ_SCOPES = ["r_organization_social", "r_organization_social_feed"];

export function linkedinComments(kit: NetworkKit) {
  const api = "api.linkedin.com/rest";
  const known = kit.publishing.pending<string>("linkedin", "comment-urns");

  /** The post's comments now, each with its URN, oldest first. */
  function commentsOf(post: PublishedItem) {
    return kit.comments.list(post, new Date(kit.now())).map((c) => {
      const urn = linkedinCommentUrn(post.id, c.key);
      known.set(urn, post.id);
      return { urn, c };
    });
  }

  /** What a /socialActions URN names: a post, or one of its comments (`urn:li:comment:(activity,id)`). */
  function target(urn: string): { post: PublishedItem; comment?: SandboxComment } | undefined {
    if (!COMMENT_URN.test(urn)) {
      const post = kit.publishing.find("linkedin", urn);
      return post ? { post } : undefined;
    }
    const hinted = known.get(urn);
    const posts = hinted ? [kit.publishing.find("linkedin", hinted)] : kit.publishing.list("linkedin");
    for (const post of posts) {
      const found = post && commentsOf(post).find((x) => x.urn === urn);
      if (post && found) return { post, comment: found.c };
    }
    return undefined;
  }

  /** Whether the caller may read the post's comments: a page's administrator with the read scope. */
  function mayRead(claims: Claims, post: PublishedItem): boolean {
    const organization = organizationIdOf(post.author);
    if (organization === null) return hasScope(claims, "r_member_social") && post.networkUserId === claims.userId;
    return hasScope(claims, ...READ_SCOPES) && administers(kit.person(claims), organization);
  }

  /**
   * The first-level comment each comment belongs to, by key (LinkedIn nests one level: a reply to a reply joins
   * its thread).
   */
  function threadsOf(post: PublishedItem): (c: SandboxComment) => SandboxComment {
    const byKey = new Map(kit.comments.list(post, new Date(kit.now())).map((c) => [c.key, c]));
    return (comment) => {
      let current = comment;
      for (let i = 0; i < 100 && current.parentKey; i++) current = byKey.get(current.parentKey) ?? current;
      return current;
    };
  }

  /** A comment as LinkedIn gives it: its author is a URN only (the page, for a page's own). */
  function element(post: PublishedItem, urn: string, c: SandboxComment, parentUrn: string | null, replies: number) {
    const person = `urn:li:person:${personOf("linkedin", c.author.username).id}`;
    const actor = c.own && post.author?.startsWith("urn:li:organization:") ? post.author : person;
    const id = (COMMENT_URN.exec(urn) as RegExpExecArray)[2] as string;
    const time = c.at.getTime();
    return {
      $URN: urn,
      commentUrn: urn,
      id,
      actor,
      ...(actor !== person && { agent: person }),
      object: linkedinActivityUrn(post.id),
      message: { text: c.text, attributes: [] },
      created: { actor, time },
      lastModified: { actor, time },
      ...(parentUrn && { parentComment: parentUrn }),
      likesSummary: { totalLikes: 0, likedByCurrentUser: false, selectedLikes: [] },
      commentsSummary: { totalFirstLevelComments: replies, aggregatedTotalComments: replies, selectedComments: [] },
    };
  }

  const notFound = (reply: FastifyReply) => reply.status(404).send(apiError(404, undefined, "NOT_FOUND", "Not Found"));

  kit.get(`${api}/socialActions/:urn/comments`, async (request, reply) => {
    const claims = restCall(kit, request, reply, "socialActionsV2.GET_ALL");
    if (!claims) return reply;
    const found = target((request.params as { urn: string }).urn);
    if (!found) return notFound(reply);
    if (!mayRead(claims, found.post)) return notPermitted(reply, resourceOf(request, "socialActionsV2.GET_ALL"));
    const q = flat(request.query);
    const start = Math.max(0, Number(q.start ?? 0) || 0);
    const count = Math.min(PAGE_MAX, Math.max(1, Number(q.count ?? 10) || 10));
    const all = commentsOf(found.post);
    const threadOf = threadsOf(found.post);
    const tops = all.filter((x) => !x.c.parentKey);
    const repliesOf = (top: SandboxComment) => all.filter((x) => x.c.parentKey && threadOf(x.c).key === top.key);
    let listed: ReturnType<typeof element>[];
    if (found.comment) {
      // The replies of a first-level comment; a reply has none of its own.
      const top = found.comment;
      const topUrn = linkedinCommentUrn(found.post.id, top.key);
      listed = top.parentKey ? [] : repliesOf(top).map((x) => element(found.post, x.urn, x.c, topUrn, 0));
    } else listed = tops.map((x) => element(found.post, x.urn, x.c, null, repliesOf(x.c).length));
    return {
      paging: { start, count, links: [], total: listed.length },
      elements: listed.slice(start, start + count),
    };
  });

  kit.post(`${api}/socialActions/:urn/comments`, async (request, reply) => {
    const claims = restCall(kit, request, reply, "socialActionsV2.CREATE");
    if (!claims) return reply;
    const found = target((request.params as { urn: string }).urn);
    if (!found) return notFound(reply);
    const b = body(request);
    if (!mayActAs(kit, request, claims, b.actor, reply, "socialActionsV2.CREATE")) return reply;
    const text = obj(b.message).text;
    if (typeof text !== "string" || !text.trim())
      return unprocessable(reply, "ERROR :: /message/text :: field is required");
    if ([...text].length > COMMENT_MAX)
      return unprocessable(
        reply,
        `ERROR :: /message/text :: length of ${[...text].length} exceeds the maximum of ${COMMENT_MAX}`,
      );
    // The object commented on, required in the body: the post's URN (or its activity's) of the path.
    if (typeof b.object !== "string" || !b.object) return unprocessable(reply, "ERROR :: /object :: field is required");
    if (b.object !== found.post.id && b.object !== linkedinActivityUrn(found.post.id))
      return badRequest(reply, "object does not match the post or comment commented on.");
    // The comment answered: the one in the path, or the body's parentComment under the post in the path.
    let parent = found.comment;
    if (b.parentComment !== undefined) {
      const named = typeof b.parentComment === "string" ? target(b.parentComment) : undefined;
      if (!named?.comment || named.post.id !== found.post.id || (parent && named.comment.key !== parent.key))
        return badRequest(reply, "parentComment does not belong to the object commented on.");
      parent = named.comment;
    }
    const post = found.post;
    // Commenting as a page on one of its posts: the page may; a member may comment on any post they see.
    const organization = organizationIdOf(b.actor);
    if (organization && !administers(kit.person(claims), organization))
      return notPermitted(reply, resourceOf(request, "socialActionsV2.CREATE"));
    const top = parent ? threadsOf(post)(parent) : undefined;
    const me = kit.person(claims);
    const written = kit.comments.write(post, {
      author: me,
      own: b.actor === post.author || (b.actor === memberUrn(kit, claims) && post.author === b.actor),
      text,
      parentKey: top?.key ?? null,
      at: new Date(kit.now()),
    });
    const urn = linkedinCommentUrn(post.id, written.key);
    known.set(urn, post.id);
    const made = element(post, urn, written, top ? linkedinCommentUrn(post.id, top.key) : null, 0);
    return reply.status(201).header("x-restli-id", made.id).send(made);
  });
}
