import { APP_NAME, mediaProblem, PUBLISH_MESSAGES, titleFrom } from "@app/shared";
import { type ErrorReader, networkSend, refuse } from "../http";
import { findSince } from "../lookup";
import type { NetworkContext, PublishOutcome, PublishRequest } from "../platform";

const pinUrl = (id: string) => `https://www.pinterest.com/pin/${id}/`;

/** Pinterest v5 pins from images Pinterest fetches by their public links, on the chosen or the first board. */
export function pinterestPublishing(ctx: NetworkContext, readError: ErrorReader) {
  // PINTEREST_API_HOST: apps on Trial access create pins on the API's sandbox host only.
  const api = (path: string) => ctx.serverUrl(`https://${ctx.settings.pinterestApiHost}/v5/${path}`);
  const bearer = (req: PublishRequest) => ({ authorization: `Bearer ${req.accessToken}` });

  /**
   * The board to pin on: the one chosen, else the user's first board, else one made for the app's pins
   * (Pinterest requires a board; the API's sandbox host starts with none). A board made by an attempt that
   * stopped short is found by the next one.
   */
  async function boardOf(req: PublishRequest): Promise<string> {
    const chosen = req.options.pinterest?.boardId ?? req.pageId;
    if (chosen) return chosen;
    const { data } = await networkSend<{ items?: { id: string }[] }>(
      api("boards?page_size=25"),
      { headers: bearer(req) },
      readError,
    );
    const first = data.items?.[0]?.id;
    if (first) return first;
    if (!req.scopes.includes("boards:write"))
      throw refuse("Create a board on Pinterest first: every pin goes on a board.");
    const made = await networkSend<{ id: string }>(
      api("boards"),
      {
        headers: bearer(req),
        json: { name: APP_NAME, description: `Pins published with ${APP_NAME}.`, privacy: "PUBLIC" },
      },
      readError,
    );
    return made.data.id;
  }

  return {
    async publish(req: PublishRequest): Promise<PublishOutcome> {
      const pin = req.options.pinterest ?? {};
      const mix = mediaProblem("pinterest", req.media, req.options);
      if (mix) throw refuse(mix.message);
      const images = req.media.filter((m) => m.kind === "image");
      // The library's images when the post has some, else the image address given with the pin.
      const urls = images.length ? images.map((m) => m.publicUrl) : [pin.imageUrl as string];
      const media_source =
        urls.length === 1
          ? { source_type: "image_url", url: urls[0] }
          : { source_type: "multiple_image_urls", items: urls.map((url) => ({ url })) };
      const { data } = await networkSend<{ id: string }>(
        api("pins"),
        {
          headers: bearer(req),
          json: {
            board_id: await boardOf(req),
            title: pin.title || titleFrom(req.text, PUBLISH_MESSAGES.untitledPin),
            description: req.text,
            ...(pin.link && { link: pin.link }),
            media_source,
          },
          timeoutMs: 60_000,
        },
        readError,
      );
      return { externalId: data.id, url: pinUrl(data.id) };
    },

    /** The user's recent pins, looking for this description made since the attempt began. */
    async lookup(req: PublishRequest): Promise<PublishOutcome | null> {
      type Pin = { id: string; description?: string; created_at?: string };
      const found = await findSince("Pinterest", req.since, {
        async page(cursor) {
          const q = new URLSearchParams({ page_size: "250" });
          if (cursor) q.set("bookmark", cursor);
          const { data } = await networkSend<{ items?: Pin[]; bookmark?: string | null }>(
            api(`pins?${q}`),
            { headers: bearer(req) },
            readError,
          );
          return { items: data.items ?? [], next: data.bookmark ?? null };
        },
        madeAt: (p) => Date.parse(`${p.created_at ?? ""}Z`),
        matches: (p) => (p.description ?? "") === req.text,
      });
      return found ? { externalId: found.id, url: pinUrl(found.id) } : null;
    },
  };
}
