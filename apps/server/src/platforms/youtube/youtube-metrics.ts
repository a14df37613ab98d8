import { type ErrorReader, networkCall } from "../http";
import { because, chunks, followersReading, lacksScope, orScope, postReading } from "../metrics";
import type {
  AccountMetricsReading,
  NetworkContext,
  PostMetricsReading,
  PostMetricsRequest,
  TokenSet,
} from "../platform";
import { untilReset, YOUTUBE_READ_SCOPES } from "./youtube-limits";

/** videos.list takes at most this many ids a call (1 quota unit each call). */
const IDS_PER_CALL = 50;
const VIDEO_ID = /^[\w-]{6,20}$/;

/** Counts are strings in Google's answers; a count the owner hides (likes, comments) is left out. */
interface Statistics {
  viewCount?: string;
  likeCount?: string;
  commentCount?: string;
}

/** The Data API's statistics have no reach, shares, saves or clicks (those are YouTube Analytics' figures). */
const NOT_IN_STATISTICS = because("network", ["reach", "shares", "saves", "clicks"] as const);
const SCOPE_REFUSED = postReading(
  {},
  { ...because("scope", ["views", "videoViews", "likes", "comments"] as const), ...NOT_IN_STATISTICS },
);

/** YouTube Data API v3 statistics of videos (50 a call) and the channel's subscribers. */
export function youtubeMetrics(ctx: NetworkContext, readError: ErrorReader) {
  const get = <T>(url: string, accessToken: string) =>
    networkCall<T>(url, { headers: { authorization: `Bearer ${accessToken}` } }, readError).catch((err: unknown) => {
      // The project's daily quota: the next try waits for Google's reset.
      throw untilReset(err);
    });
  const lacksRead = (scopes: string | null | undefined) => lacksScope(scopes, ...YOUTUBE_READ_SCOPES);

  return {
    async postMetrics(req: PostMetricsRequest): Promise<Map<string, PostMetricsReading>> {
      const out = new Map<string, PostMetricsReading>();
      const ids = [...new Set(req.posts.map((p) => p.externalId).filter((id) => VIDEO_ID.test(id)))];
      if (lacksRead(req.scopes)) {
        for (const id of ids) out.set(id, SCOPE_REFUSED);
        return out;
      }
      for (const batch of chunks(ids, IDS_PER_CALL)) {
        const url = `${ctx.serverUrl("https://www.googleapis.com/youtube/v3/videos")}?${new URLSearchParams({
          part: "statistics",
          id: batch.join(","),
          maxResults: String(IDS_PER_CALL),
        })}`;
        const answer = await orScope(() =>
          get<{ items?: { id: string; statistics?: Statistics }[] }>(url, req.accessToken),
        );
        if (answer === "scope") {
          for (const id of batch) out.set(id, SCOPE_REFUSED);
          continue;
        }
        // A deleted (or no longer visible) video is not among the items: it stays out of the map.
        for (const video of answer.items ?? []) {
          if (!batch.includes(video.id)) continue;
          const s = video.statistics ?? {};
          out.set(
            video.id,
            postReading(
              { views: s.viewCount, videoViews: s.viewCount, likes: s.likeCount, comments: s.commentCount },
              NOT_IN_STATISTICS,
            ),
          );
        }
      }
      return out;
    },

    /** The channel's subscribers, unless it hides their number; no account reach or profile views here. */
    async accountMetrics(accessToken: string, t?: TokenSet): Promise<AccountMetricsReading> {
      if (lacksRead(t?.scopes)) return followersReading("scope");
      const answer = await orScope(() =>
        get<{ items?: { statistics?: { subscriberCount?: string; hiddenSubscriberCount?: boolean } }[] }>(
          ctx.serverUrl("https://www.googleapis.com/youtube/v3/channels?part=statistics&mine=true"),
          accessToken,
        ),
      );
      if (answer === "scope") return followersReading("scope");
      const s = answer.items?.[0]?.statistics;
      return followersReading(s?.hiddenSubscriberCount ? undefined : s?.subscriberCount);
    },
  };
}
