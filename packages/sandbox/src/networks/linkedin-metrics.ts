import type { FastifyReply } from "fastify";
import { flat, hasScope, type NetworkKit } from "../kit";
import type { PostFigures } from "../metrics";
import type { PublishedItem } from "../publishing";
import { dayStart, daysBetween, figuresOf, utcDay } from "./figures";
import { apiError, notPermitted, resourceOf, restCall } from "./linkedin";
import { badRequest, memberUrn } from "./linkedin-media";
import { administers, organizationIdOf } from "./linkedin-organizations";

/**
 * LinkedIn's results of posts: social actions (likes and comments) of any post the token may read, share
 * statistics of an organization's posts, and a member's own post analytics (memberCreatorPostAnalytics,
 * with r_member_postAnalytics).
 */

const DAY = 86_400_000;

const notFound = (reply: FastifyReply) => reply.status(404).send(apiError(404, undefined, "NOT_FOUND", "Not Found"));
const invalidQuery = (reply: FastifyReply) => badRequest(reply, "Invalid query parameters passed to request");

/** The member analytics' metrics, by their queryType. */
const MEMBER_METRICS: Record<string, (f: PostFigures) => number> = {
  IMPRESSION: (f) => f.views,
  MEMBERS_REACHED: (f) => f.reach,
  RESHARE: (f) => f.shares,
  REACTION: (f) => f.likes,
  COMMENT: (f) => f.comments,
  POST_SAVE: (f) => f.saves,
};

/** `List(a,b)` of a Rest.li query (its values already URL-decoded), or null when the value is not a list. */
function restliList(value: string | undefined): string[] | null {
  if (value === undefined) return [];
  const m = /^List\(([^()]*)\)$/.exec(value);
  return m ? (m[1] as string).split(",").filter(Boolean) : null;
}

/** `{year, month, day}` of a UTC day, as LinkedIn's date ranges give it. */
const dateOf = (day: string) => {
  const [year, month, d] = day.split("-").map(Number);
  return { year, month, day: d };
};

