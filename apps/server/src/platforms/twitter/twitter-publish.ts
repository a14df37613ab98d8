import { buffer } from "node:stream/consumers";
import { setTimeout as sleep } from "node:timers/promises";
import { mediaProblem, PLATFORM_LABELS, splitThread, twitterLength } from "@app/shared";
import { type ErrorReader, NetworkError, networkSend, refuse } from "../http";
import { findSince } from "../lookup";
import type { NetworkContext, PublishMedia, PublishOutcome, PublishRequest } from "../platform";

/** Bytes appended per call (X takes segments of at most 5 MB). */
const SEGMENT = 4 * 1024 * 1024;

/**
 * What an attempt leaves for the next one: the ids of the thread's parts already out, in order, and the part
 * that was on its way when the attempt ended (X may or may not have made it).
 */
interface ThreadProgress {
  thread: string[];
  sending?: number;
}

function progressOf(req: PublishRequest): ThreadProgress | null {
  const p = req.progress as Partial<ThreadProgress> | null;
  if (!p || !Array.isArray(p.thread) || p.thread.some((id) => typeof id !== "string")) return null;
  return { thread: p.thread as string[], ...(typeof p.sending === "number" && { sending: p.sending }) };
}

type ProcessingInfo = { state: string; check_after_secs?: number };
type Tweet = { id: string; text: string; created_at?: string };

