import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { flat, type NetworkKit } from "../kit";
import { Assembly, type MediaRecord, rawBody, TooLarge } from "../media";
import { numericId } from "../publishing";
import { apiError, caller, invalid, isPrivateAccount, obj, ok, privacyOptionsOf } from "./tiktok-api";

const MB = 1024 * 1024;
const TITLE_MAX = 2200;
/** TikTok's media transfer rules */
const CHUNK_MIN = 5 * MB;
const CHUNK_MAX = 64 * MB;
const LAST_CHUNK_MAX = 128 * MB;
const CHUNKS_MAX = 1000;
const VIDEO_TYPES = ["video/mp4", "video/quicktime", "video/webm"];

interface Publish {
  id: string;
  userId: string;
  username: string;
  source: "FILE_UPLOAD" | "PULL_FROM_URL";
  size: number;
  chunkSize: number;
  chunks: number;
  assembly: Assembly;
  postInfo: Record<string, unknown>;
  raw: unknown;
  /** set once the whole file arrived and was checked */
  media?: MediaRecord;
  failReason?: string;
  postId?: string;
  /** status fetches since the file arrived: processing on the first, PUBLISH_COMPLETE after */
  polls: number;
  /** sent to the creator's inbox as a draft (video.upload) rather than posted */
  inbox?: boolean;
}

