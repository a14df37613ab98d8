import type { FastifyReply, FastifyRequest } from "fastify";
import { type Form, flat, isRefusal, type NetworkKit } from "../kit";
import { pageAt } from "../paging";
import { personOf } from "../people";
import type { Claims } from "../tokens";
import { authed, invalid, isJson, problem } from "./twitter-common";
import { NUMERIC_ID, notEnrolled, parseQuery } from "./twitter-query";
import { type XTweet, xTweets } from "./twitter-tweets";

/**
 * X API v2 reads and actions of the inbox (issue 21): recent search (the replies of a conversation), a user's
 * mentions, likes and hidden replies. Paid access only: the Free tier is answered as X answers an app not enrolled
 * for an endpoint. Requests are counted per user in X's 15-minute windows, with its rate-limit headers.
 */

/** Scopes X's documentation lists per endpoint. */
export const INBOX_SCOPES = {
  read: ["tweet.read", "users.read"],
  like: ["tweet.read", "users.read", "like.write"],
  hide: ["tweet.read", "users.read", "tweet.moderate.write"],
} as const;

const WINDOW_MS = 15 * 60_000;
/** Requests per user in 15 minutes (X's rate-limit table, pay-per-use). */
const LIMITS = { search: 300, mentions: 300, likes: 50, hidden: 50 } as const;
/** Recent search sees the last seven days only; its query is at most 512 characters. */
const SEARCH_DAYS_MS = 7 * 86_400_000;
const QUERY_MAX = 512;

