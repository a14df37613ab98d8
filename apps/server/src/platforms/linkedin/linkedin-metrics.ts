import { type ErrorReader, NetworkError, networkCall } from "../http";
import { because, chunks, count, followersReading, lacksScope, orScope, postReading } from "../metrics";
import type {
  AccountMetricsReading,
  NetworkContext,
  PostMetricsReading,
  PostMetricsRequest,
  TokenSet,
} from "../platform";

/** The member's follower count needs this scope (Community Management API); without it LinkedIn answers 403. */
export const FOLLOWERS_SCOPE = "r_member_profileAnalytics";
const POST_URN = /^urn:li:(share|ugcPost):\d{1,25}$/;
/** Posts named in one share-statistics call. */
const POSTS_PER_CALL = 20;
const ORGANIZATION_SCOPES = ["r_organization_social", "rw_organization_admin"];

/** A member's post analytics (memberCreatorPostAnalytics, r_member_postAnalytics): one figure a call. */
const MEMBER_QUERIES = {
  IMPRESSION: "views",
  MEMBERS_REACHED: "reach",
  RESHARE: "shares",
  REACTION: "likes",
  COMMENT: "comments",
  POST_SAVE: "saves",
} as const;
const MEMBER_METRICS = Object.values(MEMBER_QUERIES);

interface ShareStatistics {
  impressionCount?: number;
  uniqueImpressionsCount?: number;
  clickCount?: number;
  likeCount?: number;
  commentCount?: number;
  shareCount?: number;
}

/** A company post's figures; share statistics have no saves nor video views. */
const ORGANIZATION_FIGURES = ["views", "reach", "clicks", "likes", "comments", "shares"] as const;
const statisticsReading = (s: ShareStatistics) =>
  postReading({
    views: s.impressionCount,
    reach: s.uniqueImpressionsCount,
    clicks: s.clickCount,
    likes: s.likeCount,
    comments: s.commentCount,
    shares: s.shareCount,
  });

/** `urn:li:organization:N` of a post's page (its id or URN), or null for a member's own post. */
function organizationOf(pageId: string | null | undefined): string | null {
  if (!pageId) return null;
  if (/^\d{1,20}$/.test(pageId)) return `urn:li:organization:${pageId}`;
  return /^urn:li:organization:\d{1,20}$/.test(pageId) ? pageId : null;
}

/**
 * LinkedIn's figures of posts: a company page's posts from its share statistics (batched by organization), a
 * member's own posts from their post analytics, or only likes and comments from social actions (which needs
 * the closed r_member_social); and the member's followers.
 */
