import { setTimeout as sleep } from "node:timers/promises";
import {
  mediaProblem,
  PUBLISH_MESSAGES,
  TIKTOK_PRIVACY_LABELS,
  type TiktokPrivacy,
  tiktokPrivacyFor,
} from "@app/shared";
import { type ErrorReader, NetworkError, networkSend, refuse } from "../http";
import { findSince } from "../lookup";
import type { NetworkContext, PublishMedia, PublishOutcome, PublishRequest } from "../platform";

const MB = 1024 * 1024;
/** TikTok's rules: a file under 5 MB goes in one chunk; otherwise chunks of 5–64 MB, the last one takes the rest. */
const SINGLE_CHUNK_BELOW = 5 * MB;
const CHUNK = 10 * MB;
const TITLE_MAX = 2200;
/** The text cut to TikTok's title limit (counted in UTF-16 units), never inside a character. */
function titleOf(text: string): string {
  let out = "";
  for (const ch of text) {
    if (out.length + ch.length > TITLE_MAX) break;
    out += ch;
  }
  return out;
}

/** How a file is cut for FILE_UPLOAD. */
export function tiktokChunks(size: number): { chunkSize: number; count: number } {
  if (size < SINGLE_CHUNK_BELOW) return { chunkSize: size, count: 1 };
  const chunkSize = Math.min(CHUNK, size);
  return { chunkSize, count: Math.floor(size / chunkSize) };
}

interface TikTokBody<T> {
  data?: T;
  error?: { code?: string; message?: string };
}

/** TikTok's Content Posting endpoints take JSON bodies, and say so in these words. */
export const TIKTOK_JSON = "application/json; charset=UTF-8";
const jsonBody = (value: unknown) => {
  const data = Buffer.from(JSON.stringify(value));
  return { data, type: TIKTOK_JSON, length: data.length };
};

/** What creator_info says of the creator, for the composer and for each post. */
export interface TikTokCreator {
  creator_username?: string;
  creator_nickname?: string;
  privacy_level_options?: string[];
  comment_disabled?: boolean;
  duet_disabled?: boolean;
  stitch_disabled?: boolean;
  max_video_post_duration_sec?: number;
}

/** TikTok's 403 to an app it has not audited yet, for a public account or a post that is not SELF_ONLY. */
const UNAUDITED = "unaudited_client_can_only_post_to_private_accounts";
export const TIKTOK_UNAUDITED_MESSAGE =
  "TikTok has not audited this app yet, so it accepts posts only from private TikTok accounts, visible to their author alone. Make the TikTok account private (TikTok app: Settings and privacy → Privacy → Private account) and try again, or have the app audited by TikTok.";

interface PublishStatus {
  status?: string;
  fail_reason?: string;
  uploaded_bytes?: number;
}

/** What an attempt records once TikTok has opened its publish, before any byte is sent. */
interface TikTokProgress {
  publishId: string;
  size: number;
  username: string;
  notice: string | null;
}

const progressOf = (p: Record<string, unknown> | null): TikTokProgress | null =>
  p && typeof p.publishId === "string" && typeof p.size === "number" ? (p as unknown as TikTokProgress) : null;

class Unaudited extends Error {}

