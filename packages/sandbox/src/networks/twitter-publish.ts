import { twitterLength } from "@app/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import { flat, hasScope, isRefusal, type NetworkKit } from "../kit";
import { Assembly, type MediaRecord, TooLarge, UPLOAD_LIMIT } from "../media";
import { pageAt } from "../paging";
import { numericId } from "../publishing";
import type { Claims } from "../tokens";

const TEXT_MAX = 280;
const IMAGE_MAX = 5 * 1024 * 1024;
const GIF_MAX = 15 * 1024 * 1024;
const EXPIRES = 86_400;

type Category = "tweet_image" | "tweet_gif" | "tweet_video";
const CATEGORIES: Category[] = ["tweet_image", "tweet_gif", "tweet_video"];

interface Upload {
  id: string;
  userId: string;
  category: Category;
  totalBytes?: number;
  assembly: Assembly;
  media?: MediaRecord;
  /** after finalize: pending, then in_progress on the first STATUS, succeeded on the second */
  state: "uploading" | "pending" | "in_progress" | "succeeded" | "failed";
}

const problem = (status: number, title: string, detail: string, type = "about:blank") => ({
  title,
  detail,
  type,
  status,
});
const invalid = (reply: FastifyReply, message: string, parameter?: string) =>
  reply.status(400).send({
    errors: [{ ...(parameter && { parameters: { [parameter]: [] } }), message }],
    title: "Invalid Request",
    detail: "One or more parameters to your request was invalid.",
    type: "https://api.x.com/2/problems/invalid-request",
  });
const forbidden = (reply: FastifyReply, detail: string) => reply.status(403).send(problem(403, "Forbidden", detail));

function authed(kit: NetworkKit, request: FastifyRequest, reply: FastifyReply, scope: string): Claims | null {
  const claims = kit.bearer(request);
  if (isRefusal(claims)) {
    void reply.status(401).send(problem(401, "Unauthorized", "Unauthorized"));
    return null;
  }
  if (!hasScope(claims, scope)) {
    void forbidden(reply, `Missing the ${scope} scope for this endpoint.`);
    return null;
  }
  return claims;
}

/** Whether a file suits the category it was uploaded under, and its size allows it. */
function fits(category: Category, media: MediaRecord): string | null {
  if (category === "tweet_video") return media.kind === "video" ? null : "media_category tweet_video needs a video.";
  if (category === "tweet_gif") {
    if (media.mimeType !== "image/gif") return "media_category tweet_gif needs a GIF.";
    return media.bytes > GIF_MAX ? "GIF file size exceeds 15728640 bytes." : null;
  }
  if (media.kind !== "image") return "media_category tweet_image needs an image.";
  return media.bytes > IMAGE_MAX ? "Image file size exceeds 5242880 bytes." : null;
}

const mediaData = (u: Upload) => ({
  id: u.id,
  media_key: `${u.category === "tweet_image" ? 3 : u.category === "tweet_gif" ? 16 : 7}_${u.id}`,
  ...(u.media && { size: u.media.bytes }),
  expires_after_secs: EXPIRES,
});

