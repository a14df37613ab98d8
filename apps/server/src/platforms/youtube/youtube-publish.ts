import { Readable } from "node:stream";
import { mediaProblem, PUBLISH_MESSAGES, titleFrom } from "@app/shared";
import { type ErrorReader, NetworkError, networkSend, refuse } from "../http";
import { findSince } from "../lookup";
import type { NetworkContext, PublishMedia, PublishOutcome, PublishRequest } from "../platform";
import { untilReset, YOUTUBE_READ_SCOPES } from "./youtube-limits";

/** Bytes per PUT: YouTube wants multiples of 256 KiB for every chunk but the last. */
export const YOUTUBE_CHUNK = 32 * 256 * 1024;
const DESCRIPTION_MAX_BYTES = 5000;
const watchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/** YouTube refuses `<` and `>` in titles and descriptions. */
const clean = (text: string) => text.replace(/[<>]/g, "");

/** The description: the text without `<` `>`, cut within 5,000 bytes, never inside a character. */
export function youtubeDescription(text: string): string {
  let out = "";
  let bytes = 0;
  for (const ch of clean(text)) {
    bytes += Buffer.byteLength(ch);
    if (bytes > DESCRIPTION_MAX_BYTES) break;
    out += ch;
  }
  return out;
}

const titleOf = (text: string) => titleFrom(clean(text), PUBLISH_MESSAGES.untitledVideo);
const titleFor = (req: PublishRequest) => req.options.youtube?.title || titleOf(req.text);

/** What the app tells the user when YouTube made the video private although it was asked otherwise. */
export const KEPT_PRIVATE =
  "YouTube kept this video private: this app's Google project has not passed YouTube's audit yet. Change its visibility in YouTube Studio, or have the project audited to publish publicly.";

/** YouTube Data API v3: resumable videos.insert, public; a search of the channel's own videos for recovery. */
export function youtubePublishing(ctx: NetworkContext, readError: ErrorReader) {
  const api = (path: string) => ctx.serverUrl(`https://www.googleapis.com/${path}`);
  const bearer = (req: PublishRequest) => ({ authorization: `Bearer ${req.accessToken}` });

  /**
   * One PUT of the session. YouTube answers 308 (with the bytes it holds in `Range`) until the last chunk,
   * which networkSend would take for a failure: this call reads the answer itself.
   */
  async function put(req: PublishRequest, session: string, m: PublishMedia, start: number, end: number) {
    let res: Response;
    try {
      res = await fetch(session, {
        method: "PUT",
        headers: {
          ...bearer(req),
          "content-type": m.mimeType,
          "content-length": String(end - start + 1),
          "content-range": `bytes ${start}-${end}/${m.size}`,
        },
        body: Readable.toWeb(await m.open({ start, end })) as ReadableStream,
        redirect: "manual",
        signal: AbortSignal.timeout(300_000),
        duplex: "half",
      } as RequestInit);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new NetworkError(`Network unreachable: ${reason}`, 0, true, false);
    }
    const text = await res.text();
    let data: unknown = {};
    try {
      data = text ? JSON.parse(text) : {};
    } catch {}
    if (res.status === 308) {
      const held = /^bytes=0-(\d+)$/.exec(res.headers.get("range") ?? "");
      return { done: false as const, next: held ? Number(held[1]) + 1 : 0 };
    }
    if (res.ok) {
      const video = data as { id?: string; status?: { privacyStatus?: string } };
      return { done: true as const, id: video.id, privacy: video.status?.privacyStatus };
    }
    const retryAfter = Number(res.headers.get("retry-after"));
    const { message, tokenRejected } = readError(res.status, data);
    const transient = res.status === 429 || res.status >= 500;
    throw new NetworkError(
      message,
      res.status,
      transient,
      !transient && tokenRejected,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }

  return {
    async publish(req: PublishRequest): Promise<PublishOutcome> {
      const mix = mediaProblem("youtube", req.media, req.options);
      if (mix) throw refuse(mix.message);
      const video = req.media[0] as PublishMedia;
      const privacy = req.options.youtube?.privacy ?? "public";
      const init = await networkSend(
        `${api("upload/youtube/v3/videos")}?uploadType=resumable&part=snippet,status`,
        {
          headers: {
            ...bearer(req),
            "x-upload-content-length": String(video.size),
            "x-upload-content-type": video.mimeType,
          },
          json: {
            snippet: {
              title: titleFor(req),
              description: youtubeDescription(req.text),
              categoryId: "22",
            },
            status: { privacyStatus: privacy, selfDeclaredMadeForKids: false },
          },
        },
        readError,
      ).catch((err) => {
        throw untilReset(err);
      });
      const session = init.headers.get("location");
      if (!session) throw new NetworkError("YouTube gave no address to upload the video to.", 502, true, false);
      let start = 0;
      for (let stalled = 0; stalled < 3; ) {
        const end = Math.min(video.size, start + YOUTUBE_CHUNK) - 1;
        const got = await put(req, session, video, start, end);
        if (got.done) {
          if (!got.id) throw new NetworkError("YouTube did not say which video it made.", 502, true, false);
          // Read from YouTube's answer: an unaudited project's public or unlisted upload comes back private.
          const kept = got.privacy === "private" && privacy !== "private";
          return { externalId: got.id, url: watchUrl(got.id), ...(kept && { notice: KEPT_PRIVATE }) };
        }
        // YouTube says how far it got: carry on from there (a chunk it lost is sent again).
        stalled = got.next > start ? 0 : stalled + 1;
        start = got.next;
        await req.keepAlive();
      }
      throw new NetworkError("YouTube stopped taking the video's bytes.", 503, true, false);
    },

    /** The channel's newest videos, looking for this title published since the attempt began. */
    async lookup(req: PublishRequest): Promise<PublishOutcome | null> {
      // Without a read scope the channel's videos cannot be listed, so nothing can be confirmed.
      if (req.scopes.length > 0 && !req.scopes.some((g) => YOUTUBE_READ_SCOPES.includes(g)))
        throw refuse(PUBLISH_MESSAGES.unconfirmed("YouTube"));
      const title = titleFor(req);
      type Result = { id?: { videoId?: string }; snippet?: { title?: string; publishedAt?: string } };
      const found = await findSince("YouTube", req.since, {
        async page(cursor) {
          const q = new URLSearchParams({
            part: "snippet",
            forMine: "true",
            type: "video",
            order: "date",
            maxResults: "50",
          });
          if (cursor) q.set("pageToken", cursor);
          const { data } = await networkSend<{ items?: Result[]; nextPageToken?: string }>(
            `${api("youtube/v3/search")}?${q}`,
            { headers: bearer(req) },
            readError,
          ).catch((err) => {
            throw untilReset(err);
          });
          return { items: data.items ?? [], next: data.nextPageToken ?? null };
        },
        madeAt: (i) => Date.parse(i.snippet?.publishedAt ?? ""),
        matches: (i) => Boolean(i.id?.videoId) && i.snippet?.title === title,
      });
      const id = found?.id?.videoId;
      return id ? { externalId: id, url: watchUrl(id) } : null;
    },
  };
}
