import { buffer } from "node:stream/consumers";
import { setTimeout as sleep } from "node:timers/promises";
import { PLATFORM_LABELS, splitThread, twitterLength } from "@app/shared";
import { type ErrorReader, NetworkError, networkSend, refuse } from "../http";
import { findSince } from "../lookup";
import type { NetworkContext, PublishMedia, PublishOutcome, PublishRequest } from "../platform";

/** Video parts appended per call (X takes up to 5 MB). */
const SEGMENT = 4 * 1024 * 1024;
/** X API v2: media through the v2 upload (one shot for images, in segments for video), posts and threads. */
export function twitterPublishing(ctx: NetworkContext, readError: ErrorReader) {
  const api = (path: string) => ctx.serverUrl(`https://api.x.com/2/${path}`);
  const pollMs = ctx.sandbox ? 20 : 2_000;
  const bearer = (req: PublishRequest) => ({ authorization: `Bearer ${req.accessToken}` });
  const urlOf = (req: PublishRequest, id: string) => `https://x.com/${req.account.username ?? "i"}/status/${id}`;

  const part = async (m: PublishMedia, range?: { start: number; end: number }) =>
    new Blob([new Uint8Array(await buffer(await m.open(range)))], { type: m.mimeType });

  async function uploadImage(req: PublishRequest, m: PublishMedia): Promise<string> {
    const form = new FormData();
    form.set("media", await part(m), "media");
    form.set("media_category", m.mimeType === "image/gif" ? "tweet_gif" : "tweet_image");
    const { data } = await networkSend<{ data: { id: string } }>(
      api("media/upload"),
      { headers: bearer(req), multipart: form, timeoutMs: 120_000 },
      readError,
    );
    return data.data.id;
  }

  async function uploadVideo(req: PublishRequest, m: PublishMedia): Promise<string> {
    const init = await networkSend<{ data: { id: string } }>(
      api("media/upload/initialize"),
      { headers: bearer(req), json: { media_type: m.mimeType, total_bytes: m.size, media_category: "tweet_video" } },
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
      await networkSend<{ data: { processing_info?: { state: string; check_after_secs?: number } } }>(
        api(`media/upload/${id}/finalize`),
        { method: "POST", headers: bearer(req) },
        readError,
      )
    ).data.data.processing_info;
    for (let i = 0; info && info.state !== "succeeded"; i++) {
      if (info.state === "failed") throw refuse("X could not process the video.");
      if (i >= 120) throw new NetworkError("X is still processing the video.", 503, true, false);
      await sleep(ctx.sandbox ? pollMs : (info.check_after_secs ?? 2) * 1000);
      const status = await networkSend<{ data: { processing_info?: { state: string; check_after_secs?: number } } }>(
        api(`media/upload?command=STATUS&media_id=${id}`),
        { headers: bearer(req) },
        readError,
      );
      info = status.data.data.processing_info;
    }
    return id;
  }

  async function tweet(req: PublishRequest, text: string, extra: Record<string, unknown>) {
    const { data } = await networkSend<{ data: { id: string } }>(
      api("tweets"),
      { headers: bearer(req), json: { text, ...extra } },
      readError,
    );
    return data.data.id;
  }

  return {
    async publish(req: PublishRequest): Promise<PublishOutcome> {
      const videos = req.media.filter((m) => m.kind === "video" || m.mimeType === "image/gif");
      if (req.media.length > 4 || (videos.length && req.media.length > 1))
        throw refuse("X takes up to 4 images, or 1 GIF, or 1 video in a post.");
      const mediaIds: string[] = [];
      for (const m of req.media)
        mediaIds.push(m.kind === "video" ? await uploadVideo(req, m) : await uploadImage(req, m));
      const thread = req.options.twitter?.thread === true;
      if (!thread && twitterLength(req.text) > 280) throw refuse("Tweet exceeds 280 character limit");
      const parts = thread ? splitThread(req.text) : [req.text];
      // The media go with the first post of a thread; each next post answers the one before.
      const first = await tweet(req, parts[0] ?? "", mediaIds.length ? { media: { media_ids: mediaIds } } : {});
      let previous = first;
      for (let i = 1; i < parts.length; i++) {
        try {
          previous = await tweet(req, parts[i] as string, { reply: { in_reply_to_tweet_id: previous } });
        } catch (err) {
          // The start of the thread is out: trying it all again would post it twice, so it stops here.
          const message = err instanceof Error ? err.message : String(err);
          throw refuse(`The thread stopped after ${i} of ${parts.length} posts (${urlOf(req, first)}): ${message}`);
        }
      }
      return { externalId: first, url: urlOf(req, first) };
    },

    /** The account's recent posts, looking for this text (a thread's first part) made since the attempt. */
    async lookup(req: PublishRequest): Promise<PublishOutcome | null> {
      const thread = req.options.twitter?.thread === true;
      const text = thread ? splitThread(req.text)[0] : req.text;
      type Tweet = { id: string; text: string; created_at?: string };
      const found = await findSince(PLATFORM_LABELS.twitter, req.since, {
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
        madeAt: (t) => Date.parse(t.created_at ?? ""),
        matches: (t) => t.text === text,
      });
      return found ? { externalId: found.id, url: urlOf(req, found.id) } : null;
    },
  };
}
