import type { FastifyReply } from "fastify";
import { flat, type NetworkKit } from "../kit";
import type { PublishedItem } from "../publishing";
import type { Claims } from "../tokens";
import { authed, invalid, problem, SCOPES, tweetOf } from "./twitter-common";

const WINDOW_MS = 15 * 60_000;
/**
 * Post lookups (`GET /2/tweets/:id` and `GET /2/tweets`) a user may make in 15 minutes, by the app's access
 * tier (X's rate-limit table; enterprise limits are negotiated: the sandbox gives them Pro's).
 */
const LOOKUPS_PER_WINDOW = { free: 1, basic: 15, pro: 900, enterprise: 900 } as const;
const IDS_MAX = 100;
const NUMERIC_ID = /^\d{1,19}$/;

/** X's answer, with status 200, for a post that does not exist or that the caller may not see. */
const notFound = (id: string, parameter: "id" | "ids") => ({
  value: id,
  detail: `Could not find tweet with id: [${id}].`,
  title: "Not Found Error",
  resource_type: "tweet",
  parameter,
  resource_id: id,
  type: "https://api.twitter.com/2/problems/resource-not-found",
});

/** X API v2 post lookup (one post or up to 100), with public metrics, under X's 15-minute rate limits. */
export function twitterMetrics(kit: NetworkKit) {
  const api = "api.x.com/2";
  // Kept with the published items, so a reset of the sandbox starts every window afresh.
  const windows = kit.publishing.pending<{ start: number; used: number }>("twitter", "lookup-windows");

  /**
   * Counts a lookup against the user's window and sets X's rate-limit headers; once the window is spent,
   * answers 429 (X's problem body) and returns false.
   */
  function withinLimit(claims: Claims, reply: FastifyReply): boolean {
    const limit = LOOKUPS_PER_WINDOW[kit.review().twitter.tier];
    const now = kit.now();
    const current = windows.get(claims.userId);
    const window = current && now < current.start + WINDOW_MS ? current : { start: now, used: 0 };
    const allowed = window.used < limit;
    if (allowed) window.used += 1;
    windows.set(claims.userId, window);
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

  /** The requested `tweet.fields`; posts are public on X, so anyone's post may be looked up. */
  const fieldsOf = (query: Record<string, string | undefined>) =>
    new Set((query["tweet.fields"] ?? "").split(",").map((f) => f.trim()));
  const find = (id: string): PublishedItem | undefined => kit.publishing.find("twitter", id);

  kit.get(`${api}/tweets/:id`, async (request, reply) => {
    const claims = authed(kit, request, reply, SCOPES.readPosts);
    if (!claims) return reply;
    const id = (request.params as { id: string }).id;
    if (!NUMERIC_ID.test(id)) return invalid(reply, `The \`id\` query parameter value [${id}] is not valid`, "id", id);
    if (!withinLimit(claims, reply)) return reply;
    const post = find(id);
    if (!post) return { errors: [notFound(id, "id")] };
    return { data: tweetOf(post, fieldsOf(flat(request.query)), kit.now()) };
  });

  kit.get(`${api}/tweets`, async (request, reply) => {
    const claims = authed(kit, request, reply, SCOPES.readPosts);
    if (!claims) return reply;
    const q = flat(request.query);
    const ids = (q.ids ?? "").split(",").filter(Boolean);
    if (ids.length === 0) return invalid(reply, "The `ids` query parameter can not be empty", "ids");
    if (ids.length > IDS_MAX)
      return invalid(
        reply,
        `The number of values in the \`ids\` query parameter list [${ids.length}] is not between 1 and ${IDS_MAX}`,
        "ids",
        q.ids,
      );
    const bad = ids.find((id) => !NUMERIC_ID.test(id));
    if (bad !== undefined) return invalid(reply, `The \`ids\` query parameter value [${bad}] is not valid`, "ids", bad);
    if (!withinLimit(claims, reply)) return reply;
    const fields = fieldsOf(q);
    const found = ids.map((id) => [id, find(id)] as const);
    const data = found.flatMap(([, post]) => (post ? [tweetOf(post, fields, kit.now())] : []));
    const errors = found.flatMap(([id, post]) => (post ? [] : [notFound(id, "ids")]));
    return { ...(data.length > 0 && { data }), ...(errors.length > 0 && { errors }) };
  });
}
