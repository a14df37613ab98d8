import { randomBytes } from "node:crypto";
import type { FastifyReply } from "fastify";
import { flat, type NetworkKit } from "../kit";
import { Assembly, rawBody, TooLarge, UPLOAD_LIMIT } from "../media";
import { postFigures } from "../metrics";
import { pageAt } from "../paging";
import { base64Id, type PublishedItem } from "../publishing";
import { allowed, COST, googleError, pacificDay, projectQuota, READ_SCOPES, UPLOAD_SCOPES } from "./youtube-common";

const CHUNK_UNIT = 256 * 1024;
const TITLE_MAX = 100;
const DESCRIPTION_MAX_BYTES = 5000;
const TAGS_MAX = 500;
/** Videos a channel may upload a day (YouTube does not publish its figure; unverified channels get fewer). */
const DAILY_UPLOADS = 100;
const PRIVACY = ["public", "private", "unlisted"];

interface Session {
  id: string;
  userId: string;
  username: string;
  total: number;
  type: string;
  assembly: Assembly;
  metadata: { snippet: Record<string, unknown>; status: Record<string, unknown> };
  videoId?: string;
}

const obj = (v: unknown) => (v && typeof v === "object" ? v : {}) as Record<string, unknown>;
const bad = (reply: FastifyReply, message: string, reason: string) =>
  reply.status(400).send(googleError(400, message, reason, "INVALID_ARGUMENT"));

/** What is wrong with a video's metadata, as YouTube's reason and message; null when it is fine. */
function metadataProblem(snippet: Record<string, unknown>, status: Record<string, unknown>): [string, string] | null {
  const title = snippet.title;
  if (typeof title !== "string" || !title.trim() || [...title].length > TITLE_MAX || /[<>]/.test(title))
    return ["invalidTitle", "The request metadata specifies an invalid or empty video title."];
  const description = snippet.description ?? "";
  if (
    typeof description !== "string" ||
    Buffer.byteLength(description) > DESCRIPTION_MAX_BYTES ||
    /[<>]/.test(description)
  )
    return ["invalidDescription", "The request metadata specifies an invalid video description."];
  const tags = snippet.tags ?? [];
  if (!Array.isArray(tags) || tags.some((t) => typeof t !== "string") || tags.join(",").length > TAGS_MAX)
    return ["invalidTags", "The request metadata specifies invalid video keywords."];
  if (status.privacyStatus !== undefined && !PRIVACY.includes(String(status.privacyStatus)))
    return ["invalidVideoMetadata", "The request metadata is invalid: status.privacyStatus."];
  if (
    status.publishAt !== undefined &&
    (status.privacyStatus !== "private" || Number.isNaN(Date.parse(String(status.publishAt))))
  )
    return ["invalidPublishAt", "The request metadata specifies an invalid scheduled publishing time."];
  return null;
}

/** A video's `statistics` at `now`, from the sandbox's figures: counts are strings; favorites are always 0. */
const statisticsOf = (i: PublishedItem, now: number) => {
  const f = postFigures("youtube", i.id, i.at, new Date(now));
  return {
    viewCount: String(f.views),
    likeCount: String(f.likes),
    favoriteCount: "0",
    commentCount: String(f.comments),
  };
};

