import type { FastifyReply, FastifyRequest } from "fastify";
import { type NetworkKit, pick } from "../kit";
import type { MediaRecord } from "../media";
import { pageAt } from "../paging";
import { alnumId, numericId, type PublishedItem, type PublishedKind } from "../publishing";
import type { Claims } from "../tokens";
import { graphError, graphPaging, graphParams } from "./graph";
import { IG_HOSTS, igAccountFields, igCaller, igIdsOf, igObjectMissing } from "./instagram-access";
import { answerIgComment } from "./instagram-comments";
import { instagramMetrics, mediaCounts } from "./instagram-metrics";

const CAPTION_MAX = 2200;
/** Instagram's cap since December 2025 (it was 30): a caption with more is refused. */
const HASHTAGS_MAX = 5;
const MENTIONS_MAX = 20;
const IMAGE_MAX = 8 * 1024 * 1024;
const DAILY_POSTS = 100;
const DAY = 86_400_000;

type MediaType = "IMAGE" | "REELS" | "STORIES" | "CAROUSEL" | "VIDEO";

interface Container {
  id: string;
  userId: string;
  mediaType: MediaType;
  caption: string;
  media?: MediaRecord;
  children?: string[];
  carouselItem: boolean;
  /** why the container failed (status ERROR) */
  error?: string;
  /** status polls: IN_PROGRESS on the first, FINISHED from the second */
  polls: number;
  publishedAs?: string;
  params: Record<string, string | undefined>;
}

const graphTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "+0000");
const fail = (reply: FastifyReply, status: number, body: unknown) => reply.status(status).send(body);

const KINDS: Record<MediaType, PublishedKind> = {
  IMAGE: "photo",
  REELS: "reel",
  STORIES: "story",
  CAROUSEL: "carousel",
  VIDEO: "video",
};

