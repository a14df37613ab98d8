import type { FastifyReply, FastifyRequest } from "fastify";
import { hasScope, isRefusal, type NetworkKit } from "../kit";
import { MalformedBody, type MediaKind, type MediaRecord, readMultipart, TooLarge, UPLOAD_LIMIT } from "../media";
import { numericId, type PublishedItem } from "../publishing";
import type { Claims } from "../tokens";
import { facebookMetrics } from "./facebook-metrics";
import { missingPermission, pagesOf } from "./facebook-pages";
import { facebookReads } from "./facebook-reads";
import { graphError, graphParams, graphToken, graphTokenError } from "./graph";

const V = "v25.0";
const MESSAGE_MAX = 63_206;
const PHOTO_MAX = 10 * 1024 * 1024;

export interface Photo {
  id: string;
  pageId: string;
  media: MediaRecord;
  caption: string;
  /** the post a published photo made */
  postId?: string;
}

const fail = (reply: FastifyReply, status: number, body: unknown) => reply.status(status).send(body);

/** Facebook Pages publishing: feed posts, photos, videos, permalinks and the Page feed. */
export function facebookPublishing(kit: NetworkKit) {
  const photos = kit.publishing.pending<Photo>("facebook", "photos");
  const graph = `graph.facebook.com/${V}`;

  /**
   * The Page token of a Page the person manages, with the permissions Meta lists for posting (pages_manage_posts
   * and pages_read_engagement, and publish_video for videos); or null once the Graph error is sent.
   */
  function pageCall(
    request: FastifyRequest,
    reply: FastifyReply,
    params: Record<string, string | undefined>,
    video = false,
  ) {
    const claims = graphToken(kit, request, params);
    if (isRefusal(claims)) {
      void fail(reply, 400, graphTokenError(claims));
      return null;
    }
    const pageId = (request.params as { page: string }).page;
    const page = pagesOf(kit.person(claims)).find((p) => p.id === pageId);
    if (!page) {
      void fail(
        reply,
        400,
        graphError(
          `(#100) Unsupported post request. Object with ID '${pageId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          100,
          33,
          "GraphMethodException",
        ),
      );
      return null;
    }
    if (
      claims.kind !== "page" ||
      !hasScope(claims, "pages_manage_posts") ||
      !hasScope(claims, "pages_read_engagement")
    ) {
      void fail(
        reply,
        403,
        graphError(
          "(#200) If posting to a page, requires both pages_read_engagement and pages_manage_posts as an admin with sufficient administrative permission",
          200,
        ),
      );
      return null;
    }
    if (video && !hasScope(claims, "publish_video")) {
      void missingPermission(reply, "publish_video");
      return null;
    }
    return { claims, page };
  }

  const record = (
    claims: Claims,
    pageId: string,
    item: Omit<PublishedItem, "platform" | "networkUserId" | "username" | "pageId" | "at">,
  ) =>
    kit.publishing.add({
      platform: "facebook",
      networkUserId: claims.userId,
      username: kit.person(claims).username,
      pageId,
      at: new Date(kit.now()),
      ...item,
    });

  /** Reads a call's parameters and its multipart `source` file, if any; null when it was too large (answered). */
  async function withSource(request: FastifyRequest, reply: FastifyReply, limit: number) {
    let params = graphParams(request);
    let source: MediaRecord | null | undefined;
    if (request.isMultipart()) {
      try {
        const mp = await readMultipart(request, limit);
        params = { ...params, ...mp.fields };
        const file = mp.files.find((f) => f.field === "source");
        if (file) source = file.media;
      } catch (e) {
        if (e instanceof TooLarge || (e as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
          void fail(reply, 400, graphError("(#1) The file is too large.", 1));
          return null;
        }
        if (e instanceof MalformedBody) {
          void fail(reply, 400, graphError(`(#100) ${e.message}`, 100));
          return null;
        }
        throw e;
      }
    }
    return { params, source };
  }

  /** The file of a photo or video call: the multipart source, or fetched from its URL. */
  async function fileOf(
    reply: FastifyReply,
    source: MediaRecord | null | undefined,
    url: string | undefined,
    kind: MediaKind,
  ) {
    if (source === undefined && !url) {
      void fail(
        reply,
        400,
        graphError(`(#100) Missing ${kind === "image" ? "url or source" : "file_url or source"}`, 100),
      );
      return null;
    }
    let media = source;
    if (media === undefined) {
      const fetched = await kit.fetchMedia(url);
      if (!fetched.ok) {
        void fail(reply, 400, graphError(`(#324) Missing or invalid image file: ${fetched.reason}`, 324));
        return null;
      }
      media = fetched.media;
    }
    if (!media || media.kind !== kind) {
      void fail(
        reply,
        400,
        graphError(
          kind === "image"
            ? "(#324) Requires upload file"
            : "(#352) Sorry, the video file you selected is in a format that we don't support.",
          kind === "image" ? 324 : 352,
        ),
      );
      return null;
    }
    return media;
  }

  const longMessage = (reply: FastifyReply, field: string, text: string) =>
    [...text].length > MESSAGE_MAX
      ? fail(reply, 400, graphError(`(#100) The ${field} is too long: at most ${MESSAGE_MAX} characters.`, 100))
      : null;

  kit.post(`${graph}/:page/feed`, async (request, reply) => {
    const params = graphParams(request);
    const call = pageCall(request, reply, params);
    if (!call) return reply;
    const message = params.message ?? "";
    let attached: string[] = [];
    if (params.attached_media) {
      try {
        const list = JSON.parse(params.attached_media) as { media_fbid?: string }[];
        attached = list.map((m) => String(m.media_fbid ?? ""));
      } catch {
        return fail(reply, 400, graphError("(#100) param attached_media must be an array of {media_fbid}.", 100));
      }
    }
    if (!message && !params.link && attached.length === 0)
      return fail(reply, 400, graphError("(#100) Missing message or attachment", 100));
    if (longMessage(reply, "message", message)) return reply;
    const media: MediaRecord[] = [];
    for (const id of attached) {
      const photo = photos.get(id);
      if (!photo || photo.pageId !== call.page.id || photo.postId)
        return fail(
          reply,
          400,
          graphError(`(#100) attached_media ${id} is not an unpublished photo of this Page.`, 100),
        );
      media.push(photo.media);
    }
    if (params.link && !/^https?:\/\/\S+$/.test(params.link))
      return fail(reply, 400, graphError("(#100) The link is not a valid URL.", 100));
    const last = kit.publishing
      .list("facebook")
      .filter((i) => i.pageId === call.page.id)
      .at(-1);
    if (last && message && last.text === message && !params.link && attached.length === 0 && last.media.length === 0) {
      return fail(reply, 400, graphError("(#506) Duplicate status message", 506));
    }
    const post = numericId(16);
    const id = `${call.page.id}_${post}`;
    for (const pid of attached) {
      const photo = photos.get(pid);
      if (photo) photo.postId = id;
    }
    record(call.claims, call.page.id, {
      id,
      url: `https://www.facebook.com/${call.page.id}/posts/${post}/`,
      kind: attached.length > 1 ? "carousel" : attached.length === 1 ? "photo" : "post",
      text: message,
      ...(params.link && { link: params.link }),
      media,
      ...(params.published === "false" && { visibility: "unpublished" }),
      raw: params,
    });
    return { id };
  });

  kit.post(
    `${graph}/:page/photos`,
    async (request, reply) => {
      const read = await withSource(request, reply, PHOTO_MAX);
      if (!read) return reply;
      const { params, source } = read;
      const call = pageCall(request, reply, params);
      if (!call) return reply;
      const caption = params.caption ?? params.message ?? "";
      if (longMessage(reply, "caption", caption)) return reply;
      const media = await fileOf(reply, source, params.url, "image");
      if (!media) return reply;
      const photo: Photo = { id: numericId(16), pageId: call.page.id, media, caption };
      photos.set(photo.id, photo);
      if (params.published === "false") return { id: photo.id };
      photo.postId = `${call.page.id}_${photo.id}`;
      record(call.claims, call.page.id, {
        id: photo.postId,
        url: `https://www.facebook.com/photo/?fbid=${photo.id}`,
        kind: "photo",
        text: caption,
        media: [media],
        raw: params,
      });
      return { id: photo.id, post_id: photo.postId };
    },
    { bodyLimit: PHOTO_MAX },
  );

  // Meta deprecated the graph-video host for uploads: videos go to graph.facebook.com like everything else.
  kit.post(`graph-video.facebook.com/${V}/:page/videos`, async (_request, reply) =>
    fail(
      reply,
      400,
      graphError(
        "(#100) The graph-video.facebook.com host is deprecated for video uploads: use graph.facebook.com.",
        100,
      ),
    ),
  );

  kit.post(
    `${graph}/:page/videos`,
    async (request, reply) => {
      const read = await withSource(request, reply, UPLOAD_LIMIT);
      if (!read) return reply;
      const { params, source } = read;
      const call = pageCall(request, reply, params, true);
      if (!call) return reply;
      const description = params.description ?? "";
      if (longMessage(reply, "description", description)) return reply;
      const media = await fileOf(reply, source, params.file_url, "video");
      if (!media) return reply;
      const id = numericId(16);
      record(call.claims, call.page.id, {
        id,
        url: `https://www.facebook.com/${call.page.id}/videos/${id}/`,
        kind: "video",
        text: description,
        ...(params.title && { title: params.title }),
        media: [media],
        raw: params,
      });
      return { id };
    },
    { bodyLimit: UPLOAD_LIMIT },
  );

  facebookReads(kit, graph);
  facebookMetrics(kit, graph);
}
