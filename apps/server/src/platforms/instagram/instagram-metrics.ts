import { type ErrorReader, NetworkError, networkCall } from "../http";
import { because, followersReading, lacksScope, orScope, postReading } from "../metrics";
import type {
  AccountMetricsReading,
  NetworkContext,
  PostMetricsReading,
  PostMetricsRequest,
  TokenSet,
} from "../platform";

const MEDIA_ID = /^\d{1,25}$/;
/** Media insights need this permission (Instagram Login's name; Facebook Login's is instagram_manage_insights). */
const INSIGHTS_SCOPES = ["instagram_business_manage_insights", "instagram_manage_insights"];
const BASIC_SCOPES = ["instagram_business_basic", "instagram_basic"];

/**
 * The media insights asked for, by our names. Since 2025 `views` replaced impressions and plays; stories have
 * no likes, comments or saves there.
 */
const INSIGHTS = {
  views: "views",
  reach: "reach",
  likes: "likes",
  comments: "comments",
  shares: "shares",
  saved: "saves",
} as const;
const STORY_INSIGHTS = ["views", "reach", "shares"];
const INSIGHT_METRICS = ["views", "reach", "shares", "saves"] as const;
/** Instagram gives no link clicks of a media; reels' plays are counted in views. */
const NOT_GIVEN = because("network", ["clicks", "videoViews"] as const);

interface Media {
  media_product_type?: string;
  like_count?: number;
  comments_count?: number;
}

/** Instagram media figures (the media node's counts and its lifetime insights, one media at a time) and followers. */
export function instagramMetrics(ctx: NetworkContext, graphBase: string, readError: ErrorReader) {
  const get = <T>(path: string, params: Record<string, string>) =>
    networkCall<T>(`${ctx.serverUrl(`${graphBase}${path}`)}?${new URLSearchParams(params)}`, {}, readError);

  /** The media node, or null when Instagram does not show it (deleted, or not the account's). */
  async function media(id: string, accessToken: string): Promise<Media | null | "scope"> {
    try {
      return await orScope(() =>
        get<Media>(`/${id}`, { fields: "media_product_type,like_count,comments_count", access_token: accessToken }),
      );
    } catch (err) {
      if (err instanceof NetworkError && !err.transient && !err.tokenRejected && err.status < 500) return null;
      throw err;
    }
  }

  async function insights(id: string, accessToken: string, story: boolean) {
    const metrics = Object.keys(INSIGHTS).filter((m) => !story || STORY_INSIGHTS.includes(m));
    const answer = await orScope(() =>
      get<{ data?: { name?: string; values?: { value?: unknown }[] }[] }>(`/${id}/insights`, {
        metric: metrics.join(","),
        access_token: accessToken,
      }),
    );
    if (answer === "scope") return "scope" as const;
    const figures: Partial<Record<(typeof INSIGHTS)[keyof typeof INSIGHTS], unknown>> = {};
    for (const row of answer.data ?? []) {
      const ours = INSIGHTS[row.name as keyof typeof INSIGHTS];
      if (ours) figures[ours] = row.values?.[0]?.value;
    }
    return figures;
  }

  return {
    async postMetrics(req: PostMetricsRequest): Promise<Map<string, PostMetricsReading>> {
      const out = new Map<string, PostMetricsReading>();
      const noInsights = lacksScope(req.scopes, ...INSIGHTS_SCOPES);
      const everything = [...INSIGHT_METRICS, "likes", "comments"] as const;
      for (const { externalId: id } of req.posts) {
        if (!MEDIA_ID.test(id) || out.has(id)) continue;
        if (lacksScope(req.scopes, ...BASIC_SCOPES)) {
          out.set(id, postReading({}, { ...because("scope", everything), ...NOT_GIVEN }));
          continue;
        }
        const node = await media(id, req.accessToken);
        if (node === null) continue;
        if (node === "scope") {
          out.set(id, postReading({}, { ...because("scope", everything), ...NOT_GIVEN }));
          continue;
        }
        const seen = noInsights ? "scope" : await insights(id, req.accessToken, node.media_product_type === "STORY");
        const figures = {
          ...(seen === "scope" ? {} : seen),
          // The node's counts need no insights permission.
          ...(node.like_count !== undefined && { likes: node.like_count }),
          ...(node.comments_count !== undefined && { comments: node.comments_count }),
        };
        out.set(id, postReading(figures, { ...NOT_GIVEN, ...(seen === "scope" && because("scope", INSIGHT_METRICS)) }));
      }
      return out;
    },

    /** Followers from the account node; account reach and profile views are not read yet. */
    async accountMetrics(accessToken: string, t?: TokenSet): Promise<AccountMetricsReading> {
      if (lacksScope(t?.scopes, ...BASIC_SCOPES)) return followersReading("scope");
      // The account node as the profile reads it (graph.instagram.com/me).
      const url = `${ctx.serverUrl("https://graph.instagram.com/me")}?${new URLSearchParams({ fields: "followers_count", access_token: accessToken })}`;
      const me = await orScope(() => networkCall<{ followers_count?: number }>(url, {}, readError));
      if (me === "scope") return followersReading("scope");
      return followersReading(me.followers_count);
    },
  };
}