export function linkedinMetrics(kit: NetworkKit) {
  const api = "api.linkedin.com/rest";
  const item = (urn: string) => kit.publishing.find("linkedin", urn);

  kit.get(`${api}/socialActions/:urn`, async (request, reply) => {
    const claims = restCall(kit, request, reply, "socialActions.GET");
    if (!claims) return reply;
    const urn = (request.params as { urn: string }).urn;
    const post = item(urn);
    if (!post || post.networkUserId !== claims.userId) return notFound(reply);
    // A member's post is read with the closed r_member_social; a page's with r_organization_social as its admin.
    const organization = organizationIdOf(post.author);
    const readable =
      organization === null
        ? hasScope(claims, "r_member_social")
        : hasScope(claims, "r_organization_social") && administers(kit.person(claims), organization);
    if (!readable) return notPermitted(reply, resourceOf(request, "socialActions.GET"));
    const f = figuresOf(kit, post);
    return {
      target: urn,
      likesSummary: { selectedLikes: [], likedByCurrentUser: false, totalLikes: f.likes },
      commentsSummary: {
        selectedComments: [],
        aggregatedTotalComments: f.comments,
        totalFirstLevelComments: f.comments,
        commentsState: "OPEN",
      },
    };
  });

  kit.get(`${api}/organizationalEntityShareStatistics`, async (request, reply) => {
    const q = flat(request.query);
    const claims = restCall(kit, request, reply, `organizationalEntityShareStatistics.FINDER-${q.q ?? "unknown"}`, [
      "r_organization_social",
      "rw_organization_admin",
    ]);
    if (!claims) return reply;
    const organization = organizationIdOf(q.organizationalEntity);
    const shares = restliList(q.shares);
    const ugcPosts = restliList(q.ugcPosts);
    if (q.q !== "organizationalEntity" || organization === null || !shares || !ugcPosts) return invalidQuery(reply);
    if (!administers(kit.person(claims), organization))
      return notPermitted(
        reply,
        resourceOf(request, "organizationalEntityShareStatistics.FINDER-organizationalEntity"),
      );
    const orgUrn = `urn:li:organization:${organization}`;
    const asked = [
      ...shares.map((urn) => ({ urn, key: "share" })),
      ...ugcPosts.map((urn) => ({ urn, key: "ugcPost" })),
    ];
    const posts: { key: string; post: PublishedItem }[] = [];
    for (const { urn, key } of asked) {
      const post = item(urn);
      if (!post || post.author !== orgUrn || !urn.startsWith(`urn:li:${key}:`)) return notFound(reply);
      posts.push({ key, post });
    }
    const statistics = (list: PublishedItem[]) => {
      const sum = (pick: (f: PostFigures) => number) => list.reduce((n, p) => n + pick(figuresOf(kit, p)), 0);
      const impressionCount = sum((f) => f.views);
      const clickCount = sum((f) => f.clicks);
      const likeCount = sum((f) => f.likes);
      const commentCount = sum((f) => f.comments);
      const shareCount = sum((f) => f.shares);
      return {
        impressionCount,
        uniqueImpressionsCount: sum((f) => f.reach),
        clickCount,
        likeCount,
        commentCount,
        shareCount,
        engagement: impressionCount ? (clickCount + likeCount + commentCount + shareCount) / impressionCount : 0,
      };
    };
    // Without posts named, the organization's lifetime totals over all its posts.
    const elements =
      posts.length === 0
        ? [
            {
              organizationalEntity: orgUrn,
              totalShareStatistics: statistics(kit.publishing.list("linkedin").filter((p) => p.author === orgUrn)),
            },
          ]
        : posts.map(({ key, post }) => ({
            organizationalEntity: orgUrn,
            [key]: post.id,
            totalShareStatistics: statistics([post]),
          }));
    return { paging: { start: 0, count: 10, links: [] }, elements };
  });

  kit.get(`${api}/memberCreatorPostAnalytics`, async (request, reply) => {
    const q = flat(request.query);
    const claims = restCall(kit, request, reply, `memberCreatorPostAnalytics.FINDER-${q.q ?? "unknown"}`, [
      "r_member_postAnalytics",
    ]);
    if (!claims) return reply;
    const metric = MEMBER_METRICS[q.queryType ?? ""];
    const aggregation = q.aggregation ?? "TOTAL";
    if (!metric || !Object.hasOwn(MEMBER_METRICS, q.queryType ?? "") || !["TOTAL", "DAILY"].includes(aggregation))
      return invalidQuery(reply);
    const own = memberUrn(kit, claims);
    let posts: PublishedItem[];
    let target: Record<string, string> | undefined;
    if (q.q === "entity") {
      // `(share:urn:li:share:1)` or `(ugc:urn:li:ugcPost:1)`
      const m = /^\((share|ugc):(urn:li:(share|ugcPost):\d+)\)$/.exec(q.entity ?? "");
      if (!m || (m[1] === "share") !== (m[3] === "share")) return invalidQuery(reply);
      const post = item(m[2] as string);
      // Only the member's own posts have analytics here (a page's are in its share statistics).
      if (!post || post.networkUserId !== claims.userId || post.author !== own) return notFound(reply);
      posts = [post];
      target = { [m[1] as string]: post.id };
    } else if (q.q === "me") {
      posts = kit.publishing.of("linkedin", claims.userId).filter((p) => p.author === own);
    } else return invalidQuery(reply);
    const count = (at: number) => posts.reduce((n, p) => n + metric(figuresOf(kit, p, at)), 0);
    const now = kit.now();
    const base = { metricType: q.queryType, ...(target && { targetEntity: target }) };
    if (aggregation === "TOTAL")
      return { paging: { start: 0, count: 10, links: [] }, elements: [{ ...base, count: count(now) }] };
    // DAILY: what the posts gathered on each day since the first went out, up to today.
    const first = posts.reduce((t, p) => Math.min(t, p.at.getTime()), now);
    const elements = daysBetween(utcDay(first), utcDay(now)).map((day) => ({
      ...base,
      count: count(Math.min(dayStart(day) + DAY, now)) - count(dayStart(day)),
      dateRange: { start: dateOf(day), end: dateOf(utcDay(dayStart(day) + DAY)) },
    }));
    return { paging: { start: 0, count: elements.length, links: [] }, elements };
  });
}
