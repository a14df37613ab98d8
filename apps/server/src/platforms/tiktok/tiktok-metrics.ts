import { type ErrorReader, networkCall } from "../http";
import { because, chunks, followersReading, lacksScope, orScope, postReading } from "../metrics";
import type {
  AccountMetricsReading,
  NetworkContext,
  PostMetricsReading,
  PostMetricsRequest,
  TokenSet,
} from "../platform";

/** video/query takes at most this many ids a call. */
const IDS_PER_CALL = 20;
const VIDEO_ID = /^[\w-]{1,40}$/;

interface Video {
  id?: string;
  view_count?: number;
  like_count?: number;
  comment_count?: number;
  share_count?: number;
}

/** The Display API gives plays, likes, comments and shares; no reach, saves or link clicks. */
const NOT_GIVEN = because("network", ["reach", "saves", "clicks"] as const);
const SCOPE_REFUSED = postReading(
  {},
  { ...because("scope", ["views", "videoViews", "likes", "comments", "shares"] as const), ...NOT_GIVEN },
);

/** TikTok's counts of the creator's own videos (video/query, video.list, 20 a call) and followers (user.info.stats). */
export function tiktokMetrics(ctx: NetworkContext, readError: ErrorReader) {
  return {
    async postMetrics(req: PostMetricsRequest): Promise<Map<string, PostMetricsReading>> {
      const out = new Map<string, PostMetricsReading>();
      const ids = [...new Set(req.posts.map((p) => p.externalId).filter((id) => VIDEO_ID.test(id)))];
      if (lacksScope(req.scopes, "video.list")) {
        for (const id of ids) out.set(id, SCOPE_REFUSED);
        return out;
      }
      const url = `${ctx.serverUrl("https://open.tiktokapis.com/v2/video/query/")}?fields=id,view_count,like_count,comment_count,share_count`;
      for (const batch of chunks(ids, IDS_PER_CALL)) {
        const answer = await orScope(() =>
          networkCall<{ data?: { videos?: Video[] } }>(
            url,
            { headers: { authorization: `Bearer ${req.accessToken}` }, json: { filters: { video_ids: batch } } },
            readError,
          ),
        );
        if (answer === "scope") {
          for (const id of batch) out.set(id, SCOPE_REFUSED);
          continue;
        }
        // A deleted video (or another creator's) is not among the answer's videos: it stays out of the map.
        for (const v of answer.data?.videos ?? []) {
          if (!v.id || !batch.includes(v.id)) continue;
          out.set(
            v.id,
            postReading(
              {
                views: v.view_count,
                videoViews: v.view_count,
                likes: v.like_count,
                comments: v.comment_count,
                shares: v.share_count,
              },
              NOT_GIVEN,
            ),
          );
        }
      }
      return out;
    },

    /** Followers need user.info.stats; TikTok gives no account reach or profile views to apps. */
    async accountMetrics(accessToken: string, t?: TokenSet): Promise<AccountMetricsReading> {
      if (lacksScope(t?.scopes, "user.info.stats")) return followersReading("scope");
      const answer = await orScope(() =>
        networkCall<{ data?: { user?: { follower_count?: number } } }>(
          ctx.serverUrl("https://open.tiktokapis.com/v2/user/info/?fields=open_id,follower_count"),
          { headers: { authorization: `Bearer ${accessToken}` } },
          readError,
        ),
      );
      if (answer === "scope") return followersReading("scope");
      return followersReading(answer.data?.user?.follower_count);
    },
  };
}
