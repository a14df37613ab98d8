import type { NetworkKit } from "../kit";
import type { PostFigures } from "../metrics";
import type { PublishedItem } from "../publishing";
import { figuresOf } from "./figures";
import { graphError, graphParams } from "./graph";
import { igCaller, igObjectMissing } from "./instagram-access";

/**
 * Instagram's results of a media: like and comment counts on the media node, and its lifetime insights.
 * `impressions`, `plays` and the other view counts Meta folded into `views` in 2025 are refused as unknown.
 */

const MEDIA_METRICS: Record<string, (f: PostFigures) => number> = {
  views: (f) => f.views,
  reach: (f) => f.reach,
  likes: (f) => f.likes,
  comments: (f) => f.comments,
  shares: (f) => f.shares,
  saved: (f) => f.saves,
  total_interactions: (f) => f.likes + f.comments + f.shares + f.saves,
};
/** Stories have no saves and no interaction total. */
const NOT_ON_STORIES = ["saved", "total_interactions"];

/** The media node's counts (`fields=like_count,comments_count`). */
export function mediaCounts(kit: NetworkKit, item: PublishedItem) {
  const f = figuresOf(kit, item);
  return { like_count: f.likes, comments_count: f.comments };
}

export function instagramMetrics(kit: NetworkKit, host: string) {
  kit.get(`${host}/:id/insights`, async (request, reply) => {
    const params = graphParams(request);
    const claims = igCaller(kit, request, reply, params, "insights");
    if (!claims) return reply;
    const id = (request.params as { id: string }).id;
    const item = kit.publishing.find("instagram", id);
    if (!item || item.networkUserId !== claims.userId) return reply.status(400).send(igObjectMissing(id));
    const metrics = (params.metric ?? "").split(",").map((m) => m.trim());
    const known = Object.keys(MEDIA_METRICS);
    const unknown = metrics.findIndex((m) => !(m in MEDIA_METRICS));
    if (unknown >= 0)
      return reply
        .status(400)
        .send(graphError(`(#100) metric[${unknown}] must be one of the following values: ${known.join(", ")}`, 100));
    const unsupported = item.kind === "story" && metrics.find((m) => NOT_ON_STORIES.includes(m));
    if (unsupported)
      return reply
        .status(400)
        .send(graphError(`(#100) The metric ${unsupported} is not supported for this media type`, 100));
    const f = figuresOf(kit, item);
    return {
      data: metrics.map((name) => ({
        name,
        period: "lifetime",
        values: [{ value: MEDIA_METRICS[name]?.(f) ?? 0 }],
        id: `${id}/insights/${name}/lifetime`,
      })),
    };
  });
}