/** TikTok Content Posting API (direct post): creator info, init (file upload or pull from URL), upload, status; video list. */
export function tiktokPublishing(kit: NetworkKit) {
  const publishes = kit.publishing.pending<Publish>("tiktok", "publishes");
  const api = "open.tiktokapis.com/v2";

  /** The file arrived whole: check it and post it (TikTok posts whether or not the app asks for the status). */
  function arrived(p: Publish, media: MediaRecord | null) {
    if (media?.kind !== "video") {
      p.failReason = "file_format_check_failed";
      return;
    }
    p.media = media;
    // A draft waits in the creator's TikTok inbox: nothing is posted until they finish it in the app.
    if (p.inbox) return;
    p.postId = numericId(19);
    kit.publishing.add({
      platform: "tiktok",
      id: p.postId,
      url: `https://www.tiktok.com/@${p.username}/video/${p.postId}`,
      networkUserId: p.userId,
      username: p.username,
      kind: "video",
      text: typeof p.postInfo.title === "string" ? p.postInfo.title : "",
      media: [media],
      visibility: String(p.postInfo.privacy_level),
      raw: p.raw,
      at: new Date(kit.now()),
    });
  }

  kit.post(`${api}/post/publish/creator_info/query/`, async (request, reply) => {
    const claims = caller(kit, request, reply, ["video.publish"]);
    if (!claims) return reply;
    const p = kit.person(claims);
    // The creator's own options: TikTok does not narrow them for an unaudited app (it refuses at init).
    return ok({
      creator_avatar_url: kit.avatarUrl(p),
      creator_username: p.username.toLowerCase(),
      creator_nickname: p.name,
      privacy_level_options: privacyOptionsOf(p),
      comment_disabled: false,
      duet_disabled: false,
      stitch_disabled: false,
      max_video_post_duration_sec: 600,
    });
  });

  kit.post(`${api}/post/publish/video/init/`, async (request, reply) => {
    const claims = caller(kit, request, reply, ["video.publish"]);
    if (!claims) return reply;
    const b = obj(request.body);
    const info = obj(b.post_info);
    const source = obj(b.source_info);
    const p = kit.person(claims);
    if (typeof info.privacy_level !== "string" || !privacyOptionsOf(p).includes(info.privacy_level)) {
      return invalid(
        reply,
        "The privacy level is not one of the creator's privacy_level_options.",
        "privacy_level_option_mismatch",
      );
    }
    // Unaudited clients: only private accounts may post through them, and only as SELF_ONLY (TikTok's Direct
    // Post guidelines); TikTok answers both with the same 403.
    if (!kit.review().tiktok.audited && (!isPrivateAccount(p) || info.privacy_level !== "SELF_ONLY")) {
      return invalid(
        reply,
        "Unaudited clients can only post to private accounts, with the SELF_ONLY privacy level.",
        "unaudited_client_can_only_post_to_private_accounts",
        403,
      );
    }
    const title = info.title ?? "";
    if (typeof title !== "string" || title.length > TITLE_MAX)
      return invalid(reply, `post_info.title must be at most ${TITLE_MAX} characters.`);
    return start(request, reply, { userId: claims.userId, username: p.username, postInfo: info, raw: b }, source);
  });

  // Upload to the creator's inbox as a draft: video.upload, no post_info (the creator finishes it in TikTok).
  kit.post(`${api}/post/publish/inbox/video/init/`, async (request, reply) => {
    const claims = caller(kit, request, reply, ["video.upload"]);
    if (!claims) return reply;
    const b = obj(request.body);
    const p = kit.person(claims);
    const who = { userId: claims.userId, username: p.username, postInfo: {}, raw: b, inbox: true };
    return start(request, reply, who, obj(b.source_info));
  });

  /** Registers a publish from its source_info: an upload URL for FILE_UPLOAD, the file pulled for PULL_FROM_URL. */
  async function start(
    request: FastifyRequest,
    reply: FastifyReply,
    who: Pick<Publish, "userId" | "username" | "postInfo" | "raw" | "inbox">,
    source: Record<string, unknown>,
  ) {
    const base = {
      ...who,
      id: `v_${who.inbox ? "inbox" : "pub"}_${source.source === "PULL_FROM_URL" ? "url" : "file"}~v2-1.${numericId(19)}`,
      username: who.username.toLowerCase(),
      assembly: new Assembly(),
      polls: 0,
    };
    if (source.source === "FILE_UPLOAD") {
      const size = Number(source.video_size);
      const chunkSize = Number(source.chunk_size);
      const chunks = Number(source.total_chunk_count);
      if (![size, chunkSize, chunks].every((n) => Number.isInteger(n) && n > 0))
        return invalid(reply, "source_info needs video_size, chunk_size and total_chunk_count.");
      if (size > 4096 * MB) return invalid(reply, "The video is larger than 4 GB.");
      // Under 5 MB: one chunk of the whole file. Otherwise chunks of 5–64 MB (a file up to 64 MB may also go
      // whole), as many as fit; the last one takes the rest, up to 128 MB.
      const whole = chunkSize === size && chunks === 1;
      if (size < CHUNK_MIN ? !whole : chunkSize < CHUNK_MIN || chunkSize > CHUNK_MAX)
        return invalid(reply, "chunk_size must be between 5 MB and 64 MB (a file under 5 MB goes in one chunk).");
      if (chunks !== Math.floor(size / chunkSize) || chunks > CHUNKS_MAX)
        return invalid(reply, "total_chunk_count must be video_size / chunk_size, rounded down (at most 1000).");
      if (size - (chunks - 1) * chunkSize > LAST_CHUNK_MAX)
        return invalid(reply, "The last chunk would be larger than 128 MB.");
      const publish: Publish = { ...base, source: "FILE_UPLOAD", size, chunkSize, chunks };
      publishes.set(publish.id, publish);
      const token = randomBytes(12).toString("hex");
      return ok({
        publish_id: publish.id,
        upload_url: kit.urlFor(
          request,
          `open-upload.tiktokapis.com/video/?upload_id=${encodeURIComponent(publish.id)}&upload_token=${token}`,
        ),
      });
    }
    if (source.source === "PULL_FROM_URL") {
      if (typeof source.video_url !== "string") return invalid(reply, "source_info.video_url is required.");
      const publish: Publish = { ...base, source: "PULL_FROM_URL", size: 0, chunkSize: 0, chunks: 0 };
      publishes.set(publish.id, publish);
      const got = await kit.fetchMedia(source.video_url);
      if (got.ok) arrived(publish, got.media);
      else publish.failReason = "video_pull_failed";
      return ok({ publish_id: publish.id });
    }
    return invalid(reply, "source_info.source must be FILE_UPLOAD or PULL_FROM_URL.");
  }

  kit.put("open-upload.tiktokapis.com/video/", async (request, reply) => {
    const p = publishes.get(flat(request.query).upload_id ?? "");
    if (p?.source !== "FILE_UPLOAD") return reply.status(404).send(apiError("invalid_params", "Unknown upload."));
    if (p.media || p.failReason) return invalid(reply, "The upload is already complete.");
    const type =
      String(request.headers["content-type"] ?? "")
        .split(";")[0]
        ?.trim()
        .toLowerCase() ?? "";
    if (!VIDEO_TYPES.includes(type))
      return invalid(reply, "Content-Type must be video/mp4, video/quicktime or video/webm.", "invalid_file_upload");
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(request.headers["content-range"] ?? ""));
    if (!m) return reply.status(416).send(apiError("invalid_params", "Content-Range must be bytes first-last/total."));
    const [first, last, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const index = p.assembly.parts.size;
    const lastChunk = index === p.chunks - 1;
    const expectedLength = lastChunk ? p.size - first : p.chunkSize;
    const length = Number(request.headers["content-length"] ?? Number.NaN);
    if (
      total !== p.size ||
      first !== p.assembly.received ||
      last - first + 1 !== expectedLength ||
      index >= p.chunks ||
      length !== expectedLength
    ) {
      return reply
        .status(416)
        .send(
          apiError(
            "invalid_params",
            `Expected Content-Range: bytes ${p.assembly.received}-${p.assembly.received + expectedLength - 1}/${p.size} and Content-Length: ${expectedLength}.`,
          ),
        );
    }
    try {
      const size = await p.assembly.put(index, rawBody(request), Math.min(expectedLength, LAST_CHUNK_MAX));
      if (size !== expectedLength) {
        p.failReason = "file_format_check_failed";
        return invalid(reply, `The chunk has ${size} bytes, Content-Range says ${expectedLength}.`);
      }
    } catch (e) {
      if (e instanceof TooLarge)
        return reply.status(413).send(apiError("invalid_params", "The chunk is larger than its Content-Range."));
      throw e;
    }
    if (!lastChunk) return reply.status(206).send();
    arrived(p, p.assembly.finish());
    return reply.status(201).send();
  });

  kit.post(`${api}/post/publish/status/fetch/`, async (request, reply) => {
    const claims = caller(kit, request, reply, ["video.upload", "video.publish"]);
    if (!claims) return reply;
    const p = publishes.get(String(obj(request.body).publish_id ?? ""));
    if (!p || p.userId !== claims.userId) return invalid(reply, "publish_id is not a publish of this user.");
    const uploaded = p.source === "FILE_UPLOAD" ? p.assembly.received : (p.media?.bytes ?? 0);
    if (p.failReason) return ok({ status: "FAILED", fail_reason: p.failReason, uploaded_bytes: uploaded });
    if (!p.media) return ok({ status: "PROCESSING_UPLOAD", uploaded_bytes: uploaded });
    p.polls += 1;
    if (p.inbox && p.polls > 1) return ok({ status: "SEND_TO_USER_INBOX", uploaded_bytes: uploaded });
    if (p.polls === 1) {
      const status = p.source === "FILE_UPLOAD" ? "PROCESSING_UPLOAD" : "PROCESSING_DOWNLOAD";
      return ok({
        status,
        uploaded_bytes: uploaded,
        ...(p.source === "PULL_FROM_URL" && { downloaded_bytes: uploaded }),
      });
    }
    // TikTok sends the post id as a JSON int64, beyond what a JavaScript number holds exactly: the digits
    // are written as they are, so a client must read them from the text (or take the id from /video/list/).
    const body = JSON.stringify(
      ok({ status: "PUBLISH_COMPLETE", publicaly_available_post_id: ["ID"], uploaded_bytes: uploaded }),
    );
    return reply.type("application/json; charset=utf-8").send(body.replace('["ID"]', `[${p.postId}]`));
  });
}