export function twitterComments(kit: NetworkKit) {
  const api = "api.x.com/2";
  const tweets = xTweets(kit);
  const windows = kit.publishing.pending<{ start: number; used: number }>("twitter", "inbox-windows");
  const liked = kit.publishing.pending<boolean>("twitter", "likes");
  const hidden = kit.publishing.pending<boolean>("twitter", "hidden");

  /** The caller when its token is live, the app's tier includes inbox calls and the token has `scopes`. */
  function caller(request: FastifyRequest, reply: FastifyReply, scopes: readonly string[]): Claims | null {
    if (isRefusal(kit.bearer(request))) return authed(kit, request, reply, scopes);
    if (kit.review().twitter.tier === "free") {
      void notEnrolled(reply);
      return null;
    }
    return authed(kit, request, reply, scopes);
  }

  /** Counts a call in the user's window for `name`, with X's headers; a 429 once it is spent. */
  function withinLimit(claims: Claims, reply: FastifyReply, name: keyof typeof LIMITS): boolean {
    const limit = LIMITS[name];
    const now = kit.now();
    const key = `${name}:${claims.userId}`;
    const current = windows.get(key);
    const window = current && now < current.start + WINDOW_MS ? current : { start: now, used: 0 };
    const allowed = window.used < limit;
    if (allowed) window.used += 1;
    windows.set(key, window);
    void reply.headers({
      "x-rate-limit-limit": String(limit),
      "x-rate-limit-remaining": String(limit - window.used),
      "x-rate-limit-reset": String(Math.ceil((window.start + WINDOW_MS) / 1000)),
    });
    if (!allowed)
      void reply
        .status(429)
        .send(
          problem(429, "Too Many Requests", "Too Many Requests", "https://api.x.com/2/problems/rate-limit-exceeded"),
        );
    return allowed;
  }

  const fieldsOf = (q: Form, name: string) => new Set((q[name] ?? "").split(",").map((f) => f.trim()));

  /** A post as X shows it: id, text and edit history always, the rest as `tweet.fields` asks. */
  function render(t: XTweet, fields: ReadonlySet<string>) {
    return {
      id: t.id,
      text: t.text,
      edit_history_tweet_ids: [t.id],
      ...(fields.has("created_at") && { created_at: t.at.toISOString() }),
      ...(fields.has("author_id") && { author_id: t.author.id }),
      ...(fields.has("conversation_id") && { conversation_id: t.conversationId }),
      ...(fields.has("in_reply_to_user_id") && t.replyTo && { in_reply_to_user_id: t.replyTo.userId }),
      ...(fields.has("referenced_tweets") &&
        t.replyTo && { referenced_tweets: [{ type: "replied_to", id: t.replyTo.id }] }),
    };
  }

  /** One page of posts, newest first, with their authors when `expansions=author_id` asks. */
  function page(list: XTweet[], q: Form, next: string | null) {
    if (list.length === 0) return { meta: { result_count: 0 } };
    const fields = fieldsOf(q, "tweet.fields");
    const userFields = fieldsOf(q, "user.fields");
    const authors = new Map(list.map((t) => [t.author.id, t.author]));
    return {
      data: list.map((t) => render(t, fields)),
      ...(fieldsOf(q, "expansions").has("author_id") && {
        includes: {
          users: [...authors.values()].map((a) => ({
            id: a.id,
            name: a.name,
            username: a.username,
            ...(userFields.has("profile_image_url") && {
              profile_image_url: kit.avatarUrl(personOf("twitter", a.username)),
            }),
          })),
        },
      }),
      meta: {
        newest_id: list[0]?.id,
        oldest_id: list.at(-1)?.id,
        result_count: list.length,
        ...(next && { next_token: next }),
      },
    };
  }

  /** Keeps the posts newer than `since_id` (X's ids grow with time: the sandbox compares the posts' times). */
  function afterSince(list: XTweet[], sinceId: string | undefined): XTweet[] {
    if (!sinceId) return list;
    const since = tweets.find(sinceId);
    return since ? list.filter((t) => t.at > since.at) : list;
  }

  /** `start_time` or `end_time` of a request, or an error message. */
  const timeOf = (q: Form, name: string): Date | undefined | string => {
    if (q[name] === undefined) return undefined;
    const t = new Date(q[name] as string);
    return Number.isNaN(t.getTime()) ? `Invalid '${name}':'${q[name]}'.` : t;
  };

  kit.get(`${api}/tweets/search/recent`, async (request, reply) => {
    const claims = caller(request, reply, INBOX_SCOPES.read);
    if (!claims || !withinLimit(claims, reply, "search")) return reply;
    const q = flat(request.query);
    const query = (q.query ?? "").trim();
    if (!query) return invalid(reply, "The `query` query parameter can not be empty", "query");
    if (query.length > QUERY_MAX)
      return invalid(reply, `The \`query\` query parameter value is longer than ${QUERY_MAX} characters`, "query");
    const max = Number(q.max_results ?? 10);
    if (!Number.isInteger(max) || max < 10 || max > 100)
      return invalid(reply, "The `max_results` query parameter value is not between 10 and 100", "max_results");
    let parsed: ReturnType<typeof parseQuery>;
    try {
      parsed = parseQuery(query);
    } catch (err) {
      return invalid(reply, `There were errors processing your request: ${(err as Error).message}`, "query", query);
    }
    const now = kit.now();
    const oldest = now - SEARCH_DAYS_MS;
    const start = timeOf(q, "start_time");
    const end = timeOf(q, "end_time");
    if (typeof start === "string") return invalid(reply, start, "start_time", q.start_time);
    if (typeof end === "string") return invalid(reply, end, "end_time", q.end_time);
    if (start && start.getTime() < oldest)
      return invalid(
        reply,
        `Invalid 'start_time':'${q.start_time}'. 'start_time' must be on or after ${new Date(oldest).toISOString()}`,
        "start_time",
        q.start_time,
      );
    // The posts of the conversations the query names (a reply's parent names its conversation).
    const roots = new Set(parsed.anchors.conversation);
    for (const id of parsed.anchors.replyTo) {
      const parent = tweets.find(id);
      if (parent) roots.add(parent.conversationId);
    }
    if (roots.size === 0)
      return invalid(
        reply,
        "The sandbox's recent search needs a conversation_id: or in_reply_to_tweet_id: operator.",
        "query",
      );
    const from = Math.max(oldest, start?.getTime() ?? oldest);
    const to = Math.min(now, end?.getTime() ?? now);
    const found = [...roots]
      .flatMap((root) => tweets.conversation(root))
      .filter((t) => t.at.getTime() >= from && t.at.getTime() <= to && parsed.match(t))
      .sort((a, b) => b.at.getTime() - a.at.getTime() || b.id.localeCompare(a.id));
    const paged = pageAt(afterSince(found, q.since_id), max, q.next_token);
    if (!paged) return invalid(reply, "The `next_token` query parameter value is invalid.", "next_token");
    return page(paged.page, q, paged.next);
  });

  kit.get(`${api}/users/:id/mentions`, async (request, reply) => {
    const claims = caller(request, reply, INBOX_SCOPES.read);
    if (!claims || !withinLimit(claims, reply, "mentions")) return reply;
    const q = flat(request.query);
    const userId = (request.params as { id: string }).id;
    if (!NUMERIC_ID.test(userId))
      return invalid(reply, `The \`id\` query parameter value [${userId}] is not valid`, "id", userId);
    const max = Number(q.max_results ?? 10);
    if (!Number.isInteger(max) || max < 5 || max > 100)
      return invalid(reply, "The `max_results` query parameter value is not between 5 and 100", "max_results");
    const start = timeOf(q, "start_time");
    const end = timeOf(q, "end_time");
    if (typeof start === "string") return invalid(reply, start, "start_time", q.start_time);
    if (typeof end === "string") return invalid(reply, end, "end_time", q.end_time);
    // The sandbox knows the mentions of the accounts that sign in to it: the caller's own.
    const owner = userId === claims.userId ? kit.person(claims) : null;
    const all = owner ? tweets.mentionsOf(owner) : [];
    const within = afterSince(all, q.since_id).filter((t) => (!start || t.at >= start) && (!end || t.at <= end));
    const until = q.until_id ? tweets.find(q.until_id) : undefined;
    const listed = until ? within.filter((t) => t.at < until.at) : within;
    const paged = pageAt(listed, max, q.pagination_token);
    if (!paged) return invalid(reply, "The `pagination_token` query parameter value is invalid.", "pagination_token");
    return page(paged.page, q, paged.next);
  });

  /** The body's field when the body is JSON; X takes no other. */
  const jsonBody = (request: FastifyRequest) =>
    isJson(request) && request.body && typeof request.body === "object"
      ? (request.body as Record<string, unknown>)
      : null;

  async function like(request: FastifyRequest, reply: FastifyReply, tweetId: unknown, value: boolean) {
    const claims = caller(request, reply, INBOX_SCOPES.like);
    if (!claims || !withinLimit(claims, reply, "likes")) return reply;
    const userId = (request.params as { id: string }).id;
    if (userId !== claims.userId)
      return reply
        .status(403)
        .send(problem(403, "Forbidden", "You are not permitted to like on behalf of another user."));
    const target = typeof tweetId === "string" && NUMERIC_ID.test(tweetId) ? tweets.find(tweetId) : undefined;
    if (!target)
      return invalid(
        reply,
        "The post you are trying to like does not exist or is not visible to you.",
        "tweet_id",
        tweetId,
      );
    if (target.source.kind === "comment") kit.comments.setLiked(target.source.comment.key, value);
    else liked.set(`${claims.userId}:${target.id}`, value);
    return { data: { liked: value } };
  }

  kit.post(`${api}/users/:id/likes`, async (request, reply) => {
    const body = jsonBody(request);
    if (!body) return invalid(reply, "The body must be JSON (Content-Type: application/json).");
    return like(request, reply, body.tweet_id, true);
  });

  kit.delete(`${api}/users/:id/likes/:tweetId`, async (request, reply) =>
    like(request, reply, (request.params as { tweetId: string }).tweetId, false),
  );

  kit.put(`${api}/tweets/:id/hidden`, async (request, reply) => {
    const claims = caller(request, reply, INBOX_SCOPES.hide);
    if (!claims || !withinLimit(claims, reply, "hidden")) return reply;
    const body = jsonBody(request);
    if (!body || typeof body.hidden !== "boolean") return invalid(reply, "hidden must be true or false.", "hidden");
    const id = (request.params as { id: string }).id;
    const target = NUMERIC_ID.test(id) ? tweets.find(id) : undefined;
    if (!target) return invalid(reply, `Could not find tweet with id: [${id}].`, "id", id);
    const root = tweets.find(target.conversationId);
    if (target.id === target.conversationId || root?.author.id !== claims.userId)
      return reply
        .status(403)
        .send(problem(403, "Forbidden", "You can only hide or unhide replies to conversations you started."));
    if (target.source.kind === "comment") kit.comments.setHidden(target.source.comment.key, body.hidden);
    else hidden.set(target.id, body.hidden);
    return { data: { hidden: body.hidden } };
  });
}