export function linkedinMetrics(ctx: NetworkContext, restHeaders: Record<string, string>, readError: ErrorReader) {
  const rest = (path: string) => ctx.serverUrl(`https://api.linkedin.com/rest/${path}`);
  const get = <T>(path: string, accessToken: string) =>
    networkCall<T>(rest(path), { headers: { authorization: `Bearer ${accessToken}`, ...restHeaders } }, readError);
  /** LinkedIn's "not found" (a deleted post, or not the caller's) is no failure of the read. */
  const unlessGone = async <T>(read: () => Promise<T>): Promise<T | null> => {
    try {
      return await read();
    } catch (err) {
      if (err instanceof NetworkError && err.status === 404) return null;
      throw err;
    }
  };

  /** One organization's posts, `POSTS_PER_CALL` a call; a batch LinkedIn refuses for one gone post is read post by post. */
  async function organizationPosts(
    accessToken: string,
    org: string,
    urns: string[],
    out: Map<string, PostMetricsReading>,
  ) {
    const read = (batch: string[]) => {
      const list = (kind: string) =>
        `List(${batch
          .filter((u) => u.startsWith(`urn:li:${kind}:`))
          .map(encodeURIComponent)
          .join(",")})`;
      const shares = batch.some((u) => u.startsWith("urn:li:share:")) ? `&shares=${list("share")}` : "";
      const ugcPosts = batch.some((u) => u.startsWith("urn:li:ugcPost:")) ? `&ugcPosts=${list("ugcPost")}` : "";
      return orScope(() =>
        get<{ elements?: { share?: string; ugcPost?: string; totalShareStatistics?: ShareStatistics }[] }>(
          `organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeURIComponent(org)}${shares}${ugcPosts}`,
          accessToken,
        ),
      );
    };
    for (const batch of chunks(urns, POSTS_PER_CALL)) {
      const answer = await unlessGone(() => read(batch));
      if (answer === null && batch.length > 1) {
        for (const urn of batch) await organizationPosts(accessToken, org, [urn], out);
        continue;
      }
      if (answer === null) continue;
      if (answer === "scope") {
        for (const urn of batch) out.set(urn, postReading({}, because("scope", ORGANIZATION_FIGURES)));
        continue;
      }
      for (const e of answer.elements ?? []) {
        const urn = e.share ?? e.ugcPost;
        if (urn && batch.includes(urn) && e.totalShareStatistics)
          out.set(urn, statisticsReading(e.totalShareStatistics));
      }
    }
  }

  /** A member's own post from their post analytics: null when LinkedIn does not find it. */
  async function memberAnalytics(accessToken: string, urn: string) {
    const entity = `(${urn.startsWith("urn:li:share:") ? "share" : "ugc"}:${encodeURIComponent(urn)})`;
    const figures: Partial<Record<(typeof MEMBER_METRICS)[number], number>> = {};
    const unavailable: Partial<Record<(typeof MEMBER_METRICS)[number], "scope" | "network">> = {};
    for (const [query, ours] of Object.entries(MEMBER_QUERIES)) {
      let answer: { elements?: { count?: number }[] } | "scope" | null;
      try {
        answer = await unlessGone(() =>
          orScope(() =>
            get<{ elements?: { count?: number }[] }>(
              `memberCreatorPostAnalytics?q=entity&entity=${entity}&queryType=${query}&aggregation=TOTAL`,
              accessToken,
            ),
          ),
        );
      } catch (err) {
        // A query type this API version does not know (saves are newer than the others) is a figure LinkedIn lacks.
        if (err instanceof NetworkError && err.status === 400) {
          unavailable[ours] = "network";
          continue;
        }
        throw err;
      }
      if (answer === null) return null;
      if (answer === "scope") return "scope" as const;
      const value = count(answer.elements?.[0]?.count);
      if (value === undefined) unavailable[ours] = "network";
      else figures[ours] = value;
    }
    return { figures, unavailable };
  }

  /** Likes and comments of a member's post (social actions need r_member_social): null when not found. */
  async function socialActions(accessToken: string, urn: string) {
    return unlessGone(() =>
      orScope(() =>
        get<{ likesSummary?: { totalLikes?: number }; commentsSummary?: { totalFirstLevelComments?: number } }>(
          `socialActions/${encodeURIComponent(urn)}`,
          accessToken,
        ),
      ),
    );
  }

  async function memberPost(accessToken: string, scopes: string | null | undefined, urn: string) {
    // Clicks of a member's post are not in their analytics.
    const analytics = lacksScope(scopes, "r_member_postAnalytics") ? "scope" : await memberAnalytics(accessToken, urn);
    if (analytics === null) return null;
    if (analytics !== "scope") return postReading(analytics.figures, { clicks: "network", ...analytics.unavailable });
    const social = lacksScope(scopes, "r_member_social") ? "scope" : await socialActions(accessToken, urn);
    if (social === null) return null;
    const withoutAnalytics = { ...because("scope", MEMBER_METRICS), clicks: "network" } as const;
    if (social === "scope") return postReading({}, withoutAnalytics);
    return postReading(
      { likes: social.likesSummary?.totalLikes, comments: social.commentsSummary?.totalFirstLevelComments },
      withoutAnalytics,
    );
  }

  /** The member's followers, read with r_member_profileAnalytics; throws what LinkedIn answers otherwise. */
  async function followers(accessToken: string): Promise<number | undefined> {
    const answer = await get<{ elements?: { memberFollowersCount?: number }[] }>(
      "memberFollowersCount?q=me",
      accessToken,
    );
    return count(answer.elements?.[0]?.memberFollowersCount);
  }

  return {
    followers,

    async postMetrics(req: PostMetricsRequest): Promise<Map<string, PostMetricsReading>> {
      const out = new Map<string, PostMetricsReading>();
      const byOrganization = new Map<string, string[]>();
      const members: string[] = [];
      for (const { externalId: urn, pageId } of req.posts) {
        if (!POST_URN.test(urn)) continue;
        const org = organizationOf(pageId);
        if (!org) {
          if (!members.includes(urn)) members.push(urn);
          continue;
        }
        const list = byOrganization.get(org) ?? [];
        if (!list.includes(urn)) list.push(urn);
        byOrganization.set(org, list);
      }
      const noOrganizationRead = lacksScope(req.scopes, ...ORGANIZATION_SCOPES);
      for (const [org, urns] of byOrganization) {
        if (noOrganizationRead)
          for (const urn of urns) out.set(urn, postReading({}, because("scope", ORGANIZATION_FIGURES)));
        else await organizationPosts(req.accessToken, org, urns, out);
      }
      for (const urn of members) {
        const reading = await memberPost(req.accessToken, req.scopes, urn);
        if (reading) out.set(urn, reading);
      }
      return out;
    },

    /** Followers only: LinkedIn's member reach and profile views are not offered to apps. */
    async accountMetrics(accessToken: string, t?: TokenSet): Promise<AccountMetricsReading> {
      if (lacksScope(t?.scopes, FOLLOWERS_SCOPE)) return followersReading("scope");
      return followersReading(await orScope(() => followers(accessToken)));
    },
  };
}
