import { type ErrorReader, networkCall } from "../http";
import { because, chunks, count, lacksScope, orScope, postReading } from "../metrics";
import type { NetworkContext, PostMetricsReading, PostMetricsRequest } from "../platform";

/** X's post lookup takes at most this many ids a call. */
const IDS_PER_CALL = 100;
const POST_ID = /^\d{1,19}$/;
/** Post lookups need both (X's documentation of GET /2/tweets). */
const READ_SCOPES = ["tweet.read", "users.read"];

interface PublicMetrics {
  impression_count?: number;
  like_count?: number;
  reply_count?: number;
  retweet_count?: number;
  quote_count?: number;
  bookmark_count?: number;
}

/**
 * X has no reach figure; link clicks and video views are among its non-public metrics, which need the author's
 * user context and stop after 30 days: left to a higher access tier for now.
 */
const NOT_PUBLIC = { ...because("network", ["reach"] as const), ...because("tier", ["clicks", "videoViews"] as const) };
const SCOPE_REFUSED = postReading(
  {},
  { ...because("scope", ["views", "likes", "comments", "shares", "saves"]), ...NOT_PUBLIC },
);

/** Reposts and quotes are both shares; unknown when X leaves either out. */
const sharesOf = (m: PublicMetrics) => {
  const reposts = count(m.retweet_count);
  const quotes = count(m.quote_count);
  return reposts !== undefined && quotes !== undefined ? reposts + quotes : undefined;
};

/** X's public metrics of posts: GET /2/tweets with tweet.fields=public_metrics, 100 ids a call. */
export function twitterMetrics(ctx: NetworkContext, readError: ErrorReader) {
  return {
    async postMetrics(req: PostMetricsRequest): Promise<Map<string, PostMetricsReading>> {
      const out = new Map<string, PostMetricsReading>();
      const ids = [...new Set(req.posts.map((p) => p.externalId).filter((id) => POST_ID.test(id)))];
      if (READ_SCOPES.some((s) => lacksScope(req.scopes, s))) {
        for (const id of ids) out.set(id, SCOPE_REFUSED);
        return out;
      }
      for (const batch of chunks(ids, IDS_PER_CALL)) {
        const url = `${ctx.serverUrl("https://api.x.com/2/tweets")}?${new URLSearchParams({
          ids: batch.join(","),
          "tweet.fields": "public_metrics",
        })}`;
        const answer = await orScope(() =>
          networkCall<{ data?: { id: string; public_metrics?: PublicMetrics }[] }>(
            url,
            { headers: { authorization: `Bearer ${req.accessToken}` } },
            readError,
          ),
        );
        if (answer === "scope") {
          for (const id of batch) out.set(id, SCOPE_REFUSED);
          continue;
        }
        // Posts X does not find (deleted, protected) come back among `errors`: they stay out of the map.
        for (const post of answer.data ?? []) {
          if (!batch.includes(post.id)) continue;
          const m = post.public_metrics ?? {};
          out.set(
            post.id,
            postReading(
              {
                views: m.impression_count,
                likes: m.like_count,
                comments: m.reply_count,
                shares: sharesOf(m),
                saves: m.bookmark_count,
              },
              NOT_PUBLIC,
            ),
          );
        }
      }
      return out;
    },
  };
}
