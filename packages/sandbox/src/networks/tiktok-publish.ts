import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { flat, hasScope, isRefusal, type NetworkKit, pick } from "../kit";
import { Assembly, type MediaRecord, rawBody, TooLarge } from "../media";
import { numericId } from "../publishing";
import type { Claims } from "../tokens";

const MB = 1024 * 1024;
const TITLE_MAX = 2200;
const PRIVACY = ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "FOLLOWER_OF_CREATOR", "SELF_ONLY"];

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
}

const logId = () => randomBytes(16).toString("hex").toUpperCase();
const ok = (data: unknown) => ({ data, error: { code: "ok", message: "", log_id: logId() } });
const apiError = (code: string, message: string) => ({ data: {}, error: { code, message, log_id: logId() } });
const obj = (v: unknown) => (v && typeof v === "object" ? v : {}) as Record<string, unknown>;
const invalid = (reply: FastifyReply, message: string, code = "invalid_params") =>
  reply.status(400).send(apiError(code, message));

function authed(kit: NetworkKit, request: FastifyRequest, reply: FastifyReply, scope: string): Claims | null {
  const claims = kit.bearer(request);
  if (isRefusal(claims)) {
    void reply
      .status(401)
      .send(apiError("access_token_invalid", "The access token is invalid or not found in the request."));
    return null;
  }
  if (!hasScope(claims, scope)) {
    void reply
      .status(401)
      .send(
        apiError(
          "scope_not_authorized",
          `The user did not authorize the scope required for completing this request (${scope}).`,
        ),
      );
    return null;
  }
  return claims;
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
    const claims = authed(kit, request, reply, "video.publish");
    if (!claims) return reply;
    const p = kit.person(claims);
    return ok({
      creator_avatar_url: kit.avatarUrl(p),
      creator_username: p.username.toLowerCase(),
      creator_nickname: p.name,
      privacy_level_options: PRIVACY,
      comment_disabled: false,
      duet_disabled: false,
      stitch_disabled: false,
      max_video_post_duration_sec: 600,
    });
  });

  kit.post(`${api}/post/publish/video/init/`, async (request, reply) => {
    const claims = authed(kit, request, reply, "video.publish");
    if (!claims) return reply;
    const b = obj(request.body);
    const info = obj(b.post_info);
    const source = obj(b.source_info);
    if (typeof info.privacy_level !== "string" || !PRIVACY.includes(info.privacy_level)) {
      return invalid(
        reply,
        "The privacy level is not one of the creator's privacy_level_options.",
        "privacy_level_option_mismatch",
      );
    }
    const title = info.title ?? "";
    if (typeof title !== "string" || title.length > TITLE_MAX)
      return invalid(reply, `post_info.title must be at most ${TITLE_MAX} characters.`);
    const p = kit.person(claims);
    const base = {
      id: `v_pub_${source.source === "PULL_FROM_URL" ? "url" : "file"}~v2-1.${numericId(19)}`,
      userId: claims.userId,
      username: p.username.toLowerCase(),
      assembly: new Assembly(),
      postInfo: info,
      raw: b,
      polls: 0,
    };
    if (source.source === "FILE_UPLOAD") {
      const size = Number(source.video_size);
      const chunkSize = Number(source.chunk_size);
      const chunks = Number(source.total_chunk_count);
      if (![size, chunkSize, chunks].every((n) => Number.isInteger(n) && n > 0))
        return invalid(reply, "source_info needs video_size, chunk_size and total_chunk_count.");
      if (size > 4096 * MB) return invalid(reply, "The video is larger than 4 GB.");
      const oneChunk = size < 5 * MB;
      if (oneChunk ? chunkSize !== size || chunks !== 1 : chunkSize < 5 * MB || chunkSize > 64 * MB)
        return invalid(reply, "chunk_size must be between 5 MB and 64 MB (a file under 5 MB goes in one chunk).");
      if (!oneChunk && chunks !== Math.floor(size / chunkSize))
        return invalid(reply, "total_chunk_count must be video_size / chunk_size, rounded down.");
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
  });

  kit.put("open-upload.tiktokapis.com/video/", async (request, reply) => {
    const p = publishes.get(flat(request.query).upload_id ?? "");
    if (p?.source !== "FILE_UPLOAD") return reply.status(404).send(apiError("invalid_params", "Unknown upload."));
    if (p.media || p.failReason) return invalid(reply, "The upload is already complete.");
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(request.headers["content-range"] ?? ""));
    if (!m) return reply.status(416).send(apiError("invalid_params", "Content-Range must be bytes first-last/total."));
    const [first, last, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const index = p.assembly.parts.size;
    const lastChunk = index === p.chunks - 1;
    const expectedLength = lastChunk ? p.size - first : p.chunkSize;
    if (total !== p.size || first !== p.assembly.received || last - first + 1 !== expectedLength || index >= p.chunks) {
      return reply
        .status(416)
        .send(
          apiError(
            "invalid_params",
            `Expected bytes ${p.assembly.received}-${p.assembly.received + expectedLength - 1}/${p.size}.`,
          ),
        );
    }
    try {
      const size = await p.assembly.put(index, rawBody(request), Math.min(expectedLength, 128 * MB));
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
    const claims = authed(kit, request, reply, "video.publish");
    if (!claims) return reply;
    const p = publishes.get(String(obj(request.body).publish_id ?? ""));
    if (!p || p.userId !== claims.userId) return invalid(reply, "publish_id is not a publish of this user.");
    const uploaded = p.source === "FILE_UPLOAD" ? p.assembly.received : (p.media?.bytes ?? 0);
    if (p.failReason) return ok({ status: "FAILED", fail_reason: p.failReason, uploaded_bytes: uploaded });
    if (!p.media) return ok({ status: "PROCESSING_UPLOAD", uploaded_bytes: uploaded });
    p.polls += 1;
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

  kit.post(`${api}/video/list/`, async (request, reply) => {
    const claims = authed(kit, request, reply, "video.list");
    if (!claims) return reply;
    const fields = flat(request.query).fields;
    if (!fields) return invalid(reply, "The fields parameter is required.");
    const b = obj(request.body);
    const max = Number(b.max_count ?? 10);
    if (!Number.isInteger(max) || max < 1 || max > 20) return invalid(reply, "max_count must be between 1 and 20.");
    const all = kit.publishing.of("tiktok", claims.userId);
    const cursor = Number(b.cursor ?? 0) || 0;
    const rest = all.filter((i) => cursor === 0 || i.at.getTime() < cursor);
    const page = rest.slice(0, max);
    const videos = page.map((i) =>
      pick(
        {
          id: i.id,
          title: i.text,
          video_description: i.text,
          create_time: Math.floor(i.at.getTime() / 1000),
          share_url: i.url,
          duration: 15,
          cover_image_url: kit.urlFor(request, `p16-sign.tiktokcdn.com/${i.id}.jpeg`),
          embed_link: `https://www.tiktok.com/player/v1/${i.id}`,
          view_count: 0,
          like_count: 0,
          comment_count: 0,
          share_count: 0,
        },
        fields,
      ),
    );
    const lastAt = page.at(-1)?.at.getTime() ?? 0;
    return ok({ videos, cursor: lastAt, has_more: rest.length > max });
  });
}
