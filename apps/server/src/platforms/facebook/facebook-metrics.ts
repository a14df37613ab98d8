import { type ErrorReader, NetworkError, networkCall } from "../http";
import { because, lacksScope, orScope, postReading } from "../metrics";
import type { NetworkContext, PostMetricsReading, PostMetricsRequest } from "../platform";
import type { FacebookPageTokens } from "./facebook-page-tokens";

/** Page post ids are `{page-id}_{post-id}`: the Page of a post named without one. */
const PAGE_POST_ID = /^(\d{1,25})_\d{1,25}$/;
const POST_ID = /^\d{1,25}(_\d{1,25})?$/;

/**
 * The post insights asked for (lifetime), by our names. The impressions metrics were removed in November 2025;
 * views and viewers (post_media_view, post_total_media_view_unique) replaced them. Video views come only for
 * videos.
 */
const INSIGHTS = {
  post_media_view: "views",
  post_total_media_view_unique: "reach",
  post_clicks: "clicks",
  post_video_views: "videoViews",
} as const;
const INSIGHT_METRICS = Object.values(INSIGHTS);
const ENGAGEMENT = ["likes", "comments", "shares"] as const;

interface PostNode {
  reactions?: { summary?: { total_count?: number } };
  comments?: { summary?: { total_count?: number } };
  shares?: { count?: number };
}

/**
 * Facebook Page posts' figures, one post at a time with the Page's token: reactions, comments and shares on the
 * post node (pages_read_engagement), views, viewers and clicks from its insights (read_insights too). Graph
 * has no saves of Page posts.
 */
export function facebookMetrics(
  ctx: NetworkContext,
  graphBase: string,
  readError: ErrorReader,
  pageTokens: FacebookPageTokens,
) {
  const get = <T>(path: string, params: Record<string, string>) =>
    networkCall<T>(`${ctx.serverUrl(`${graphBase}${path}`)}?${new URLSearchParams(params)}`, {}, readError);

  /** The post's node, or null when Graph does not show it (deleted, or not the Page's). */
  async function engagement(id: string, token: string): Promise<PostNode | null | "scope"> {
    try {
      return await orScope(() =>
        get<PostNode>(`/${id}`, {
          fields: "reactions.summary(total_count),comments.summary(total_count),shares",
          access_token: token,
        }),
      );
    } catch (err) {
      if (err instanceof NetworkError && !err.transient && !err.tokenRejected && err.status < 500) return null;
      throw err;
    }
  }

  async function insights(id: string, token: string) {
    const answer = await orScope(() =>
      get<{ data?: { name?: string; values?: { value?: unknown }[] }[] }>(`/${id}/insights`, {
        metric: Object.keys(INSIGHTS).join(","),
        access_token: token,
      }),
    );
    if (answer === "scope") return "scope" as const;
    const figures: Partial<Record<(typeof INSIGHT_METRICS)[number], unknown>> = {};
    for (const row of answer.data ?? []) {
      const ours = INSIGHTS[row.name as keyof typeof INSIGHTS];
      if (ours) figures[ours] = row.values?.[0]?.value;
    }
    return figures;
  }

  return {
    async postMetrics(req: PostMetricsRequest): Promise<Map<string, PostMetricsReading>> {
      const out = new Map<string, PostMetricsReading>();
      // Both reads need pages_read_engagement; insights need read_insights as well.
      const noEngagement = lacksScope(req.scopes, "pages_read_engagement");
      const noInsights = lacksScope(req.scopes, "read_insights");
      for (const { externalId: id, pageId: givenPage } of req.posts) {
        const pageId = givenPage ?? PAGE_POST_ID.exec(id)?.[1];
        if (!POST_ID.test(id) || !pageId || out.has(id)) continue;
        if (noEngagement) {
          out.set(id, postReading({}, because("scope", [...ENGAGEMENT, ...INSIGHT_METRICS])));
          continue;
        }
        const token = await pageTokens.read(req.accessToken, pageId);
        // No token: not a Page of this person any more, so none of its posts can be read.
        if (!token) continue;
        try {
          const node = await engagement(id, token);
          if (node === null) continue;
          const seen = noInsights ? "scope" : await insights(id, token);
          const unavailable = {
            ...(node === "scope" && because("scope", ENGAGEMENT)),
            ...(seen === "scope" && because("scope", INSIGHT_METRICS)),
          };
          const counts =
            node === "scope"
              ? {}
              : {
                  likes: node.reactions?.summary?.total_count,
                  comments: node.comments?.summary?.total_count,
                  // Graph leaves `shares` out of a post nobody shared yet.
                  shares: node.shares ? node.shares.count : 0,
                };
          out.set(id, postReading({ ...counts, ...(seen === "scope" ? {} : seen) }, unavailable));
        } catch (err) {
          pageTokens.forget(req.accessToken, pageId, err);
          throw err;
        }
      }
      return out;
    },
  };
}
