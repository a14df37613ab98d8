import type { FastifyReply } from "fastify";
import { hasScope, isRefusal, type NetworkKit } from "../kit";
import { followersOn } from "../metrics";
import type { Person } from "../people";
import type { PublishedItem } from "../publishing";
import type { Claims } from "../tokens";
import { followersOf, missingPermission, missingReadEngagement, pagesOf, type SandboxPage } from "./facebook-pages";
import type { Photo } from "./facebook-publish";
import { dayStart, daysBetween, figuresOf, nextDay, utcDay } from "./figures";
import { graphError, graphParams, graphToken, graphTokenError, objectMissing } from "./graph";

/**
 * Facebook's results of Pages and their posts: engagement counts on the post node, post insights (lifetime)
 * and Page insights (by day). The impressions metrics (post_impressions*, page_impressions*, page_fans...)
 * were removed in November 2025: Graph answers them as any metric it does not know.
 */

const DAY = 86_400_000;
/** Graph serves at most this span of days between since and until. */
const MAX_DAYS = 93;

const fail = (reply: FastifyReply, status: number, body: unknown) => reply.status(status).send(body);

/** The post node's engagement fields (`reactions.summary(total_count)`...); Graph leaves `shares` out while there are none. */
export function postEngagement(kit: NetworkKit, item: PublishedItem) {
  const f = figuresOf(kit, item);
  return {
    reactions: { data: [], summary: { total_count: f.likes, viewer_reaction: "NONE" } },
    comments: { data: [], summary: { order: "ranked", total_count: f.comments, can_comment: true } },
    ...(f.shares > 0 && { shares: { count: f.shares } }),
  };
}

export const ENGAGEMENT_POST_FIELDS = ["reactions", "comments", "shares"];

/** Graph's refusal of a call that needs a Page token (insights, engagement of a Page's posts). */
export const needsPageToken = (reply: FastifyReply) =>
  fail(reply, 400, graphError("(#190) This method must be called with a Page Access Token", 190));

const POST_METRICS: Record<string, (item: PublishedItem, kit: NetworkKit) => number | null> = {
  post_media_view: (i, kit) => figuresOf(kit, i).views,
  post_total_media_view_unique: (i, kit) => figuresOf(kit, i).reach,
  post_clicks: (i, kit) => figuresOf(kit, i).clicks,
  // Only videos have video views; Graph answers other posts without the metric.
  post_video_views: (i, kit) => (i.kind === "video" ? figuresOf(kit, i).videoViews : null),
};

/** What a Page's posts gathered on a day: one figure per day, summed over the Page's posts. */
const PAGE_DAILY: Record<string, "views" | "engagements"> = {
  page_media_view: "views",
  page_post_engagements: "engagements",
};
const PAGE_METRICS = ["page_follows", ...Object.keys(PAGE_DAILY)];

const invalidMetric = (reply: FastifyReply) =>
  fail(reply, 400, graphError("(#100) The value must be a valid insights metric", 100));

/** `since` / `until` as Graph takes them: a unix time in seconds or a date; undefined when absent, NaN when bad. */
function timeParam(value: string | undefined): number | undefined {
  if (value === undefined || value === "") return undefined;
  if (/^\d{1,12}$/.test(value)) return Number(value) * 1000;
  return /^\d{4}-\d\d-\d\d/.test(value) ? Date.parse(value) : Number.NaN;
}

