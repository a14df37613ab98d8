import type { FastifyReply, FastifyRequest } from "fastify";
import type { NetworkKit } from "../kit";
import { Assembly, MalformedBody, type MediaRecord, readingBody, TooLarge, UPLOAD_LIMIT } from "../media";
import type { Pending } from "../publishing";
import { numericId } from "../publishing";
import type { Claims } from "../tokens";
import { authed, forbidden, invalid, isJson, SCOPES } from "./twitter-common";

const IMAGE_MAX = 5 * 1024 * 1024;
const GIF_MAX = 15 * 1024 * 1024;
const VIDEO_MAX = 512 * 1024 * 1024;
/** X's limit for one appended segment */
export const SEGMENT_MAX = 5 * 1024 * 1024;
const EXPIRES = 86_400;

/** Every category X's chunked upload knows; the one-shot call takes only ONE_SHOT. */
const CATEGORIES = [
  "amplify_video",
  "tweet_gif",
  "tweet_image",
  "tweet_video",
  "dm_gif",
  "dm_image",
  "dm_video",
  "subtitles",
] as const;
type Category = (typeof CATEGORIES)[number];
const ONE_SHOT: readonly Category[] = ["tweet_image", "dm_image", "subtitles"];
const enumeration = (list: readonly string[]) => `[${list.map((c) => `"${c}"`).join(", ")}]`;

export interface Upload {
  id: string;
  userId: string;
  category: Category;
  totalBytes?: number;
  assembly: Assembly;
  media?: MediaRecord;
  /** after finalize: pending, then in_progress on the first STATUS, succeeded on the second */
  state: "uploading" | "pending" | "in_progress" | "succeeded" | "failed";
}

const isVideoCategory = (c: Category) => c.endsWith("_video");
const isGifCategory = (c: Category) => c.endsWith("_gif");

/** Whether a file suits the category it was uploaded under, and its size allows it. */
function fits(category: Category, media: MediaRecord): string | null {
  if (isVideoCategory(category))
    return media.kind !== "video"
      ? `media_category ${category} needs a video.`
      : media.bytes > VIDEO_MAX
        ? "Video file size exceeds 536870912 bytes."
        : null;
  if (isGifCategory(category)) {
    if (media.mimeType !== "image/gif") return `media_category ${category} needs a GIF.`;
    return media.bytes > GIF_MAX ? "GIF file size exceeds 15728640 bytes." : null;
  }
  if (media.kind !== "image" || category === "subtitles") return `media_category ${category} needs an image.`;
  return media.bytes > IMAGE_MAX ? "Image file size exceeds 5242880 bytes." : null;
}

const mediaData = (u: Upload) => ({
  id: u.id,
  media_key: `${isVideoCategory(u.category) ? 7 : isGifCategory(u.category) ? 16 : 3}_${u.id}`,
  ...(u.media && { size: u.media.bytes }),
  expires_after_secs: EXPIRES,
});