/** YouTube Data API v3: resumable video uploads, the videos list and the channel's own search. */
export function youtubePublishing(kit: NetworkKit) {
  const sessions = kit.publishing.pending<Session>("youtube", "sessions");
  const quota = projectQuota(kit);
  const uploadPath = "www.googleapis.com/upload/youtube/v3/videos";

  const resource = (i: PublishedItem, parts: Set<string>) => {
    const raw = obj(i.raw);
    const snippet = obj(raw.snippet);
    const status = obj(raw.status);
    return {
      kind: "youtube#video",
      etag: `etag-${i.id}`,
      id: i.id,
      ...(parts.has("snippet") && {
        snippet: {
          publishedAt: i.at.toISOString(),
          channelId: i.networkUserId,
          title: i.title,
          description: i.text,
          thumbnails: { default: { url: `https://i.ytimg.com/vi/${i.id}/default.jpg`, width: 120, height: 90 } },
          channelTitle: kit.person({ username: i.username }).name,
          ...(Array.isArray(snippet.tags) && { tags: snippet.tags }),
          categoryId: String(snippet.categoryId ?? "22"),
          liveBroadcastContent: "none",
          localized: { title: i.title, description: i.text },
        },
      }),
      ...(parts.has("statistics") && { statistics: statisticsOf(i, kit.now()) }),
      ...(parts.has("status") && {
        status: {
          uploadStatus: "uploaded",
          privacyStatus: i.visibility,
          ...(status.publishAt !== undefined && { publishAt: status.publishAt }),
          license: "youtube",
          embeddable: true,
          publicStatsViewable: true,
          madeForKids: status.selfDeclaredMadeForKids === true,
          ...(status.selfDeclaredMadeForKids !== undefined && {
            selfDeclaredMadeForKids: status.selfDeclaredMadeForKids,
          }),
        },
      }),
    };
  };

  kit.post(uploadPath, async (request, reply) => {
    const claims = allowed(kit, quota, request, reply, UPLOAD_SCOPES, COST.insert);
    if (!claims) return reply;
    const q = flat(request.query);
    if (!/^application\/json\b/i.test(String(request.headers["content-type"] ?? "")))
      return bad(reply, "The video's metadata must be sent as application/json.", "badContent");
    if (q.uploadType !== "resumable") return bad(reply, "Only uploadType=resumable is supported here.", "badRequest");
    const parts = new Set((q.part ?? "").split(","));
    if (!parts.has("snippet")) return bad(reply, "'snippet' is required in part.", "invalidPart");
    const b = obj(request.body);
    const snippet = obj(b.snippet);
    const status = obj(b.status);
    const problem = metadataProblem(snippet, status);
    if (problem) return bad(reply, problem[1], problem[0]);
    const length = String(request.headers["x-upload-content-length"] ?? "");
    const total = Number(length);
    const type = String(request.headers["x-upload-content-type"] ?? "");
    if (!/^\d+$/.test(length) || total <= 0) return bad(reply, "X-Upload-Content-Length is required.", "badRequest");
    if (!type) return bad(reply, "X-Upload-Content-Type is required.", "badRequest");
    if (!type.startsWith("video/") && type !== "application/octet-stream")
      return bad(reply, `Media type '${type}' is not supported.`, "invalidContentType");
    if (total > UPLOAD_LIMIT) return bad(reply, "The file is larger than the sandbox takes.", "badRequest");
    const day = pacificDay(kit.now());
    const today = kit.publishing.of("youtube", claims.userId).filter((i) => pacificDay(i.at.getTime()) === day);
    if (today.length >= DAILY_UPLOADS) {
      const message = "The user has exceeded the number of videos they may upload.";
      return reply.status(400).send({
        error: {
          code: 400,
          message,
          errors: [{ message, domain: "youtube.video", reason: "uploadLimitExceeded" }],
        },
      });
    }
    const id = `AEnB2U${randomBytes(24).toString("base64url")}`;
    sessions.set(id, {
      id,
      userId: claims.userId,
      username: claims.username,
      total,
      type,
      assembly: new Assembly(),
      metadata: { snippet, status },
    });
    const location = kit.urlFor(
      request,
      `${uploadPath}?uploadType=resumable&part=${encodeURIComponent(q.part ?? "")}&upload_id=${id}`,
    );
    return reply.status(200).header("location", location).header("x-guploader-uploadid", id).send();
  });

  kit.put(uploadPath, async (request, reply) => {
    const q = flat(request.query);
    const session = sessions.get(q.upload_id ?? "");
    if (!session) return reply.status(404).send(googleError(404, "Upload session not found.", "notFound", "NOT_FOUND"));
    const parts = new Set((q.part ?? "snippet,status").split(","));
    const finished = () => {
      const item = kit.publishing.find("youtube", session.videoId ?? "");
      return item ? reply.status(200).send(resource(item, parts)) : null;
    };
    const range = String(request.headers["content-range"] ?? "");
    const received = session.assembly.received;
    const resume = () => {
      const got = session.assembly.received;
      if (got > 0) void reply.header("range", `bytes=0-${got - 1}`);
      return reply.status(308).send();
    };
    // `bytes */TOTAL`: where did the upload get to?
    if (/^bytes \*\/\d+$/.test(range)) return finished() ?? resume();
    if (session.videoId) return finished();
    let first = 0;
    let last = session.total - 1;
    const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(range);
    if (range && !m) return bad(reply, "Invalid Content-Range header.", "badRequest");
    if (m) {
      [first, last] = [Number(m[1]), Number(m[2])];
      if (m[3] !== "*" && Number(m[3]) !== session.total)
        return bad(reply, "The Content-Range total differs from X-Upload-Content-Length.", "badRequest");
    }
    const length = last - first + 1;
    const final = last === session.total - 1;
    if (first !== received || last >= session.total || length <= 0) return resume();
    if (!final && length % CHUNK_UNIT !== 0)
      return bad(reply, "Chunks other than the last must be a multiple of 256 KiB.", "badRequest");
    try {
      const size = await session.assembly.put(session.assembly.parts.size, rawBody(request), length);
      if (size !== length) return bad(reply, `Expected ${length} bytes, got ${size}.`, "badRequest");
    } catch (e) {
      if (e instanceof TooLarge) return bad(reply, "The chunk is larger than its Content-Range.", "badRequest");
      throw e;
    }
    if (!final) return resume();
    const media = session.assembly.finish();
    if (media?.kind !== "video") {
      sessions.delete(session.id);
      return bad(reply, "The uploaded file is not a video.", "invalidVideoFormat");
    }
    const videoId = base64Id(11);
    session.videoId = videoId;
    const { snippet, status } = session.metadata;
    const item = kit.publishing.add({
      platform: "youtube",
      id: videoId,
      url: `https://www.youtube.com/watch?v=${videoId}`,
      networkUserId: session.userId,
      username: session.username,
      kind: "video",
      title: String(snippet.title),
      text: typeof snippet.description === "string" ? snippet.description : "",
      media: [media],
      // Unaudited projects' uploads are locked to private, whatever was asked.
      visibility: kit.review().youtube.audited ? String(status.privacyStatus ?? "public") : "private",
      raw: session.metadata,
      at: new Date(kit.now()),
    });
    return reply.status(200).send(resource(item, parts));
  });

  kit.get("www.googleapis.com/youtube/v3/videos", async (request, reply) => {
    const claims = allowed(kit, quota, request, reply, READ_SCOPES, COST.list);
    if (!claims) return reply;
    const q = flat(request.query);
    if (!q.part) return bad(reply, "No part parameter.", "required");
    if (!q.id) return bad(reply, "No filter selected.", "missingRequiredParameter");
    const parts = new Set(q.part.split(","));
    const items = q.id
      .split(",")
      .map((id) => kit.publishing.find("youtube", id))
      .filter((i): i is PublishedItem => !!i && (i.networkUserId === claims.userId || i.visibility === "public"))
      .map((i) => resource(i, parts));
    return {
      kind: "youtube#videoListResponse",
      etag: "etag",
      items,
      pageInfo: { totalResults: items.length, resultsPerPage: items.length },
    };
  });

  kit.get("www.googleapis.com/youtube/v3/search", async (request, reply) => {
    const claims = allowed(kit, quota, request, reply, READ_SCOPES, COST.search);
    if (!claims) return reply;
    const q = flat(request.query);
    if (q.forMine !== "true")
      return bad(reply, "Only forMine=true searches are served by the sandbox.", "invalidSearchFilter");
    if (q.type !== "video") return bad(reply, "forMine needs type=video.", "invalidSearchFilter");
    const max = Math.min(50, Math.max(0, Number(q.maxResults ?? 5) || 5));
    const mine = kit.publishing.of("youtube", claims.userId);
    const paged = pageAt(mine, max, q.pageToken);
    if (!paged) return bad(reply, "The request specifies an invalid page token.", "invalidPageToken");
    const items = paged.page.map((i) => ({
      kind: "youtube#searchResult",
      etag: `etag-${i.id}`,
      id: { kind: "youtube#video", videoId: i.id },
      ...((q.part ?? "").includes("snippet") && {
        snippet: { ...resource(i, new Set(["snippet"])).snippet, publishTime: i.at.toISOString() },
      }),
    }));
    return {
      kind: "youtube#searchListResponse",
      etag: "etag",
      ...(paged.next && { nextPageToken: paged.next }),
      regionCode: "US",
      pageInfo: { totalResults: mine.length, resultsPerPage: max },
      items,
    };
  });
}
