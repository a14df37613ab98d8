import { mediaProblem, POST_MESSAGES } from "@app/shared";
import { type ErrorReader, NetworkError, networkSend, refuse } from "../http";
import { findSince } from "../lookup";
import type { NetworkContext, PublishOutcome, PublishRequest } from "../platform";
import type { FacebookPageTokens } from "./facebook-page-tokens";

const FACEBOOK_PAGE_GONE =
  "Facebook does not let this account post to this Page any more (no longer a Page you manage, or Facebook's access to it was removed). Choose another Page, or reconnect Facebook and allow the Page.";
const FACEBOOK_VIDEO_PERMISSION =
  "Facebook needs the permission to publish videos (publish_video), which this account did not give: reconnect Facebook and allow it. If Facebook does not offer it, the app needs Advanced Access to publish_video through Meta's App Review.";
const FACEBOOK_POST_PERMISSION =
  "Facebook did not give this account the permissions to post to Pages (pages_manage_posts and pages_read_engagement): reconnect Facebook and allow them. If Facebook does not offer them, the app needs Advanced Access to them through Meta's App Review.";

/**
 * Facebook Pages: feed posts, photos and videos with the Page's own token. Facebook fetches media from
 * their public links, so no file passes through this server's memory.
 */
export function facebookPublishing(
  ctx: NetworkContext,
  graphBase: string,
  readError: ErrorReader,
  pageTokens: FacebookPageTokens,
) {
  const graph = (path: string) => ctx.serverUrl(`${graphBase}${path}`);

  /** The Page's own token, which Page posts are made with. */
  async function pageToken(req: PublishRequest): Promise<{ pageId: string; token: string }> {
    if (!req.pageId) throw refuse(POST_MESSAGES.facebookPageRequired);
    const token = await pageTokens.read(req.accessToken, req.pageId);
    if (!token) throw refuse(FACEBOOK_PAGE_GONE);
    return { pageId: req.pageId, token };
  }

  /** A Page token Facebook refused is not used again: the next attempt (withAccount's retry) reads a new one. */
  function forgetRefused(req: PublishRequest, pageId: string, err: unknown): never {
    pageTokens.forget(req.accessToken, pageId, err);
    throw err;
  }

  async function permalink(id: string, token: string): Promise<string | null> {
    const url = `${graph(`/${id}`)}?${new URLSearchParams({ fields: "permalink_url", access_token: token })}`;
    const { data } = await networkSend<{ permalink_url?: string }>(url, {}, readError);
    return data.permalink_url ?? null;
  }

  const post = <T>(url: string, form: Record<string, string>) => networkSend<T>(url, { form }, readError);

  return {
    async publish(req: PublishRequest): Promise<PublishOutcome> {
      // Scopes are known for accounts connected since they were recorded; older ones let Facebook decide.
      if (
        req.scopes.length > 0 &&
        !["pages_manage_posts", "pages_read_engagement"].every((s) => req.scopes.includes(s))
      )
        throw refuse(FACEBOOK_POST_PERMISSION);
      const { pageId, token } = await pageToken(req);
      try {
        const mix = mediaProblem("facebook", req.media, req.options);
        if (mix) throw refuse(mix.message);
        const images = req.media.filter((m) => m.kind === "image");
        const videos = req.media.filter((m) => m.kind === "video");
        const { link, pictureUrl } = req.options.facebook ?? {};
        // The spec's Facebook form: a picture given by address is ignored when there is a link.
        const picture = !link && images.length === 0 && videos.length === 0 ? pictureUrl : undefined;
        let id: string;
        if (picture) {
          const res = await post<{ id: string; post_id?: string }>(graph(`/${pageId}/photos`), {
            url: picture,
            ...(req.text && { caption: req.text }),
            access_token: token,
          });
          id = res.data.post_id ?? res.data.id;
        } else if (videos[0]) {
          // Meta lists publish_video for Page videos; an account connected before it was asked for lacks it.
          if (req.scopes.length > 0 && !req.scopes.includes("publish_video")) throw refuse(FACEBOOK_VIDEO_PERMISSION);
          const res = await post<{ id: string }>(graph(`/${pageId}/videos`), {
            file_url: videos[0].publicUrl,
            description: req.text,
            access_token: token,
          }).catch((err: unknown) => {
            if (err instanceof NetworkError && /publish_video/.test(err.message))
              throw refuse(`${FACEBOOK_VIDEO_PERMISSION} (Facebook: ${err.message})`);
            throw err;
          });
          id = res.data.id;
        } else if (images.length === 1 && images[0]) {
          const res = await post<{ id: string; post_id?: string }>(graph(`/${pageId}/photos`), {
            url: images[0].publicUrl,
            caption: req.text,
            access_token: token,
          });
          id = res.data.post_id ?? res.data.id;
        } else {
          const attached: { media_fbid: string }[] = [];
          for (const m of images) {
            const res = await post<{ id: string }>(graph(`/${pageId}/photos`), {
              url: m.publicUrl,
              published: "false",
              access_token: token,
            });
            attached.push({ media_fbid: res.data.id });
            await req.keepAlive();
          }
          const res = await post<{ id: string }>(graph(`/${pageId}/feed`), {
            ...(req.text && { message: req.text }),
            ...(link && !attached.length && { link }),
            ...(attached.length && { attached_media: JSON.stringify(attached) }),
            access_token: token,
          });
          id = res.data.id;
        }
        // The post is made: a missing permalink is no reason to fail it.
        const url = await permalink(id, token).catch(() => null);
        return { externalId: id, url };
      } catch (err) {
        return forgetRefused(req, pageId, err);
      }
    },

    /** The Page's recent posts, looking for this text made since the attempt began. */
    async lookup(req: PublishRequest): Promise<PublishOutcome | null> {
      const { pageId, token } = await pageToken(req);
      try {
        type FeedPost = { id: string; message?: string; created_time?: string; permalink_url?: string };
        const found = await findSince("Facebook", req.since, {
          async page(cursor) {
            const q = new URLSearchParams({
              fields: "id,message,created_time,permalink_url",
              limit: "100",
              access_token: token,
            });
            if (cursor) q.set("after", cursor);
            const { data } = await networkSend<{
              data?: FeedPost[];
              paging?: { next?: string; cursors?: { after?: string } };
            }>(`${graph(`/${pageId}/feed`)}?${q}`, {}, readError);
            return { items: data.data ?? [], next: data.paging?.next ? (data.paging.cursors?.after ?? null) : null };
          },
          madeAt: (p) => Date.parse((p.created_time ?? "").replace("+0000", "Z")),
          matches: (p) => (p.message ?? "") === req.text,
        });
        return found ? { externalId: found.id, url: found.permalink_url ?? null } : null;
      } catch (err) {
        return forgetRefused(req, pageId, err);
      }
    },
  };
}
