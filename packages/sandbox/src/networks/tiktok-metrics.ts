import type { FastifyRequest } from "fastify";
import { flat, type NetworkKit, pick } from "../kit";
import { postFigures } from "../metrics";
import type { PublishedItem } from "../publishing";
import { caller, invalid, obj, ok } from "./tiktok-api";

/** Every field of TikTok's video object (Display API); asking for another one is refused. */
const VIDEO_FIELDS = new Set([
  "id",
  "create_time",
  "cover_image_url",
  "share_url",
  "video_description",
  "duration",
  "height",
  "width",
  "title",
  "embed_html",
  "embed_link",
  "like_count",
  "comment_count",
  "share_count",
  "view_count",
]);
const QUERY_MAX = 20;

/** The `fields` of a video request when they are all TikTok's, or what is wrong with them. */
export function videoFields(request: FastifyRequest): string | { problem: string } {
  const fields = flat(request.query).fields;
  if (!fields) return { problem: "The fields parameter is required." };
  const unknown = fields.split(",").find((f) => !VIDEO_FIELDS.has(f.trim()));
  return unknown === undefined ? fields : { problem: `Unknown field: ${unknown}.` };
}

/** A video as TikTok's Display API shows it, with its counts at `now` from the sandbox's figures. */
export function videoOf(kit: NetworkKit, request: FastifyRequest, i: PublishedItem, fields: string) {
  const f = postFigures("tiktok", i.id, i.at, new Date(kit.now()));
  return pick(
    {
      id: i.id,
      title: i.text,
      video_description: i.text,
      create_time: Math.floor(i.at.getTime() / 1000),
      share_url: i.url,
      duration: 15,
      height: 1920,
      width: 1080,
      cover_image_url: kit.urlFor(request, `p16-sign.tiktokcdn.com/${i.id}.jpeg`),
      embed_link: `https://www.tiktok.com/player/v1/${i.id}`,
      embed_html: `<blockquote class="tiktok-embed" cite="${i.url}" data-video-id="${i.id}"></blockquote>`,
      view_count: f.views,
      like_count: f.likes,
      comment_count: f.comments,
      share_count: f.shares,
    },
    fields,
  );
}

/** TikTok Display API: the counts of up to 20 of the user's own videos (`video/query`, scope video.list). */
export function tiktokMetrics(kit: NetworkKit) {
  kit.post("open.tiktokapis.com/v2/video/query/", async (request, reply) => {
    const claims = caller(kit, request, reply, ["video.list"]);
    if (!claims) return reply;
    const fields = videoFields(request);
    if (typeof fields !== "string") return invalid(reply, fields.problem);
    const ids = obj(obj(request.body).filters).video_ids;
    if (!Array.isArray(ids) || ids.length === 0 || ids.some((id) => typeof id !== "string" || !id))
      return invalid(reply, "filters.video_ids must be a list of video ids.");
    if (ids.length > QUERY_MAX) return invalid(reply, `filters.video_ids may hold at most ${QUERY_MAX} ids.`);
    // Only the user's own videos come back: an unknown id, or another creator's, is left out.
    const videos = (ids as string[])
      .map((id) => kit.publishing.find("tiktok", id))
      .filter((i): i is PublishedItem => i?.networkUserId === claims.userId)
      .map((i) => videoOf(kit, request, i, fields));
    return ok({ videos });
  });
}
