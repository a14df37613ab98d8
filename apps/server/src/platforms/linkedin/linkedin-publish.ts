import { setTimeout as sleep } from "node:timers/promises";
import { ACCOUNT_MESSAGES, findLinks, mediaProblem, PUBLISH_MESSAGES } from "@app/shared";
import { type ErrorReader, NetworkError, networkSend, refuse } from "../http";
import { findSince } from "../lookup";
import type { NetworkContext, PublishMedia, PublishOutcome, PublishRequest } from "../platform";

/** The characters LinkedIn's "little text" treats as markup: unescaped, they cut the post short. */
const RESERVED = /[\\|{}@[\]()<>#*_~]/g;
const escapeLittleText = (s: string) => s.replace(RESERVED, (c) => `\\${c}`);

/** Text between links as commentary: escaped, its hashtags kept as LinkedIn hashtags. */
function commentaryOf(text: string): string {
  const out: string[] = [];
  let last = 0;
  for (const m of text.matchAll(/#([\p{L}\p{N}_]+)/gu)) {
    out.push(escapeLittleText(text.slice(last, m.index)));
    out.push(`{hashtag|\\#|${escapeLittleText(m[1] as string)}}`);
    last = (m.index ?? 0) + m[0].length;
  }
  out.push(escapeLittleText(text.slice(last)));
  return out.join("");
}

/**
 * The post's text as LinkedIn commentary: everything escaped, hashtags kept as LinkedIn hashtags. A link's
 * fragment (https://example.com/page#part) is part of the link, not a hashtag.
 */
export function linkedinCommentary(text: string): string {
  const out: string[] = [];
  let last = 0;
  for (const { index, url } of findLinks(text)) {
    out.push(commentaryOf(text.slice(last, index)), escapeLittleText(url));
    last = index + url.length;
  }
  out.push(commentaryOf(text.slice(last)));
  return out.join("");
}

const VISIBILITY = { PUBLIC: "PUBLIC", CONNECTIONS: "CONNECTIONS", LOGGED_IN_MEMBERS: "LOGGED_IN" } as const;
/** LinkedIn's Posts API with its Images and Videos upload flows; a lookup by author for recovery. */
export function linkedinPublishing(ctx: NetworkContext, restHeaders: Record<string, string>, readError: ErrorReader) {
  const rest = (path: string) => ctx.serverUrl(`https://api.linkedin.com/rest/${path}`);
  const pollMs = ctx.sandbox ? 20 : 2_000;
  const authorOf = (req: PublishRequest) =>
    req.options.linkedin?.postAs === "company"
      ? req.options.linkedin.organizationId
        ? `urn:li:organization:${req.options.linkedin.organizationId}`
        : null
      : `urn:li:person:${req.account.networkId}`;

  /** Waits until LinkedIn has processed an uploaded image or video. */
  async function available(headers: Record<string, string>, kind: "images" | "videos", urn: string) {
    for (let i = 0; i < 60; i++) {
      const { data } = await networkSend<{ status?: string }>(
        rest(`${kind}/${encodeURIComponent(urn)}`),
        { headers },
        readError,
      );
      if (data.status === "AVAILABLE") return;
      if (data.status === "PROCESSING_FAILED") throw refuse("LinkedIn could not process the uploaded file.");
      await sleep(pollMs);
    }
    throw new NetworkError("LinkedIn is still processing the upload.", 503, true, false);
  }

  async function uploadImage(headers: Record<string, string>, owner: string, m: PublishMedia): Promise<string> {
    const init = await networkSend<{ value: { uploadUrl: string; image: string } }>(
      rest("images?action=initializeUpload"),
      { headers, json: { initializeUploadRequest: { owner } } },
      readError,
    );
    await networkSend(
      init.data.value.uploadUrl,
      {
        method: "PUT",
        headers: { authorization: headers.authorization as string },
        body: { data: await m.open(), type: m.mimeType, length: m.size },
        timeoutMs: 120_000,
      },
      readError,
    );
    await available(headers, "images", init.data.value.image);
    return init.data.value.image;
  }

  async function uploadVideo(req: PublishRequest, headers: Record<string, string>, owner: string, m: PublishMedia) {
    const init = await networkSend<{
      value: {
        video: string;
        uploadToken?: string;
        uploadInstructions: { uploadUrl: string; firstByte: number; lastByte: number }[];
      };
    }>(
      rest("videos?action=initializeUpload"),
      {
        headers,
        json: {
          initializeUploadRequest: { owner, fileSizeBytes: m.size, uploadCaptions: false, uploadThumbnail: false },
        },
      },
      readError,
    );
    const partIds: string[] = [];
    for (const part of init.data.value.uploadInstructions) {
      const res = await networkSend(
        part.uploadUrl,
        {
          method: "PUT",
          headers: { authorization: headers.authorization as string },
          body: {
            data: await m.open({ start: part.firstByte, end: part.lastByte }),
            type: "application/octet-stream",
            length: part.lastByte - part.firstByte + 1,
          },
          timeoutMs: 300_000,
        },
        readError,
      );
      partIds.push(res.headers.get("etag") ?? "");
      await req.keepAlive();
    }
    await networkSend(
      rest("videos?action=finalizeUpload"),
      {
        headers,
        json: {
          finalizeUploadRequest: {
            video: init.data.value.video,
            uploadToken: init.data.value.uploadToken ?? "",
            uploadedPartIds: partIds,
          },
        },
      },
      readError,
    );
    await available(headers, "videos", init.data.value.video);
    return init.data.value.video;
  }

  const headersFor = (req: PublishRequest) => ({ authorization: `Bearer ${req.accessToken}`, ...restHeaders });

  return {
    async publish(req: PublishRequest): Promise<PublishOutcome> {
      const author = authorOf(req);
      if (!author) throw refuse("Choose the company page to post as.");
      // A token granted before company pages were enabled cannot post as one: say so rather than LinkedIn's 403.
      if (author.startsWith("urn:li:organization:") && !req.scopes.includes("w_organization_social"))
        throw refuse(ACCOUNT_MESSAGES.organizationPermissions, 403);
      const headers = headersFor(req);
      const mix = mediaProblem("linkedin", req.media, req.options);
      if (mix) throw refuse(mix.message);
      const images = req.media.filter((m) => m.kind === "image");
      const videos = req.media.filter((m) => m.kind === "video");
      let content: unknown;
      if (videos[0]) {
        content = { media: { id: await uploadVideo(req, headers, author, videos[0]) } };
      } else if (images.length === 1 && images[0]) {
        content = { media: { id: await uploadImage(headers, author, images[0]) } };
      } else if (images.length > 1) {
        const ids: string[] = [];
        for (const m of images) ids.push(await uploadImage(headers, author, m));
        content = { multiImage: { images: ids.map((id) => ({ id })) } };
      } else if (req.options.linkedin?.link) {
        const { url, title, description } = req.options.linkedin.link;
        content = { article: { source: url, title: title || url, ...(description && { description }) } };
      }
      // Said before the post is sent: an attempt whose answer is lost leaves this for the next one (see below).
      const sentBefore = req.progress?.postSent === true;
      await req.recordProgress({ ...req.progress, postSent: true });
      let res: Awaited<ReturnType<typeof networkSend>>;
      try {
        res = await networkSend(
          rest("posts"),
          {
            headers,
            json: {
              author,
              commentary: linkedinCommentary(req.text),
              visibility: VISIBILITY[req.options.linkedin?.visibility ?? "PUBLIC"],
              distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
              lifecycleState: "PUBLISHED",
              isReshareDisabledByAuthor: false,
              ...(content !== undefined && { content }),
            },
          },
          readError,
        );
      } catch (err) {
        // LinkedIn refuses the same words twice in a row, naming the post it already has. After an attempt that sent
        // this post and lost the answer (a timeout, a 5xx), and that LinkedIn would not let the app look up (a
        // member's posts), that post is the one the lost answer was about.
        const duplicate = /duplicate of (urn:li:(?:share|ugcPost):\d+)/.exec(err instanceof Error ? err.message : "");
        if (sentBefore && duplicate?.[1] && err instanceof NetworkError && err.status === 422) {
          return { externalId: duplicate[1], url: `https://www.linkedin.com/feed/update/${duplicate[1]}/` };
        }
        // A 4xx is LinkedIn's answer that it made nothing: a later duplicate is then someone else's post.
        if (err instanceof NetworkError && err.status >= 400 && err.status < 500)
          await req.recordProgress({ ...req.progress, postSent: false });
        // LinkedIn's own words name its internal post id, which means nothing to the person reading the failure.
        if (duplicate && err instanceof NetworkError) throw refuse(PUBLISH_MESSAGES.linkedinDuplicate, err.status);
        throw err;
      }
      const urn = res.headers.get("x-restli-id");
      if (!urn) throw new NetworkError("LinkedIn did not say which post it made.", 502, true, false);
      return { externalId: urn, url: `https://www.linkedin.com/feed/update/${urn}/` };
    },

    /**
     * The author's recent posts, looking for this text made since the attempt began. Reading them back takes
     * r_member_social for a member (a closed permission LinkedIn rarely grants) or r_organization_social for a
     * page: without it the app cannot ask, which is not the same as "nothing was made".
     */
    async lookup(req: PublishRequest): Promise<PublishOutcome | null | "unsupported"> {
      const author = authorOf(req);
      if (!author) return null;
      const readScope = author.startsWith("urn:li:organization:") ? "r_organization_social" : "r_member_social";
      if (!req.scopes.includes(readScope)) return "unsupported";
      try {
        return await findOwnPost(req, author);
      } catch (err) {
        // LinkedIn refusing the read (a permission withdrawn since the token was granted) leaves the app unable to ask.
        if (err instanceof NetworkError && err.status === 403) return "unsupported";
        throw err;
      }
    },
  };

  async function findOwnPost(req: PublishRequest, author: string): Promise<PublishOutcome | null> {
    const commentary = linkedinCommentary(req.text);
    const COUNT = 100;
    type Element = { id: string; commentary?: string; createdAt?: number };
    const found = await findSince("LinkedIn", req.since, {
      async page(cursor) {
        const start = Number(cursor ?? 0);
        const { data } = await networkSend<{ elements?: Element[]; paging?: { total?: number } }>(
          rest(`posts?q=author&author=${encodeURIComponent(author)}&count=${COUNT}&start=${start}&sortBy=CREATED`),
          { headers: headersFor(req) },
          readError,
        );
        const items = data.elements ?? [];
        const more = data.paging?.total === undefined ? items.length === COUNT : start + COUNT < data.paging.total;
        return { items, next: more ? String(start + COUNT) : null };
      },
      madeAt: (e) => e.createdAt ?? Number.NaN,
      matches: (e) => e.commentary === commentary,
    });
    return found ? { externalId: found.id, url: `https://www.linkedin.com/feed/update/${found.id}/` } : null;
  }
}