/** X API v2: images through the one-shot upload, GIFs and videos in segments; posts and threads. */
export function twitterPublishing(ctx: NetworkContext, readError: ErrorReader) {
  const api = (path: string) => ctx.serverUrl(`https://api.x.com/2/${path}`);
  const pollMs = ctx.sandbox ? 20 : 2_000;
  const bearer = (req: PublishRequest) => ({ authorization: `Bearer ${req.accessToken}` });
  const urlOf = (req: PublishRequest, id: string) => `https://x.com/${req.account.username ?? "i"}/status/${id}`;

  const part = async (m: PublishMedia, range?: { start: number; end: number }) =>
    new Blob([new Uint8Array(await buffer(await m.open(range)))], { type: m.mimeType });

  /** The one-shot upload, which X allows for still images only. */
  async function uploadImage(req: PublishRequest, m: PublishMedia): Promise<string> {
    const form = new FormData();
    form.set("media", await part(m), "media");
    form.set("media_category", "tweet_image");
    const { data } = await networkSend<{ data: { id: string } }>(
      api("media/upload"),
      { headers: bearer(req), multipart: form, timeoutMs: 120_000 },
      readError,
    );
    return data.data.id;
  }

  /** initialize (JSON), append (multipart segments), finalize, then STATUS until X has processed the file. */
  async function uploadInSegments(req: PublishRequest, m: PublishMedia, category: "tweet_gif" | "tweet_video") {
    const init = await networkSend<{ data: { id: string } }>(
      api("media/upload/initialize"),
      { headers: bearer(req), json: { media_type: m.mimeType, total_bytes: m.size, media_category: category } },
      readError,
    );
    const id = init.data.data.id;
    for (let start = 0, index = 0; start < m.size; start += SEGMENT, index++) {
      const form = new FormData();
      form.set("segment_index", String(index));
      form.set("media", await part(m, { start, end: Math.min(m.size, start + SEGMENT) - 1 }), "media");
      await networkSend(
        api(`media/upload/${id}/append`),
        { headers: bearer(req), multipart: form, timeoutMs: 300_000 },
        readError,
      );
      await req.keepAlive();
    }
    let info = (
      await networkSend<{ data: { processing_info?: ProcessingInfo } }>(
        api(`media/upload/${id}/finalize`),
        { method: "POST", headers: bearer(req) },
        readError,
      )
    ).data.data.processing_info;
    const what = category === "tweet_gif" ? "GIF" : "video";
    for (let i = 0; info && info.state !== "succeeded"; i++) {
      if (info.state === "failed") throw refuse(`X could not process the ${what}.`);
      if (i >= 120) throw new NetworkError(`X is still processing the ${what}.`, 503, true, false);
      await sleep(ctx.sandbox ? pollMs : (info.check_after_secs ?? 2) * 1000);
      const status = await networkSend<{ data: { processing_info?: ProcessingInfo } }>(
        api(`media/upload?command=STATUS&media_id=${id}`),
        { headers: bearer(req) },
        readError,
      );
      info = status.data.data.processing_info;
    }
    return id;
  }

  const upload = (req: PublishRequest, m: PublishMedia) =>
    m.kind === "video"
      ? uploadInSegments(req, m, "tweet_video")
      : m.mimeType === "image/gif"
        ? uploadInSegments(req, m, "tweet_gif")
        : uploadImage(req, m);

  async function tweet(req: PublishRequest, text: string, extra: Record<string, unknown>) {
    const { data } = await networkSend<{ data: { id: string } }>(
      api("tweets"),
      { headers: bearer(req), json: { text, ...extra } },
      readError,
    );
    return data.data.id;
  }

  /** The account's first post with this text made since the attempt began, newest first. */
  function findPosted(req: PublishRequest, text: string) {
    return findSince(PLATFORM_LABELS.twitter, req.since, {
      async page(cursor) {
        const q = new URLSearchParams({ max_results: "100", "tweet.fields": "created_at" });
        if (cursor) q.set("pagination_token", cursor);
        const { data } = await networkSend<{ data?: Tweet[]; meta?: { next_token?: string } }>(
          api(`users/${encodeURIComponent(req.account.networkId)}/tweets?${q}`),
          { headers: bearer(req) },
          readError,
        );
        return { items: data.data ?? [], next: data.meta?.next_token ?? null };
      },
      madeAt: (t: Tweet) => Date.parse(t.created_at ?? ""),
      matches: (t: Tweet) => t.text === text,
    });
  }

  const partsOf = (req: PublishRequest) => (req.options.twitter?.thread === true ? splitThread(req.text) : [req.text]);

  return {
    /**
     * Posts the text (or each part of a thread, each answering the one before), going on from the parts an
     * earlier attempt already posted: they are recorded after each part, so none is ever posted twice.
     */
    async publish(req: PublishRequest): Promise<PublishOutcome> {
      const media = mediaProblem("twitter", req.media, req.options);
      if (media) throw refuse(media.message);
      const thread = req.options.twitter?.thread === true;
      if (!thread && twitterLength(req.text) > 280) throw refuse("Tweet exceeds 280 character limit");
      const parts = partsOf(req);
      // A single post needs no record: the worker's lookup finds it if an attempt was cut short.
      const record = parts.length > 1 ? (p: ThreadProgress) => req.recordProgress({ ...p }) : async () => {};
      const earlier = progressOf(req);
      const posted = [...(earlier?.thread ?? [])];
      for (let i = posted.length; i < parts.length; i++) {
        const text = parts[i] as string;
        if (earlier?.sending === i) {
          // This part was on its way when the last attempt ended: X may have made it.
          const found = await findPosted(req, text);
          if (found) {
            posted.push(found.id);
            await record({ thread: posted });
            continue;
          }
        }
        // The media go with the first part only.
        const mediaIds: string[] = [];
        if (i === 0) for (const m of req.media) mediaIds.push(await upload(req, m));
        await record({ thread: posted, sending: i });
        const extra =
          i === 0
            ? mediaIds.length
              ? { media: { media_ids: mediaIds } }
              : {}
            : { reply: { in_reply_to_tweet_id: posted[i - 1] } };
        try {
          posted.push(await tweet(req, text, extra));
        } catch (err) {
          // X answered (a 4xx): this part was not made, so the next attempt need not look for it.
          if (err instanceof NetworkError && err.status >= 400 && err.status < 500) await record({ thread: posted });
          if (i === 0 || !(err instanceof NetworkError)) throw err;
          // The parts already out stay out; the message says where the thread is, and the next attempt goes on.
          const head = urlOf(req, posted[0] as string);
          throw new NetworkError(
            `The thread stopped after ${i} of ${parts.length} posts (${head}): ${err.message}`,
            err.status,
            err.transient,
            err.tokenRejected,
            err.retryAfterSeconds,
          );
        }
        await record({ thread: posted });
      }
      const first = posted[0] as string;
      return { externalId: first, url: urlOf(req, first) };
    },

    /**
     * Whether an interrupted attempt made the post. A thread that recorded its parts is answered from that
     * record (publish goes on from it, looking for the part that was on its way); otherwise the account's
     * recent posts are searched for the text (a thread's first part).
     */
    async lookup(req: PublishRequest): Promise<PublishOutcome | null> {
      const parts = partsOf(req);
      const earlier = progressOf(req);
      if (parts.length > 1 && earlier) {
        const first = earlier.thread[0];
        return earlier.thread.length >= parts.length && first ? { externalId: first, url: urlOf(req, first) } : null;
      }
      const found = await findPosted(req, parts[0] ?? "");
      return found ? { externalId: found.id, url: urlOf(req, found.id) } : null;
    },
  };
}
