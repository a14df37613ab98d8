import type { FastifyReply } from "fastify";
import { flat, type NetworkKit } from "../kit";
import { MalformedBody, type MediaRecord, readMultipart, recordBuffer, TooLarge, UPLOAD_LIMIT } from "../media";
import { pageAt } from "../paging";
import { numericId, type PublishedItem } from "../publishing";
import type { Claims } from "../tokens";
import type { boardStore } from "./pinterest";
import { apiError, authed, isSandboxHost, type PinterestHost, pinOnHost, SANDBOX_VISIBILITY } from "./pinterest-common";

/** a base64 image of about 20 MB, with room for the rest of the JSON */
const PIN_BODY_MAX = 28 * 1024 * 1024;

interface VideoMedia {
  id: string;
  userId: string;
  media?: MediaRecord;
  /** registered until uploaded; then processing on the first status call, succeeded (or failed) after */
  status: "registered" | "processing" | "succeeded" | "failed";
  polls: number;
}

const invalid = (reply: FastifyReply, message: string) => reply.status(400).send(apiError(1, message));
const obj = (v: unknown) => (v && typeof v === "object" ? v : {}) as Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

/** What Pinterest answers an app on Trial access that creates a pin on its production host. */
export const TRIAL_REFUSAL = {
  code: 29,
  message:
    "Apps with Trial access may not create Pins in production https://api.pinterest.com - use API Sandbox https://api-sandbox.pinterest.com instead.",
};

