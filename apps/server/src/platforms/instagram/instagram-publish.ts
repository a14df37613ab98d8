import { setTimeout as sleep } from "node:timers/promises";
import { mediaProblem } from "@app/shared";
import { type ErrorReader, NetworkError, networkSend, refuse } from "../http";
import { findSince } from "../lookup";
import type { NetworkContext, PublishMedia, PublishOutcome, PublishRequest } from "../platform";

const INSTAGRAM_PUBLISH_PERMISSION =
  "Instagram did not give this account the permission to publish (instagram_business_content_publish): reconnect Instagram and allow it. If Instagram does not offer it, the app needs Advanced Access to it through Meta's App Review.";
/** "image/png" → "PNG" */
const typeName = (m: PublishMedia) => (m.mimeType.split("/")[1] ?? m.mimeType).toUpperCase();

/**
 * Instagram content publishing (Instagram Login): a container per media, fetched by Instagram from its
 * public link, polled until it is ready, then `media_publish`. No file passes through this server's memory.
 */
export function instagramPublishing(ctx: NetworkContext, graphBase: string, readError: ErrorReader) {
  const graph = (path: string) => ctx.serverUrl(`${graphBase}${path}`);
  const pollMs = ctx.sandbox ? 20 : 3_000;
  const post = <T>(url: string, form: Record<string, string>) => networkSend<T>(url, { form }, readError);
  const get = <T>(path: string, req: PublishRequest, params: Record<string, string>) =>
    networkSend<T>(
      `${graph(path)}?${new URLSearchParams({ ...params, access_token: req.accessToken })}`,
      {},
      readError,
    );

  /** Creates one container; its media is fetched by Instagram from `publicUrl`. */
  async function container(req: PublishRequest, params: Record<string, string>): Promise<string> {
    const { data } = await post<{ id: string }>(graph(`/${req.account.networkId}/media`), {
      ...params,
      access_token: req.accessToken,
    });
    return data.id;
  }

  /** Waits until Instagram has fetched and processed a container's media. */
  async function ready(req: PublishRequest, id: string) {
    for (let i = 0; i < 200; i++) {
      const { data } = await get<{ status_code?: string; status?: string }>(`/${id}`, req, {
        fields: "status_code,status",
      });
      if (data.status_code === "FINISHED") return;
      if (data.status_code === "ERROR")
        throw refuse(`Instagram could not use the media: ${(data.status ?? "").replace(/^Error: /, "") || "error"}`);
      if (data.status_code === "EXPIRED") throw refuse("Instagram let the media expire before it was published.");
      if (data.status_code === "PUBLISHED") return;
      await sleep(pollMs);
      if (i % 10 === 9) await req.keepAlive();
    }
    throw new NetworkError("Instagram is still processing the media.", 503, true, false);
  }

  const mediaParams = (m: PublishMedia): Record<string, string> =>
    m.kind === "video" ? { media_type: "VIDEO", video_url: m.publicUrl } : { image_url: m.publicUrl };

  /** The containers a post needs, ready to publish; returns the one to publish. */
  async function prepare(req: PublishRequest): Promise<string> {
    const format = req.options.instagram?.format ?? "feed";
    const media = req.media;
    const mix = mediaProblem("instagram", media, req.options);
    if (mix) throw refuse(mix.message);
    const notJpeg = media.find((m) => m.kind === "image" && m.mimeType !== "image/jpeg");
    if (notJpeg) throw refuse(`Instagram takes JPEG images only: this ${typeName(notJpeg)} image cannot be posted.`);
    const caption = { caption: req.text };
    let id: string;
    if (format === "story") {
      const m = media[0] as PublishMedia;
      id = await container(req, {
        media_type: "STORIES",
        ...(m.kind === "video" ? { video_url: m.publicUrl } : { image_url: m.publicUrl }),
      });
    } else if (format === "reel" || (media.length === 1 && media[0]?.kind === "video")) {
      id = await container(req, { media_type: "REELS", video_url: (media[0] as PublishMedia).publicUrl, ...caption });
    } else if (media.length === 1 && media[0]) {
      id = await container(req, { image_url: media[0].publicUrl, ...caption });
    } else {
      const children: string[] = [];
      for (const m of media) {
        const child = await container(req, { ...mediaParams(m), is_carousel_item: "true" });
        await ready(req, child);
        children.push(child);
        await req.keepAlive();
      }
      id = await container(req, { media_type: "CAROUSEL", children: children.join(","), ...caption });
    }
    await ready(req, id);
    return id;
  }

  async function permalink(req: PublishRequest, id: string): Promise<string | null> {
    const { data } = await get<{ permalink?: string }>(`/${id}`, req, { fields: "permalink,shortcode" });
    return data.permalink ?? null;
  }

  return {
    async publish(req: PublishRequest): Promise<PublishOutcome> {
      // Scopes are known for accounts connected since they were recorded; older ones let Instagram decide.
      if (req.scopes.length > 0 && !req.scopes.includes("instagram_business_content_publish"))
        throw refuse(INSTAGRAM_PUBLISH_PERMISSION);
      const creation = await prepare(req);
      const { data } = await post<{ id: string }>(graph(`/${req.account.networkId}/media_publish`), {
        creation_id: creation,
        access_token: req.accessToken,
      });
      // The media is out: a missing permalink is no reason to fail it.
      const url = await permalink(req, data.id).catch(() => null);
      return { externalId: data.id, url };
    },

    /**
     * The account's recent media, looking for this caption published since the attempt began. Stories are not
     * in that list: an interrupted story is not found.
     */
    async lookup(req: PublishRequest): Promise<PublishOutcome | null> {
      type Media = { id: string; caption?: string; timestamp?: string; permalink?: string };
      const found = await findSince("Instagram", req.since, {
        async page(cursor) {
          const { data } = await get<{ data?: Media[]; paging?: { next?: string; cursors?: { after?: string } } }>(
            `/${req.account.networkId}/media`,
            req,
            { fields: "id,caption,timestamp,permalink", limit: "100", ...(cursor && { after: cursor }) },
          );
          return { items: data.data ?? [], next: data.paging?.next ? (data.paging.cursors?.after ?? null) : null };
        },
        madeAt: (m) => Date.parse((m.timestamp ?? "").replace("+0000", "Z")),
        matches: (m) => (m.caption ?? "") === req.text,
      });
      return found ? { externalId: found.id, url: found.permalink ?? null } : null;
    },
  };
}
