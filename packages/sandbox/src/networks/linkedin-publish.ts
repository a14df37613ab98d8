import { flat, hasScope, type NetworkKit } from "../kit";
import type { MediaRecord } from "../media";
import { numericId, type PublishedKind } from "../publishing";
import { notPermitted, resourceOf, restCall } from "./linkedin";
import { badRequest, body, linkedinMedia, mayActAs, memberUrn, obj, unprocessable } from "./linkedin-media";
import { administers, organizationIdOf } from "./linkedin-organizations";

const VISIBILITIES = ["PUBLIC", "CONNECTIONS", "LOGGED_IN"];
const COMMENTARY_MAX = 3000;

/** The Posts API, with the Images and Videos APIs it takes media from. */
export function linkedinPublishing(kit: NetworkKit) {
  const { images, videos, mediaStatus } = linkedinMedia(kit);
  const api = "api.linkedin.com/rest";

  function contentMedia(
    content: Record<string, unknown>,
    author: string,
  ): { kind: PublishedKind; media: MediaRecord[]; link?: string; title?: string } | string {
    const ready = (urn: unknown): MediaRecord | string => {
      if (typeof urn !== "string") return "ERROR :: /content/media/id :: field is required";
      const image = images.get(urn);
      const video = videos.get(urn);
      const upload = image ?? video;
      if (!upload || upload.owner !== author) return `${urn} does not exist or does not belong to the author`;
      if (mediaStatus(urn)?.status !== "AVAILABLE" || !upload.media) return `${urn} is not AVAILABLE yet`;
      return upload.media;
    };
    if (content.media) {
      const m = ready(obj(content.media).id);
      if (typeof m === "string") return m;
      return {
        kind: m.kind === "video" ? "video" : "photo",
        media: [m],
        title: obj(content.media).title as string | undefined,
      };
    }
    if (content.multiImage) {
      const list = obj(content.multiImage).images;
      if (!Array.isArray(list) || list.length < 2 || list.length > 20)
        return "ERROR :: /content/multiImage/images :: between 2 and 20 images are required";
      const media: MediaRecord[] = [];
      for (const image of list) {
        const m = ready(obj(image).id);
        if (typeof m === "string") return m;
        if (m.kind !== "image") return "ERROR :: /content/multiImage/images :: only images are allowed";
        media.push(m);
      }
      return { kind: "carousel", media };
    }
    if (content.article) {
      const a = obj(content.article);
      if (typeof a.source !== "string" || !/^https?:\/\//.test(a.source))
        return "ERROR :: /content/article/source :: field is required";
      if (typeof a.title !== "string" || !a.title) return "ERROR :: /content/article/title :: field is required";
      return { kind: "article", media: [], link: a.source, title: a.title };
    }
    return "ERROR :: /content :: unsupported content";
  }

  kit.post(`${api}/posts`, async (request, reply) => {
    const claims = restCall(kit, request, reply, "posts");
    if (!claims) return reply;
    const b = body(request);
    if (!mayActAs(kit, request, claims, b.author, reply, "partnerApiPostsExternal.CREATE")) return reply;
    const author = b.author;
    const commentary = b.commentary ?? "";
    if (typeof commentary !== "string") return unprocessable(reply, "ERROR :: /commentary :: must be a string");
    if ([...commentary].length > COMMENTARY_MAX) {
      return unprocessable(
        reply,
        `ERROR :: /commentary :: length of ${[...commentary].length} exceeds the maximum of ${COMMENTARY_MAX}`,
      );
    }
    if (typeof b.visibility !== "string" || !VISIBILITIES.includes(b.visibility)) {
      return unprocessable(
        reply,
        `ERROR :: /visibility :: "${String(b.visibility ?? "")}" is not one of ${VISIBILITIES.join(", ")}`,
      );
    }
    if (obj(b.distribution).feedDistribution === undefined)
      return unprocessable(reply, "ERROR :: /distribution/feedDistribution :: field is required");
    if (b.lifecycleState !== "PUBLISHED") return unprocessable(reply, "ERROR :: /lifecycleState :: must be PUBLISHED");
    let shape: { kind: PublishedKind; media: MediaRecord[]; link?: string; title?: string } = {
      kind: "post",
      media: [],
    };
    if (b.content !== undefined) {
      const found = contentMedia(obj(b.content), author);
      if (typeof found === "string") return unprocessable(reply, found);
      shape = found;
    }
    if (!commentary && !b.content)
      return unprocessable(reply, "ERROR :: /commentary :: a post needs commentary or content");
    const last = kit.publishing.of("linkedin", claims.userId).find((i) => i.author === author);
    if (commentary && last && last.text === commentary && shape.media.length === 0 && last.media.length === 0) {
      return unprocessable(reply, `Content is a duplicate of ${last.id}`);
    }
    const urn = `urn:li:${shape.kind === "video" ? "ugcPost" : "share"}:${numericId(19)}`;
    const p = kit.person(claims);
    kit.publishing.add({
      platform: "linkedin",
      id: urn,
      url: `https://www.linkedin.com/feed/update/${urn}/`,
      networkUserId: claims.userId,
      username: p.username,
      kind: shape.kind,
      text: commentary,
      ...(shape.title !== undefined && { title: shape.title }),
      ...(shape.link !== undefined && { link: shape.link }),
      media: shape.media,
      author,
      visibility: b.visibility,
      raw: b,
      at: new Date(kit.now()),
    });
    return reply.status(201).header("x-restli-id", urn).header("x-linkedin-id", urn).send();
  });

  kit.get(`${api}/posts`, async (request, reply) => {
    const claims = restCall(kit, request, reply, "posts");
    if (!claims) return reply;
    const q = flat(request.query);
    if (q.q !== "author" || !q.author) return badRequest(reply, "Invalid query parameters passed to request");
    // A member's own posts need the closed r_member_social; a page's, r_organization_social and its admin.
    const organization = organizationIdOf(q.author);
    const readable =
      q.author === memberUrn(kit, claims)
        ? hasScope(claims, "r_member_social")
        : organization !== null &&
          hasScope(claims, "r_organization_social") &&
          administers(kit.person(claims), organization);
    if (!readable) return notPermitted(reply, resourceOf(request, "partnerApiPostsExternal.FINDER-author"));
    const start = Math.max(0, Number(q.start ?? 0) || 0);
    const count = Math.min(100, Math.max(1, Number(q.count ?? 10) || 10));
    const all = kit.publishing.of("linkedin", claims.userId).filter((i) => i.author === q.author);
    const elements = all.slice(start, start + count).map((i) => ({
      id: i.id,
      author: i.author,
      commentary: i.text,
      visibility: i.visibility,
      lifecycleState: "PUBLISHED",
      distribution: obj(i.raw).distribution,
      ...(obj(i.raw).content !== undefined && { content: obj(i.raw).content }),
      createdAt: i.at.getTime(),
      publishedAt: i.at.getTime(),
      lastModifiedAt: i.at.getTime(),
      isReshareDisabledByAuthor: obj(i.raw).isReshareDisabledByAuthor ?? false,
    }));
    return { paging: { start, count, links: [], total: all.length }, elements };
  });
}