/** TikTok Content Posting API, direct post: creator info, FILE_UPLOAD in chunks, status until it is posted. */
export function tiktokPublishing(ctx: NetworkContext, readError: ErrorReader) {
  const api = (path: string) => ctx.serverUrl(`https://open.tiktokapis.com/v2/${path}`);
  const pollMs = ctx.sandbox ? 20 : 3_000;
  const bearer = (req: PublishRequest) => ({ authorization: `Bearer ${req.accessToken}` });
  const videoUrl = (username: string, id: string) => `https://www.tiktok.com/@${username}/video/${id}`;

  /** A TikTok call answered 200 may still carry an error. */
  function dataOf<T>(body: TikTokBody<T>): T {
    if (body.error?.code && body.error.code !== "ok") throw refuse(body.error.message || body.error.code);
    return (body.data ?? {}) as T;
  }

  /** One Content Posting call; an empty JSON object when the endpoint takes no parameters. */
  async function call<T>(accessToken: string, path: string, json: unknown = {}, reader = readError): Promise<T> {
    const { data } = await networkSend<TikTokBody<T>>(
      api(path),
      { method: "POST", headers: { authorization: `Bearer ${accessToken}` }, body: jsonBody(json) },
      reader,
    );
    return dataOf(data);
  }

  /** The video's init: TikTok's refusal of an unaudited app is told apart from others (the caller may go on). */
  async function init(req: PublishRequest, body: unknown) {
    // The refusal's code is kept as its message, to be told apart below.
    const reader: ErrorReader = (status, b) =>
      (b as TikTokBody<unknown> | null)?.error?.code === UNAUDITED
        ? { message: UNAUDITED, tokenRejected: false }
        : readError(status, b);
    try {
      return await call<{ publish_id: string; upload_url?: string }>(
        req.accessToken,
        "post/publish/video/init/",
        body,
        reader,
      );
    } catch (err) {
      if (err instanceof NetworkError && err.message === UNAUDITED) throw new Unaudited();
      throw err;
    }
  }

  /**
   * The publish's status. TikTok writes the post id as a JSON int64, which a JavaScript number rounds: the
   * digits are read from the text of the answer.
   */
  async function statusOf(req: PublishRequest, publishId: string): Promise<PublishStatus & { postId?: string }> {
    let res: Response;
    try {
      res = await fetch(api("post/publish/status/fetch/"), {
        method: "POST",
        headers: { ...bearer(req), accept: "application/json", "content-type": TIKTOK_JSON },
        body: JSON.stringify({ publish_id: publishId }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new NetworkError(`Network unreachable: ${reason}`, 0, true, false);
    }
    const text = await res.text();
    let body: TikTokBody<PublishStatus> = {};
    try {
      body = text ? JSON.parse(text) : {};
    } catch {}
    if (!res.ok) {
      const { message, tokenRejected } = readError(res.status, body);
      const transient = res.status === 429 || res.status >= 500;
      throw new NetworkError(message, res.status, transient, !transient && tokenRejected);
    }
    const postId = /"publicaly_available_post_id"\s*:\s*\[\s*"?(\d+)/.exec(text)?.[1];
    return { ...dataOf(body), postId };
  }

  /** Waits for TikTok to post a publish whose file arrived whole. */
  async function outcomeOf(req: PublishRequest, p: TikTokProgress): Promise<PublishOutcome> {
    for (let i = 0; i < 200; i++) {
      const s = await statusOf(req, p.publishId);
      if (s.status === "PUBLISH_COMPLETE") {
        // A post people cannot see (private) has no public id: the profile is what can be linked.
        if (!s.postId)
          return { externalId: p.publishId, url: `https://www.tiktok.com/@${p.username}`, notice: p.notice };
        return { externalId: s.postId, url: videoUrl(p.username, s.postId), notice: p.notice };
      }
      if (s.status === "FAILED") throw refuse(`TikTok could not post the video: ${s.fail_reason ?? "unknown reason"}`);
      await sleep(pollMs);
      if (i % 10 === 9) await req.keepAlive();
    }
    throw new NetworkError("TikTok is still processing the video.", 503, true, false);
  }

  async function upload(req: PublishRequest, m: PublishMedia, uploadUrl: string, chunkSize: number, count: number) {
    for (let i = 0; i < count; i++) {
      const start = i * chunkSize;
      const end = i === count - 1 ? m.size - 1 : start + chunkSize - 1;
      await networkSend(
        uploadUrl,
        {
          method: "PUT",
          headers: { "content-range": `bytes ${start}-${end}/${m.size}` },
          body: { data: await m.open({ start, end }), type: m.mimeType, length: end - start + 1 },
          timeoutMs: 300_000,
        },
        readError,
      );
      await req.keepAlive();
    }
  }

  return {
    creatorInfo: (accessToken: string) => call<TikTokCreator>(accessToken, "post/publish/creator_info/query/"),

    async publish(req: PublishRequest): Promise<PublishOutcome> {
      const mix = mediaProblem("tiktok", req.media, req.options);
      if (mix) throw refuse(mix.message);
      const video = req.media[0] as PublishMedia;
      const creator = await call<TikTokCreator>(req.accessToken, "post/publish/creator_info/query/");
      const options = creator.privacy_level_options ?? [];
      const chosen = req.options.tiktok ?? {};
      const privacy = tiktokPrivacyFor(options, chosen.privacy);
      if (!privacy) throw refuse("TikTok offers this account no way to post right now. Try again later.");
      const notices: string[] = [];
      if (chosen.privacy && privacy !== chosen.privacy)
        notices.push(
          `TikTok does not offer "${TIKTOK_PRIVACY_LABELS[chosen.privacy]}" to this account now, so the video was posted for "${TIKTOK_PRIVACY_LABELS[privacy]}".`,
        );
      const max = creator.max_video_post_duration_sec;
      if (max && video.durationSeconds && video.durationSeconds > max)
        throw refuse(`This TikTok account can post videos of at most ${max} seconds.`);
      const { chunkSize, count } = tiktokChunks(video.size);
      const body = (level: TiktokPrivacy) => ({
        post_info: {
          title: titleOf(req.text),
          privacy_level: level,
          // What the creator turned off in TikTok stays off, whatever the post asks.
          disable_duet: chosen.allowDuet === false || creator.duet_disabled === true,
          disable_comment: chosen.allowComment === false || creator.comment_disabled === true,
          disable_stitch: chosen.allowStitch === false || creator.stitch_disabled === true,
        },
        source_info: { source: "FILE_UPLOAD", video_size: video.size, chunk_size: chunkSize, total_chunk_count: count },
      });
      let started: { publish_id: string; upload_url?: string };
      try {
        started = await init(req, body(privacy));
      } catch (err) {
        // An app TikTok has not audited may still post privately from a private account: once, as SELF_ONLY.
        if (!(err instanceof Unaudited) || privacy === "SELF_ONLY")
          throw err instanceof Unaudited ? refuse(TIKTOK_UNAUDITED_MESSAGE) : err;
        try {
          started = await init(req, body("SELF_ONLY"));
        } catch (again) {
          throw again instanceof Unaudited ? refuse(TIKTOK_UNAUDITED_MESSAGE) : again;
        }
        notices.length = 0;
        notices.push(
          `TikTok has not audited this app yet, so the video was posted as "Only me" instead of "${TIKTOK_PRIVACY_LABELS[privacy]}". Change its privacy in TikTok to share it.`,
        );
      }
      if (!started.upload_url)
        throw new NetworkError("TikTok gave no address to upload the video to.", 502, true, false);
      const progress: TikTokProgress = {
        publishId: started.publish_id,
        size: video.size,
        username: creator.creator_username ?? req.account.username ?? "",
        notice: notices.join(" ") || null,
      };
      // Recorded before the upload: a later attempt asks TikTok about this publish instead of posting again.
      await req.recordProgress({ ...progress });
      // TikTok posts the video as soon as the whole file has arrived.
      await upload(req, video, started.upload_url, chunkSize, count);
      return outcomeOf(req, progress);
    },

    /**
     * What an interrupted attempt made. With its publish recorded, TikTok's status of that publish says it
     * (video.publish is enough): a file that did not arrive whole was never posted. Without one, no byte was
     * sent, so nothing was posted; the account's recent videos are still looked through for this title when
     * video.list was granted (an attempt of an older version recorded nothing).
     */
    async lookup(req: PublishRequest): Promise<PublishOutcome | null> {
      const recorded = progressOf(req.progress);
      if (recorded) {
        const s = await statusOf(req, recorded.publishId);
        if (s.status === "FAILED") return null;
        if (s.status === "PROCESSING_UPLOAD" && (s.uploaded_bytes ?? 0) < recorded.size) return null;
        return outcomeOf(req, recorded);
      }
      if (!req.scopes.includes("video.list")) return null;
      const title = titleOf(req.text);
      type Video = { id: string; title?: string; create_time?: number; share_url?: string };
      const found = await findSince("TikTok", req.since, {
        async page(cursor) {
          try {
            const data = await call<{ videos?: Video[]; cursor?: number; has_more?: boolean }>(
              req.accessToken,
              "video/list/?fields=id,title,create_time,share_url",
              { max_count: 20, ...(cursor && { cursor: Number(cursor) }) },
            );
            return { items: data.videos ?? [], next: data.has_more && data.cursor ? String(data.cursor) : null };
          } catch (err) {
            // 401 with a live token: scope_not_authorized.
            if (err instanceof NetworkError && err.status === 401 && !err.tokenRejected)
              throw refuse(PUBLISH_MESSAGES.unconfirmed("TikTok"));
            throw err;
          }
        },
        madeAt: (v) => (v.create_time ?? Number.NaN) * 1000,
        matches: (v) => (v.title ?? "") === title,
      });
      if (!found) return null;
      const id = String(found.id);
      return { externalId: id, url: found.share_url ?? videoUrl(req.account.username ?? "", id) };
    },
  };
}