/** X API v2: posts (with threads), v2 media upload (one shot and chunked), a user's recent posts. */
export function twitterPublishing(kit: NetworkKit) {
  const uploads = kit.publishing.pending<Upload>("twitter", "media");
  const api = "api.x.com/2";
  const multipartOnly = { bodyLimit: UPLOAD_LIMIT };

  kit.post(
    `${api}/media/upload`,
    async (request, reply) => {
      const claims = authed(kit, request, reply, "media.write");
      if (!claims) return reply;
      if (!request.isMultipart()) return invalid(reply, "The media field is required (multipart/form-data).", "media");
      const fields: Record<string, string> = {};
      let media: MediaRecord | null | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === "file") {
            if (part.fieldname !== "media" || media !== undefined) {
              part.file.resume();
              continue;
            }
            const a = new Assembly();
            await a.put(0, part.file, GIF_MAX);
            media = a.finish();
          } else if (typeof part.value === "string") fields[part.fieldname] = part.value;
        }
      } catch (e) {
        if (e instanceof TooLarge || (e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
          return invalid(reply, "File size exceeds the limit.", "media");
        throw e;
      }
      const category = (fields.media_category ?? "tweet_image") as Category;
      if (!CATEGORIES.includes(category))
        return invalid(reply, `Unsupported media_category ${category}.`, "media_category");
      if (category === "tweet_video")
        return invalid(reply, "Videos must be uploaded in chunks (initialize, append, finalize).", "media_category");
      if (media === undefined) return invalid(reply, "The media field is required.", "media");
      if (media === null) return invalid(reply, "The media is not a supported image.", "media");
      const misfit = fits(category, media);
      if (misfit) return invalid(reply, misfit, "media");
      const upload: Upload = {
        id: numericId(19),
        userId: claims.userId,
        category,
        assembly: new Assembly(),
        media,
        state: "succeeded",
      };
      uploads.set(upload.id, upload);
      return { data: { ...mediaData(upload), image: { image_type: media.mimeType } } };
    },
    multipartOnly,
  );

  kit.post(`${api}/media/upload/initialize`, async (request, reply) => {
    const claims = authed(kit, request, reply, "media.write");
    if (!claims) return reply;
    const b = flat(request.body);
    const raw = (request.body ?? {}) as Record<string, unknown>;
    const total = Number(raw.total_bytes ?? b.total_bytes);
    const category = (b.media_category ?? "tweet_image") as Category;
    if (!b.media_type) return invalid(reply, "The media_type field is required.", "media_type");
    if (!Number.isInteger(total) || total <= 0)
      return invalid(reply, "total_bytes must be a positive integer.", "total_bytes");
    if (!CATEGORIES.includes(category))
      return invalid(reply, `Unsupported media_category ${category}.`, "media_category");
    if (total > UPLOAD_LIMIT) return forbidden(reply, "File size exceeds the limit for this media category.");
    const upload: Upload = {
      id: numericId(19),
      userId: claims.userId,
      category,
      totalBytes: total,
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
      const claims = authed(kit, request, reply, "media.write");
      if (!claims) return reply;
      const u = ownUpload(claims, request, reply);
      if (!u) return reply;
      if (u.state !== "uploading") return invalid(reply, "This upload was already finalized.", "id");
      if (!request.isMultipart()) return invalid(reply, "segment_index and media are required (multipart/form-data).");
      let index: number | undefined;
      let early: Buffer | undefined;
      let got = false;
      try {
        for await (const part of request.parts()) {
          if (part.type === "field") {
            if (part.fieldname === "segment_index") index = Number(part.value);
          } else if (part.fieldname === "media" && !got) {
            got = true;
            // The index usually comes first; if not, this segment is held until it is known.
            if (index !== undefined && Number.isInteger(index)) await u.assembly.put(index, part.file);
            else {
              const held: Buffer[] = [];
              for await (const chunk of part.file) held.push(chunk as Buffer);
              early = Buffer.concat(held);
            }
          } else part.file.resume();
        }
      } catch (e) {
        if (e instanceof TooLarge || (e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
          return invalid(reply, "Segment size exceeds the limit.", "media");
        throw e;
      }
      if (index === undefined || !Number.isInteger(index) || index < 0 || index > 999)
        return invalid(reply, "segment_index must be an integer between 0 and 999.", "segment_index");
      if (!got) return invalid(reply, "The media field is required.", "media");
      if (early) await u.assembly.put(index, [early]);
      if (u.totalBytes !== undefined && u.assembly.received > u.totalBytes)
        return invalid(reply, "More bytes were appended than total_bytes.", "media");
      return { data: { expires_at: Math.floor(kit.now() / 1000) + EXPIRES } };
    },
    multipartOnly,
  );

  kit.post(`${api}/media/upload/:id/finalize`, async (request, reply) => {
    const claims = authed(kit, request, reply, "media.write");
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
    u.state = u.category === "tweet_image" ? "succeeded" : "pending";
    return {
      data: {
        ...mediaData(u),
        ...(u.state === "pending" && { processing_info: { state: "pending", check_after_secs: 1 } }),
      },
    };
  });

  kit.get(`${api}/media/upload`, async (request, reply) => {
    const claims = authed(kit, request, reply, "media.write");
    if (!claims) return reply;
    const q = flat(request.query);
    if (q.command !== "STATUS") return invalid(reply, "command must be STATUS.", "command");
    const u = uploads.get(q.media_id ?? "");
    if (!u || u.userId !== claims.userId) return invalid(reply, "The media id is unknown or has expired.", "media_id");
    if (u.state === "pending") u.state = "in_progress";
    else if (u.state === "in_progress") u.state = "succeeded";
    const info =
      u.state === "in_progress"
        ? { state: "in_progress", check_after_secs: 1, progress_percent: 50 }
        : u.state === "succeeded" && u.category !== "tweet_image"
          ? { state: "succeeded", progress_percent: 100 }
          : u.state === "uploading"
            ? undefined
            : u.state === "failed"
              ? { state: "failed", error: { code: 1, name: "InvalidMedia", message: "Unsupported file." } }
              : undefined;
    return { data: { ...mediaData(u), ...(info && { processing_info: info }) } };
  });

  kit.post(`${api}/tweets`, async (request, reply) => {
    const claims = authed(kit, request, reply, "tweet.write");
    if (!claims) return reply;
    const b = (request.body && typeof request.body === "object" ? request.body : {}) as Record<string, unknown>;
    const text = b.text === undefined ? "" : b.text;
    if (typeof text !== "string") return invalid(reply, "text must be a string.", "text");
    const ids = (b.media as { media_ids?: unknown } | undefined)?.media_ids;
    if (
      ids !== undefined &&
      (!Array.isArray(ids) || ids.length < 1 || ids.length > 4 || ids.some((i) => typeof i !== "string"))
    )
      return invalid(reply, "media.media_ids must hold 1 to 4 media ids (strings).", "media.media_ids");
    const media: MediaRecord[] = [];
    for (const id of (ids ?? []) as string[]) {
      const u = uploads.get(id);
      if (!u || u.userId !== claims.userId || !u.media || u.state !== "succeeded")
        return invalid(reply, "Your media IDs are invalid.", "media.media_ids");
      media.push(u.media);
    }
    const videos = media.filter((m) => m.kind === "video" || m.mimeType === "image/gif").length;
    if (videos > 0 && media.length > 1)
      return invalid(reply, "A post takes up to 4 images, or 1 GIF, or 1 video.", "media.media_ids");
    if (!text.trim() && media.length === 0) return invalid(reply, "A post needs text or media.", "text");
    if (twitterLength(text) > TEXT_MAX) return forbidden(reply, `Tweet exceeds ${TEXT_MAX} character limit`);
    const replyTo = (b.reply as { in_reply_to_tweet_id?: unknown } | undefined)?.in_reply_to_tweet_id;
    if (replyTo !== undefined) {
      const parent = typeof replyTo === "string" ? kit.publishing.find("twitter", replyTo) : undefined;
      if (!parent)
        return invalid(
          reply,
          "The post you are replying to has been deleted or is not visible to you.",
          "reply.in_reply_to_tweet_id",
        );
      const p = kit.person(claims);
      if (parent.networkUserId !== claims.userId && !parent.text.includes(`@${p.username}`)) {
        return forbidden(
          reply,
          "Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to.",
        );
      }
    }
    const last = kit.publishing.of("twitter", claims.userId)[0];
    if (last && text && last.text === text)
      return forbidden(reply, "You are not allowed to create a Tweet with duplicate content.");
    const id = numericId(19);
    const p = kit.person(claims);
    kit.publishing.add({
      platform: "twitter",
      id,
      url: `https://x.com/${p.username}/status/${id}`,
      networkUserId: claims.userId,
      username: p.username,
      kind: "post",
      text,
      media,
      ...(typeof replyTo === "string" && { replyTo }),
      raw: b,
      at: new Date(kit.now()),
    });
    return reply.status(201).send({ data: { id, text, edit_history_tweet_ids: [id] } });
  });

  kit.get(`${api}/users/:id/tweets`, async (request, reply) => {
    const claims = authed(kit, request, reply, "tweet.read");
    if (!claims) return reply;
    const q = flat(request.query);
    const max = Number(q.max_results ?? 10);
    if (!Number.isInteger(max) || max < 5 || max > 100)
      return invalid(reply, "max_results must be between 5 and 100.", "max_results");
    const fields = new Set((q["tweet.fields"] ?? "").split(","));
    const userId = (request.params as { id: string }).id;
    const paged = pageAt(kit.publishing.of("twitter", userId), max, q.pagination_token);
    if (!paged) return invalid(reply, "The pagination_token query parameter value is invalid.", "pagination_token");
    const tweets = paged.page;
    if (tweets.length === 0) return { meta: { result_count: 0 } };
    return {
      data: tweets.map((t) => ({
        id: t.id,
        text: t.text,
        edit_history_tweet_ids: [t.id],
        ...(fields.has("created_at") && { created_at: t.at.toISOString() }),
        ...(fields.has("author_id") && { author_id: t.networkUserId }),
        ...(fields.has("in_reply_to_user_id") && t.replyTo && { in_reply_to_user_id: t.networkUserId }),
      })),
      meta: {
        result_count: tweets.length,
        newest_id: tweets[0]?.id,
        oldest_id: tweets.at(-1)?.id,
        ...(paged.next && { next_token: paged.next }),
      },
    };
  });
}