/** Instagram content publishing: containers (media fetched from URLs), their status, media_publish, the media list. */
export function instagramPublishing(kit: NetworkKit) {
  const containers = kit.publishing.pending<Container>("instagram", "containers");
  const shortcodes = kit.publishing.pending<string>("instagram", "shortcodes");

  const caller = (
    request: FastifyRequest,
    reply: FastifyReply,
    params: Record<string, string | undefined>,
    publish = false,
  ) => igCaller(kit, request, reply, params, publish ? "publish" : "read");

  /** The caller, acting as the account in the path, with the publishing permission. */
  function publisher(request: FastifyRequest, reply: FastifyReply, params: Record<string, string | undefined>) {
    const claims = caller(request, reply, params, true);
    if (!claims) return null;
    const id = (request.params as { id: string }).id;
    if (id !== "me" && !igIdsOf(kit.person(claims)).includes(id)) {
      void fail(
        reply,
        400,
        graphError(
          `Unsupported request - method type: post. Object with ID '${id}' does not exist or cannot be loaded due to missing permissions.`,
          100,
          33,
          "IGApiException",
        ),
      );
      return null;
    }
    return claims;
  }

  const statusOf = (c: Container) => {
    if (c.error) return { status_code: "ERROR", status: `Error: ${c.error}` };
    if (c.publishedAs) return { status_code: "PUBLISHED", status: "Published: Published" };
    if (c.polls < 2) return { status_code: "IN_PROGRESS", status: "In Progress: Media is still being processed." };
    return { status_code: "FINISHED", status: "Finished: Media has been uploaded and it is ready to be published." };
  };

  /** Pulls the container's file and checks it is what its media type needs. */
  async function fetchInto(c: Container, url: string, want: "image" | "video") {
    const got = await kit.fetchMedia(url);
    if (!got.ok) {
      c.error = `The media could not be fetched from this URI: ${got.reason}`;
      return;
    }
    if (got.media.kind !== want) c.error = `The media at the URI is not ${want === "image" ? "an image" : "a video"}.`;
    else if (want === "image" && got.media.mimeType !== "image/jpeg") c.error = "Only JPEG images are supported.";
    else if (want === "image" && got.media.bytes > IMAGE_MAX) c.error = "The image is larger than 8 MB.";
    else c.media = got.media;
  }

  // A tag starts a word: "#tag" and "@name", not "C#" or an e-mail's "@".
  const counted = (caption: string, sign: "#" | "@") =>
    caption.match(sign === "#" ? /(?<![\p{L}\p{N}_&@#])#[\p{L}\p{N}_]+/gu : /(?<![\p{L}\p{N}_@#.])@[A-Za-z0-9._]+/gu)
      ?.length ?? 0;
  const bad = (reply: FastifyReply, message: string, subcode?: number) =>
    fail(reply, 400, graphError(message, 100, subcode, "IGApiException"));

  for (const host of IG_HOSTS) {
    kit.post(`${host}/:id/media`, async (request, reply) => {
      const params = graphParams(request);
      const claims = publisher(request, reply, params);
      if (!claims) return reply;
      const caption = params.caption ?? "";
      if ([...caption].length > CAPTION_MAX)
        return bad(reply, `The caption is longer than ${CAPTION_MAX} characters.`, 2207010);
      if (counted(caption, "#") > HASHTAGS_MAX)
        return bad(reply, `The caption has more than ${HASHTAGS_MAX} hashtags.`, 2207010);
      if (counted(caption, "@") > MENTIONS_MAX)
        return bad(reply, `The caption has more than ${MENTIONS_MAX} mentions.`, 2207010);
      const mediaType = (params.media_type ?? "IMAGE").toUpperCase() as MediaType;
      if (!(mediaType in KINDS)) return bad(reply, `(#100) media_type ${mediaType} is not supported.`);
      const carouselItem = params.is_carousel_item === "true";
      const c: Container = {
        id: numericId(17),
        userId: claims.userId,
        mediaType,
        caption,
        carouselItem,
        polls: 0,
        params,
      };
      if (mediaType === "CAROUSEL") {
        const children = (params.children ?? "")
          .replace(/^\[|\]$/g, "")
          .split(",")
          .map((s) => s.trim().replace(/^"|"$/g, ""))
          .filter(Boolean);
        if (children.length < 2 || children.length > 10)
          return bad(reply, "(#100) A carousel needs 2 to 10 children.", 2207028);
        for (const id of children) {
          const child = containers.get(id);
          if (!child || child.userId !== claims.userId || !child.carouselItem || child.publishedAs)
            return bad(reply, `(#100) The child ${id} is not a carousel item of this account.`, 2207028);
          if (child.error) return bad(reply, `(#100) The child ${id} failed: ${child.error}`, 2207028);
        }
        c.children = children;
      } else if (mediaType === "REELS" || mediaType === "VIDEO" || (mediaType === "STORIES" && params.video_url)) {
        if (!params.video_url) return bad(reply, "(#100) The parameter video_url is required.");
        await fetchInto(c, params.video_url, "video");
      } else {
        if (!params.image_url) return bad(reply, "(#100) The parameter image_url is required.");
        await fetchInto(c, params.image_url, "image");
      }
      containers.set(c.id, c);
      return { id: c.id };
    });

    kit.post(`${host}/:id/media_publish`, async (request, reply) => {
      const params = graphParams(request);
      const claims = publisher(request, reply, params);
      if (!claims) return reply;
      const c = containers.get(params.creation_id ?? "");
      if (!c || c.userId !== claims.userId)
        return bad(reply, "(#100) The parameter creation_id is required or is not a container of this account.");
      if (c.publishedAs)
        return fail(
          reply,
          400,
          graphError("(#9007) The media has already been published.", 9007, 2207006, "IGApiException"),
        );
      if (c.carouselItem) return bad(reply, "(#100) A carousel item is published with its carousel.");
      if (c.error)
        return fail(
          reply,
          400,
          graphError(`(#9007) Media ID is not available: ${c.error}`, 9007, 2207032, "IGApiException"),
        );
      if (statusOf(c).status_code !== "FINISHED")
        return fail(
          reply,
          400,
          graphError(
            "(#9007) Media ID is not available. The media is not ready for publishing, please wait for a moment",
            9007,
            2207027,
            "IGApiException",
          ),
        );
      if (usage(claims) >= DAILY_POSTS)
        return fail(
          reply,
          400,
          graphError(
            "(#9) Application request limit reached: the account reached its publishing limit.",
            9,
            2207042,
            "IGApiException",
          ),
        );
      const id = numericId(17);
      const shortcode = alnumId(11);
      const p = kit.person(claims);
      const media = c.children
        ? c.children.map((ch) => containers.get(ch)?.media).filter((m): m is MediaRecord => !!m)
        : c.media
          ? [c.media]
          : [];
      const username = p.username.toLowerCase();
      const url =
        c.mediaType === "STORIES"
          ? `https://www.instagram.com/stories/${username}/${id}/`
          : `https://www.instagram.com/${c.mediaType === "REELS" ? "reel" : "p"}/${shortcode}/`;
      kit.publishing.add({
        platform: "instagram",
        id,
        url,
        networkUserId: claims.userId,
        username,
        kind: KINDS[c.mediaType],
        text: c.caption,
        media,
        raw: { container: c.params, publish: params },
        at: new Date(kit.now()),
      });
      c.publishedAs = id;
      for (const ch of c.children ?? []) {
        const child = containers.get(ch);
        if (child) child.publishedAs = id;
      }
      shortcodes.set(id, shortcode);
      return { id };
    });

    kit.get(`${host}/:id/media`, async (request, reply) => {
      const params = graphParams(request);
      const claims = caller(request, reply, params);
      if (!claims) return reply;
      const id = (request.params as { id: string }).id;
      if (id !== "me" && !igIdsOf(kit.person(claims)).includes(id))
        return bad(reply, `Object with ID '${id}' does not exist.`, 33);
      const limit = Math.min(100, Math.max(1, Number(params.limit ?? 25) || 25));
      const paged = pageAt(
        kit.publishing.of("instagram", claims.userId).filter((i) => i.kind !== "story"),
        limit,
        params.after,
      );
      if (!paged) return bad(reply, "The after cursor is invalid.", 33);
      return {
        data: paged.page.map((i) => pick(mediaFields(i), params.fields ?? "id", ["id"])),
        paging: graphPaging(request, paged.next),
      };
    });

    kit.get(`${host}/:id/content_publishing_limit`, async (request, reply) => {
      const params = graphParams(request);
      const claims = caller(request, reply, params, true);
      if (!claims) return reply;
      const row = { quota_usage: usage(claims), config: { quota_total: DAILY_POSTS, quota_duration: 86_400 } };
      return { data: [pick(row, params.fields ?? "quota_usage")] };
    });

    kit.get(`${host}/:id`, async (request, reply) => {
      const params = graphParams(request);
      const claims = caller(request, reply, params);
      if (!claims) return reply;
      const id = (request.params as { id: string }).id;
      const c = containers.get(id);
      if (c && c.userId === claims.userId) {
        if (!c.error && !c.publishedAs) c.polls += 1;
        return pick({ id: c.id, ...statusOf(c) }, params.fields ?? "id", ["id"]);
      }
      const item = kit.publishing.find("instagram", id);
      if (item && item.networkUserId === claims.userId) return pick(mediaFields(item), params.fields ?? "id", ["id"]);
      const p = kit.person(claims);
      if (igIdsOf(p).includes(id)) return pick({ ...igAccountFields(kit, p), id }, params.fields ?? "id", ["id"]);
      const comment = answerIgComment(kit, request, reply, claims, id, params.fields);
      if (comment !== undefined) return comment;
      return fail(reply, 400, igObjectMissing(id));
    });

    instagramMetrics(kit, host);
  }

  const usage = (claims: Claims) =>
    kit.publishing.of("instagram", claims.userId).filter((i) => i.at.getTime() > kit.now() - DAY).length;

  const mediaFields = (i: PublishedItem) => ({
    id: i.id,
    caption: i.text,
    timestamp: graphTime(i.at),
    permalink: i.url,
    shortcode: shortcodes.get(i.id) ?? "",
    media_type: i.kind === "carousel" ? "CAROUSEL_ALBUM" : i.media[0]?.kind === "video" ? "VIDEO" : "IMAGE",
    media_product_type: i.kind === "reel" ? "REELS" : i.kind === "story" ? "STORY" : "FEED",
    username: i.username,
    is_comment_enabled: true,
    ...mediaCounts(kit, i),
  });
}