/** Pinterest v5 pins (image URL, base64, several images, video) and media registration, on one host. */
export function pinterestPublishing(kit: NetworkKit, host: PinterestHost, boards: ReturnType<typeof boardStore>) {
  const videos = kit.publishing.pending<VideoMedia>("pinterest", "media");
  const api = `${host}/v5`;
  const onHost = (i: PublishedItem) => pinOnHost(i, host);

  const pinOf = (i: PublishedItem) => {
    const raw = obj(i.raw);
    const video = i.media[0]?.kind === "video";
    return {
      id: i.id,
      created_at: i.at.toISOString().replace(/\.\d{3}Z$/, ""),
      link: i.link ?? null,
      title: i.title ?? "",
      description: i.text,
      alt_text: str(raw.alt_text) ?? null,
      board_id: i.boardId,
      board_section_id: str(raw.board_section_id) ?? null,
      board_owner: { username: i.username },
      creative_type: video ? "VIDEO" : i.media.length > 1 ? "CAROUSEL" : "REGULAR",
      is_owner: true,
      media: { media_type: video ? "video" : i.media.length > 1 ? "multiple_images" : "image" },
      pin_metrics: null,
      dominant_color: "#a3a3a3",
    };
  };

  /** The files a pin's media_source stands for, or what is wrong with it. */
  async function mediaOf(source: Record<string, unknown>, claims: Claims): Promise<MediaRecord[] | string> {
    switch (source.source_type) {
      case "image_url": {
        const got = await kit.fetchMedia(str(source.url));
        if (!got.ok) return `Sorry we could not fetch the image. ${got.reason}`;
        return got.media.kind === "image" ? [got.media] : "The media at url is not an image.";
      }
      case "image_base64": {
        const type = str(source.content_type);
        if (type !== "image/jpeg" && type !== "image/png")
          return "media_source.content_type must be image/jpeg or image/png.";
        const data = str(source.data);
        if (!data) return "media_source.data is required.";
        const media = recordBuffer(Buffer.from(data, "base64"));
        if (!media || media.mimeType !== type) return `media_source.data is not a ${type} image.`;
        return [media];
      }
      case "multiple_image_urls": {
        const items = Array.isArray(source.items) ? source.items : [];
        if (items.length < 2 || items.length > 5) return "media_source.items must hold 2 to 5 images.";
        const out: MediaRecord[] = [];
        for (const item of items) {
          const got = await kit.fetchMedia(str(obj(item).url));
          if (!got.ok) return `Sorry we could not fetch the image. ${got.reason}`;
          if (got.media.kind !== "image") return "An item of media_source.items is not an image.";
          out.push(got.media);
        }
        return out;
      }
      case "video_id": {
        // Pinterest's Sandbox documentation: video Pins cannot be created there (its exact answer is not documented).
        if (isSandboxHost(host)) return "Video Pins cannot be created in Sandbox.";
        const v = videos.get(str(source.media_id) ?? "");
        if (!v || v.userId !== claims.userId) return "media_source.media_id is not a media of this user.";
        if (v.status !== "succeeded" || !v.media) return `The video is not ready: its status is ${v.status}.`;
        if (!source.cover_image_url && source.cover_image_key_frame_time === undefined)
          return "media_source.cover_image_url or cover_image_key_frame_time is required.";
        return [v.media];
      }
      default:
        return "media_source.source_type must be image_url, image_base64, multiple_image_urls or video_id.";
    }
  }

  kit.post(
    `${api}/pins`,
    async (request, reply) => {
      const claims = authed(kit, host, request, reply, ["boards:read", "boards:write", "pins:read", "pins:write"]);
      if (!claims) return reply;
      if (!isSandboxHost(host) && kit.review().pinterest.access === "trial")
        return reply.status(403).send(TRIAL_REFUSAL);
      const b = obj(request.body);
      const boardId = str(b.board_id);
      if (!boardId) return invalid(reply, "board_id is required.");
      const p = kit.person(claims);
      if (!boards.of(host, p).some((board) => board.id === boardId))
        return reply.status(404).send(apiError(2, "Board not found."));
      const title = str(b.title) ?? "";
      const description = str(b.description) ?? "";
      const link = str(b.link);
      if ([...title].length > 100) return invalid(reply, "title must be at most 100 characters.");
      if ([...description].length > 800) return invalid(reply, "description must be at most 800 characters.");
      if ([...(str(b.alt_text) ?? "")].length > 500) return invalid(reply, "alt_text must be at most 500 characters.");
      if (link !== undefined && (link.length > 2048 || !/^https?:\/\/\S+$/.test(link)))
        return invalid(reply, "link must be a URL of at most 2048 characters.");
      if (!b.media_source) return invalid(reply, "media_source is required.");
      const media = await mediaOf(obj(b.media_source), claims);
      if (typeof media === "string") return invalid(reply, media);
      const id = numericId(18);
      const stored = { ...b };
      if (obj(b.media_source).source_type === "image_base64")
        stored.media_source = { ...obj(b.media_source), data: "(omitted)" };
      const item = kit.publishing.add({
        platform: "pinterest",
        id,
        url: `https://www.pinterest.com/pin/${id}/`,
        networkUserId: claims.userId,
        username: p.username,
        kind: "pin",
        text: description,
        title,
        ...(link && { link }),
        media,
        boardId,
        ...(isSandboxHost(host) && { visibility: SANDBOX_VISIBILITY }),
        raw: stored,
        at: new Date(kit.now()),
      });
      return reply.status(201).send(pinOf(item));
    },
    { bodyLimit: PIN_BODY_MAX },
  );

  kit.get(`${api}/pins`, async (request, reply) => {
    const claims = authed(kit, host, request, reply, ["boards:read", "pins:read"]);
    if (!claims) return reply;
    const q = flat(request.query);
    const size = Math.min(250, Math.max(1, Number(q.page_size ?? 25) || 25));
    const paged = pageAt(kit.publishing.of("pinterest", claims.userId).filter(onHost), size, q.bookmark);
    if (!paged) return reply.status(400).send(apiError(1, "Invalid bookmark."));
    return { items: paged.page.map(pinOf), bookmark: paged.next };
  });

  kit.get(`${api}/pins/:id`, async (request, reply) => {
    const claims = authed(kit, host, request, reply, ["boards:read", "pins:read"]);
    if (!claims) return reply;
    const item = kit.publishing.find("pinterest", (request.params as { id: string }).id);
    if (!item || item.networkUserId !== claims.userId || !onHost(item))
      return reply.status(404).send(apiError(50, "Pin not found."));
    return pinOf(item);
  });

  kit.post(`${api}/media`, async (request, reply) => {
    const claims = authed(kit, host, request, reply, ["pins:read", "pins:write"]);
    if (!claims) return reply;
    if (obj(request.body).media_type !== "video") return invalid(reply, "media_type must be video.");
    const v: VideoMedia = { id: numericId(19), userId: claims.userId, status: "registered", polls: 0 };
    videos.set(v.id, v);
    return reply.status(201).send({
      media_id: v.id,
      media_type: "video",
      upload_url: kit.urlFor(request, `pinterest-media-upload.s3-accelerate.amazonaws.com/${v.id}`),
      upload_parameters: {
        "x-amz-date": new Date(kit.now()).toISOString().replace(/[-:]|\.\d{3}/g, ""),
        "x-amz-signature": "sandbox",
        "x-amz-security-token": "sandbox",
        "x-amz-algorithm": "AWS4-HMAC-SHA256",
        key: `uploads/${v.id}`,
        policy: "sandbox",
        "x-amz-credential": "sandbox",
        "Content-Type": "multipart/form-data",
      },
    });
  });

  kit.get(`${api}/media/:id`, async (request, reply) => {
    const claims = authed(kit, host, request, reply, ["pins:read"]);
    if (!claims) return reply;
    const v = videos.get((request.params as { id: string }).id);
    if (!v || v.userId !== claims.userId) return reply.status(404).send(apiError(2, "Media not found."));
    if (v.status === "processing" && v.polls >= 1) v.status = v.media ? "succeeded" : "failed";
    if (v.status === "processing") v.polls += 1;
    return { media_id: v.id, media_type: "video", status: v.status };
  });
}

/** The storage bucket a media registration's upload_url points at: a multipart POST with the parameters, then the file. */
export function pinterestUploads(kit: NetworkKit) {
  const videos = kit.publishing.pending<VideoMedia>("pinterest", "media");
  kit.post(
    "pinterest-media-upload.s3-accelerate.amazonaws.com/:id",
    async (request, reply) => {
      const v = videos.get((request.params as { id: string }).id);
      const s3Error = (status: number, code: string, message: string) =>
        reply
          .status(status)
          .type("application/xml")
          .send(
            `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
          );
      if (v?.status !== "registered") return s3Error(403, "AccessDenied", "Invalid upload.");
      if (!request.isMultipart()) return s3Error(400, "InvalidArgument", "POST requires multipart/form-data.");
      try {
        const { files } = await readMultipart(request, UPLOAD_LIMIT);
        const file = files.find((f) => f.field === "file");
        if (!file) return s3Error(400, "InvalidArgument", "POST requires exactly one file upload per request.");
        v.media = file.media?.kind === "video" ? file.media : undefined;
      } catch (e) {
        if (e instanceof TooLarge || (e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE")
          return s3Error(400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size.");
        if (e instanceof MalformedBody) return s3Error(400, "MalformedPOSTRequest", e.message);
        throw e;
      }
      v.status = "processing";
      return reply.status(204).send();
    },
    { bodyLimit: UPLOAD_LIMIT },
  );
}