export function facebookMetrics(kit: NetworkKit, graph: string) {
  const photos = kit.publishing.pending<Photo>("facebook", "photos");

  /** The Page or post the path names, if the caller may see it. */
  function target(claims: Claims, id: string): { page: SandboxPage; person: Person } | { post: PublishedItem } | null {
    const person = kit.person(claims);
    const page = pagesOf(person).find((p) => p.id === id);
    if (page) return { page, person };
    const item = kit.publishing.find("facebook", photos.get(id)?.postId ?? id);
    if (item && item.networkUserId === claims.userId && item.visibility !== "unpublished") return { post: item };
    return null;
  }

  kit.get(`${graph}/:id/insights`, async (request, reply) => {
    const params = graphParams(request);
    const claims = graphToken(kit, request, params);
    if (isRefusal(claims)) return fail(reply, 400, graphTokenError(claims));
    const id = (request.params as { id: string }).id;
    const found = target(claims, id);
    if (!found) return fail(reply, 400, objectMissing(id));
    if (claims.kind !== "page") return needsPageToken(reply);
    if (!hasScope(claims, "pages_read_engagement")) return missingReadEngagement(reply);
    if (!hasScope(claims, "read_insights")) return missingPermission(reply, "read_insights");
    const metrics = (params.metric ?? "")
      .split(",")
      .map((m) => m.trim())
      .filter(Boolean);
    if (metrics.length === 0)
      return fail(
        reply,
        400,
        graphError(
          "No metric was specified to be fetched. Please specify one or more metrics to be fetched and try again.",
          3001,
          1504028,
        ),
      );
    const row = (name: string, period: string, values: unknown[]) => ({
      name,
      period,
      values,
      id: `${id}/insights/${name}/${period}`,
    });

    if ("post" in found) {
      if (metrics.some((m) => !(m in POST_METRICS))) return invalidMetric(reply);
      return {
        data: metrics.flatMap((m) => {
          const value = POST_METRICS[m]?.(found.post, kit) ?? null;
          return value === null ? [] : [row(m, "lifetime", [{ value }])];
        }),
      };
    }

    if (metrics.some((m) => !PAGE_METRICS.includes(m))) return invalidMetric(reply);
    if ((params.period ?? "day") !== "day") return fail(reply, 400, graphError("(#100) Invalid period", 100));
    const since = timeParam(params.since);
    const until = timeParam(params.until);
    if (Number.isNaN(since) || Number.isNaN(until))
      return fail(reply, 400, graphError("(#100) since and until must be unix times or dates", 100));
    // Without a range, Graph gives the last two whole days.
    const today = utcDay(kit.now());
    const last = until === undefined ? utcDay(dayStart(today) - DAY) : utcDay((until as number) - DAY);
    const first = since === undefined ? utcDay(dayStart(last) - DAY) : utcDay(since as number);
    if (dayStart(first) > dayStart(last)) return fail(reply, 400, graphError("(#100) since must be before until", 100));
    if ((dayStart(last) - dayStart(first)) / DAY + 1 > MAX_DAYS)
      return fail(
        reply,
        400,
        graphError("(#100) There cannot be more than 90 days (7776000 s) between since and until", 100),
      );
    const days = daysBetween(first, last);
    const posts = kit.publishing
      .of("facebook", claims.userId)
      .filter((i) => i.pageId === found.page.id && i.visibility !== "unpublished");
    const start = followersOf(found.person, found.page);
    return {
      data: metrics.map((m) =>
        row(
          m,
          "day",
          days.map((day) => ({
            value:
              m === "page_follows"
                ? followersOn("facebook", found.page.id, start, day)
                : dailyOf(kit, posts, day, PAGE_DAILY[m] as "views" | "engagements"),
            end_time: `${nextDay(day)}T08:00:00+0000`,
          })),
        ),
      ),
    };
  });
}

/** What the posts gathered during one UTC day. */
function dailyOf(kit: NetworkKit, posts: PublishedItem[], day: string, what: "views" | "engagements") {
  const count = (item: PublishedItem, at: number) => {
    const f = figuresOf(kit, item, Math.min(at, kit.now()));
    return what === "views" ? f.views : f.likes + f.comments + f.shares + f.clicks;
  };
  const from = dayStart(day);
  return posts.reduce((sum, item) => sum + count(item, from + DAY) - count(item, from), 0);
}

/** Whether a post read asks for engagement fields (which need a Page token and pages_read_engagement). */
export const asksPostEngagement = (fields: string | undefined) =>
  (fields ?? "").split(",").some((f) => ENGAGEMENT_POST_FIELDS.includes(f.trim().split(/[.{(]/)[0] as string));
