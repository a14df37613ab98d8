import type { FastifyReply, FastifyRequest } from "fastify";
import { hasScope, isRefusal, type NetworkKit } from "../kit";
import { postFigures } from "../metrics";
import type { PublishedItem } from "../publishing";
import type { Claims } from "../tokens";

/** X's problem body (RFC 7807 style) as its v2 API answers errors. */
export const problem = (status: number, title: string, detail: string, type = "about:blank") => ({
  title,
  detail,
  type,
  status,
});

/** 400 with X's validation body: one error per parameter, then the invalid-request problem. */
export const invalid = (reply: FastifyReply, message: string, parameter?: string, value?: unknown) =>
  reply.status(400).send({
    errors: [{ ...(parameter && { parameters: { [parameter]: value === undefined ? [] : [value] } }), message }],
    title: "Invalid Request",
    detail: "One or more parameters to your request was invalid.",
    type: "https://api.x.com/2/problems/invalid-request",
  });

export const forbidden = (reply: FastifyReply, detail: string) =>
  reply.status(403).send(problem(403, "Forbidden", detail));

/**
 * The token's claims when it is live and holds every scope the endpoint lists in X's documentation; otherwise
 * X's answer is sent (401 for a dead token, a bare 403 "Forbidden" for a missing scope) and null returned.
 */
export function authed(
  kit: NetworkKit,
  request: FastifyRequest,
  reply: FastifyReply,
  scopes: readonly string[],
): Claims | null {
  const claims = kit.bearer(request);
  if (isRefusal(claims)) {
    void reply.status(401).send(problem(401, "Unauthorized", "Unauthorized"));
    return null;
  }
  if (!scopes.every((s) => hasScope(claims, s))) {
    void reply.status(403).send(problem(403, "Forbidden", "Forbidden"));
    return null;
  }
  return claims;
}

/** Scopes X's documentation lists per endpoint. */
export const SCOPES = {
  createPost: ["tweet.read", "tweet.write", "users.read"],
  readPosts: ["tweet.read", "users.read"],
  me: ["tweet.read", "users.read"],
  media: ["media.write"],
} as const;

/**
 * A post's `public_metrics` at `now`, from the sandbox's figures: shares split into reposts and quotes (one in
 * five), so that reposts plus quotes are the post's shares.
 */
export function publicMetrics(t: PublishedItem, now: number) {
  const f = postFigures("twitter", t.id, t.at, new Date(now));
  const quotes = Math.floor(f.shares / 5);
  return {
    retweet_count: f.shares - quotes,
    reply_count: f.comments,
    like_count: f.likes,
    quote_count: quotes,
    bookmark_count: f.saves,
    impression_count: f.views,
  };
}

/** A post as X's v2 API shows it: id, text and edit history always, other fields when `tweet.fields` asks. */
export const tweetOf = (t: PublishedItem, fields: ReadonlySet<string>, now: number) => ({
  id: t.id,
  text: t.text,
  edit_history_tweet_ids: [t.id],
  ...(fields.has("created_at") && { created_at: t.at.toISOString() }),
  ...(fields.has("author_id") && { author_id: t.networkUserId }),
  ...(fields.has("in_reply_to_user_id") && t.replyTo && { in_reply_to_user_id: t.networkUserId }),
  ...(fields.has("referenced_tweets") && t.replyTo && { referenced_tweets: [{ type: "replied_to", id: t.replyTo }] }),
  ...(fields.has("public_metrics") && { public_metrics: publicMetrics(t, now) }),
});

/** Whether a request's body was sent as JSON (X's v2 endpoints with a body take only JSON). */
export const isJson = (request: FastifyRequest) =>
  /^application\/json\b/i.test(String(request.headers["content-type"] ?? ""));

/** Every OAuth 2.0 scope X knows; an authorize request with any other one gets X's error page. */
export const X_SCOPES = new Set([
  "tweet.read",
  "tweet.write",
  "tweet.moderate.write",
  "users.email",
  "users.read",
  "follows.read",
  "follows.write",
  "offline.access",
  "space.read",
  "mute.read",
  "mute.write",
  "like.read",
  "like.write",
  "list.read",
  "list.write",
  "block.read",
  "block.write",
  "bookmark.read",
  "bookmark.write",
  "dm.read",
  "dm.write",
  "media.write",
]);