const tooLarge = (e: unknown) => e instanceof TooLarge || (e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE";

/** X API v2 media upload: images in one call; GIFs and videos in segments (initialize, append, finalize, STATUS). */
export function twitterMedia(kit: NetworkKit): Pending<Upload> {
  const uploads = kit.publishing.pending<Upload>("twitter", "media");
  const api = "api.x.com/2";
  const big = { bodyLimit: UPLOAD_LIMIT };

  /** The one-shot body: multipart (media + media_category) or JSON (media in base64). */
  async function oneShotBody(
    request: FastifyRequest,
  ): Promise<{ fields: Record<string, string>; data?: Buffer } | string> {
    if (isJson(request)) {
      const b = (request.body ?? {}) as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(b).filter(([, v]) => typeof v === "string")) as Record<
        string,
        string
      >;
      const data = typeof b.media === "string" ? Buffer.from(b.media, "base64") : undefined;
      delete fields.media;
      return { fields, data };
    }
    if (!request.isMultipart()) return "The body must be multipart/form-data or application/json.";
    const fields: Record<string, string> = {};
    let data: Buffer | undefined;
    await readingBody(async () => {
      for await (const part of request.parts()) {
        if (part.type === "file") {
          if (part.fieldname !== "media" || data) {
            part.file.resume();
            continue;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          for await (const c of part.file) {
            size += (c as Buffer).length;
            if (size > GIF_MAX) throw new TooLarge(GIF_MAX);
            chunks.push(c as Buffer);
          }
          data = Buffer.concat(chunks);
        } else if (typeof part.value === "string") fields[part.fieldname] = part.value;
      }
    });
    return { fields, data };
  }

  kit.post(
    `${api}/media/upload`,
    async (request, reply) => {
      const claims = authed(kit, request, reply, SCOPES.media);
      if (!claims) return reply;
      let body: Awaited<ReturnType<typeof oneShotBody>>;
      try {
        body = await oneShotBody(request);
      } catch (e) {
        if (tooLarge(e)) return invalid(reply, "File size exceeds the limit.", "media");
        if (e instanceof MalformedBody) return invalid(reply, e.message, "media");
        throw e;
      }
      if (typeof body === "string") return invalid(reply, body, "media");
      const category = (body.fields.media_category ?? "tweet_image") as Category;
      // GIFs and videos are refused here: they go through initialize / append / finalize.
      if (!ONE_SHOT.includes(category))
        return invalid(
          reply,
          `$.media_category: does not have a value in the enumeration ${enumeration(ONE_SHOT)}`,
          "media_category",
          category,
        );
      if (!body.data?.length) return invalid(reply, "$.media: is missing but it is required", "media");
      const a = new Assembly();
      await a.put(0, [body.data]);
      const media = a.finish();
      if (!media) return invalid(reply, "The media is not a supported image.", "media");
      const misfit = fits(category, media);
      if (misfit) return invalid(reply, misfit, "media");
      const upload: Upload = {
        id: numericId(19),
        userId: claims.userId,
        category,
        assembly: a,
        media,
        state: "succeeded",
      };
      uploads.set(upload.id, upload);
      return { data: { ...mediaData(upload), image: { image_type: media.mimeType } } };
    },
    big,
  );

  kit.post(`${api}/media/upload/initialize`, async (request, reply) => {
    const claims = authed(kit, request, reply, SCOPES.media);
    if (!claims) return reply;
    if (!isJson(request)) return invalid(reply, "The body must be JSON (Content-Type: application/json).");
    const b = (request.body ?? {}) as Record<string, unknown>;
    const category = (b.media_category ?? "tweet_image") as Category;
    if (typeof b.media_type !== "string")
      return invalid(reply, "$.media_type: is missing but it is required", "media_type");
    if (typeof b.total_bytes !== "number" || !Number.isInteger(b.total_bytes) || b.total_bytes <= 0)
      return invalid(reply, "$.total_bytes: must be a positive integer", "total_bytes");
    if (!CATEGORIES.includes(category))
      return invalid(
        reply,
        `$.media_category: does not have a value in the enumeration ${enumeration(CATEGORIES)}`,
        "media_category",
        category,
      );
    const max = isVideoCategory(category) ? VIDEO_MAX : isGifCategory(category) ? GIF_MAX : IMAGE_MAX;
    if (b.total_bytes > Math.min(max, UPLOAD_LIMIT))
      return forbidden(reply, "File size exceeds the limit for this media category.");
    const upload: Upload = {
      id: numericId(19),
      userId: claims.userId,
      category,
      totalBytes: b.total_bytes,
      assembly: new Assembly(),
      state: "uploading",
    };
    uploads.set(upload.id, upload);
    return { data: mediaData(upload) };
  });

  const ownUpload = (claims: Claims, request: FastifyRequest, reply: FastifyReply) => {
    const u = uploads.get((request.params as { id: string }).id);
    if (!u || u.userId !== claims.userId) {
      void invalid(reply, "The media id is unknown or has expired.", "id");
      return null;
    }
    return u;
  };

  kit.post(
    `${api}/media/upload/:id/append`,
    async (request, reply) => {
      const claims = authed(kit, request, reply, SCOPES.media);
      if (!claims) return reply;
      const u = ownUpload(claims, request, reply);
      if (!u) return reply;
      if (u.state !== "uploading") return invalid(reply, "This upload was already finalized.", "id");
      if (!request.isMultipart()) return invalid(reply, "segment_index and media are required (multipart/form-data).");
      let index: number | undefined;
      let early: Buffer | undefined;
      let got = false;
      try {
        await readingBody(async () => {
          for await (const part of request.parts()) {
            if (part.type === "field") {
              if (part.fieldname === "segment_index") index = Number(part.value);
            } else if (part.fieldname === "media" && !got) {
              got = true;
              // The index usually comes first; if not, this segment is held until it is known.
              if (index !== undefined && Number.isInteger(index)) await u.assembly.put(index, part.file, SEGMENT_MAX);
              else {
                const held: Buffer[] = [];
                let size = 0;
                for await (const chunk of part.file) {
                  size += (chunk as Buffer).length;
                  if (size > SEGMENT_MAX) throw new TooLarge(SEGMENT_MAX);
                  held.push(chunk as Buffer);
                }
                early = Buffer.concat(held);
              }
            } else part.file.resume();
          }
        });
      } catch (e) {
        if (tooLarge(e)) return invalid(reply, `A segment may hold at most ${SEGMENT_MAX} bytes.`, "media");
        if (e instanceof MalformedBody) return invalid(reply, e.message, "media");
        throw e;
      }
      if (index === undefined || !Number.isInteger(index) || index < 0 || index > 999)
        return invalid(reply, "segment_index must be an integer between 0 and 999.", "segment_index");
      if (!got) return invalid(reply, "$.media: is missing but it is required", "media");
      if (early) await u.assembly.put(index, [early]);
      if (u.totalBytes !== undefined && u.assembly.received > u.totalBytes)
        return invalid(reply, "More bytes were appended than total_bytes.", "media");
      return { data: { expires_at: Math.floor(kit.now() / 1000) + EXPIRES } };
    },
    big,
  );

  kit.post(`${api}/media/upload/:id/finalize`, async (request, reply) => {
    const claims = authed(kit, request, reply, SCOPES.media);
    if (!claims) return reply;
    const u = ownUpload(claims, request, reply);
    if (!u) return reply;
    if (u.state !== "uploading") return invalid(reply, "This upload was already finalized.", "id");
    if (!u.assembly.complete() || u.assembly.length !== u.totalBytes) {
      return invalid(reply, `Received ${u.assembly.received} of ${u.totalBytes} bytes, or a segment is missing.`, "id");
    }
    const media = u.assembly.finish();
    const misfit = media ? fits(u.category, media) : "The file is not a supported image or video.";
    if (!media || misfit) {
      u.state = "failed";
      return invalid(reply, misfit ?? "Unsupported file.", "media");
    }
    u.media = media;
    u.state = u.category === "tweet_image" || u.category === "dm_image" ? "succeeded" : "pending";
    return {
      data: {
        ...mediaData(u),
        ...(u.state === "pending" && { processing_info: { state: "pending", check_after_secs: 1 } }),
      },
    };
  });

  kit.get(`${api}/media/upload`, async (request, reply) => {
    const claims = authed(kit, request, reply, SCOPES.media);
    if (!claims) return reply;
    const q = request.query as Record<string, string | undefined>;
    if (q.command !== "STATUS") return invalid(reply, "command must be STATUS.", "command");
    const u = uploads.get(q.media_id ?? "");
    if (!u || u.userId !== claims.userId) return invalid(reply, "The media id is unknown or has expired.", "media_id");
    if (u.state === "pending") u.state = "in_progress";
    else if (u.state === "in_progress") u.state = "succeeded";
    const processed = u.category !== "tweet_image" && u.category !== "dm_image";
    const info =
      u.state === "in_progress"
        ? { state: "in_progress", check_after_secs: 1, progress_percent: 50 }
        : u.state === "succeeded" && processed
          ? { state: "succeeded", progress_percent: 100 }
          : u.state === "failed"
            ? { state: "failed", error: { code: 1, name: "InvalidMedia", message: "Unsupported file." } }
            : undefined;
    return { data: { ...mediaData(u), ...(info && { processing_info: info }) } };
  });

  return uploads;
}
