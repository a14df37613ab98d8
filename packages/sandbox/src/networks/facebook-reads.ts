import type { FastifyReply } from "fastify";
import { grantOf, hasScope, isRefusal, type NetworkKit, pick } from "../kit";
import { pageAt } from "../paging";
import type { PublishedItem } from "../publishing";
import { answerComment } from "./facebook-comments";
import { asksPostEngagement, needsPageToken, postEngagement } from "./facebook-metrics";
import { asksEngagement, followersOf, missingReadEngagement, pagesOf } from "./facebook-pages";
import type { Photo } from "./facebook-publish";
import { graphError, graphPaging, graphParams, graphToken, graphTokenError, objectMissing } from "./graph";

/** Graph's `created_time`: ISO 8601 with +0000. */
const graphTime = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "+0000");

const fail = (reply: FastifyReply, status: number, body: unknown) => reply.status(status).send(body);

/** Facebook's reads of Pages and posts: the Page feed (lookups), a post's permalink, a Page's fields and token. */
export function facebookReads(kit: NetworkKit, graph: string) {
  const photos = kit.publishing.pending<Photo>("facebook", "photos");

  const postFields = (i: PublishedItem) => ({
    id: i.id,
    message: i.text,
    created_time: graphTime(i.at),
    permalink_url: i.url,
    ...(i.title && { title: i.title }),
    from: { id: i.pageId, name: "" },
  });

  kit.get(`${graph}/:page/feed`, async (request, reply) => {
    const params = graphParams(request);
    const claims = graphToken(kit, request, params);
    if (isRefusal(claims)) return fail(reply, 400, graphTokenError(claims));
    const pageId = (request.params as { page: string }).page;
    if (!pagesOf(kit.person(claims)).some((p) => p.id === pageId))
      return fail(
        reply,
        400,
        graphError(
          `(#100) Object with ID '${pageId}' does not exist or cannot be loaded due to missing permissions.`,
          100,
          33,
          "GraphMethodException",
        ),
      );
    if (!hasScope(claims, "pages_read_engagement")) return missingReadEngagement(reply);
    const limit = Math.min(100, Math.max(1, Number(params.limit ?? 25) || 25));
    const paged = pageAt(
      kit.publishing.of("facebook", claims.userId).filter((i) => i.pageId === pageId && i.visibility !== "unpublished"),
      limit,
      params.after,
    );
    if (!paged) return fail(reply, 400, graphError("(#100) The after cursor is invalid.", 100));
    return {
      data: paged.page.map((i) => pick(postFields(i), params.fields ?? "id,message,created_time", ["id"])),
      paging: graphPaging(request, paged.next),
    };
  });

  kit.get(`${graph}/:id`, async (request, reply) => {
    const params = graphParams(request);
    const claims = graphToken(kit, request, params);
    if (isRefusal(claims)) return fail(reply, 400, graphTokenError(claims));
    const id = (request.params as { id: string }).id;
    const photo = photos.get(id);
    const item = kit.publishing.find("facebook", photo?.postId ?? id);
    const person = kit.person(claims);
    const page = pagesOf(person).find((p) => p.id === id);
    if (page) {
      const fields = params.fields ?? "id,name";
      if (asksEngagement(fields) && !hasScope(claims, "pages_read_engagement")) return missingReadEngagement(reply);
      // A user token of someone who manages the Page gets the Page's token (Meta's way for Pages held through a business).
      const wantsToken = fields.split(",").includes("access_token");
      if (wantsToken && claims.kind !== "access")
        return fail(reply, 400, graphError("(#100) A Page access token is read with a user access token.", 100));
      return pick(
        {
          id: page.id,
          name: page.name,
          username: page.name.toLowerCase().replace(/\s+/g, ""),
          link: `https://www.facebook.com/${page.id}`,
          followers_count: followersOf(person, page),
          fan_count: followersOf(person, page),
          ...(wantsToken && { access_token: kit.tokens.issue("page", grantOf(claims), null).token }),
        },
        fields,
        ["id"],
      );
    }
    if (!item) {
      const comment = answerComment(kit, reply, claims, id, params.fields);
      if (comment !== undefined) return comment;
    }
    if (!item || item.networkUserId !== claims.userId) return fail(reply, 400, objectMissing(id));
    const fields = params.fields ?? "id,message,created_time";
    if (!asksPostEngagement(fields)) return pick({ ...postFields(item), id }, fields, ["id"]);
    // A post's reactions, comments and shares are read with a Page token that has pages_read_engagement.
    if (claims.kind !== "page") return needsPageToken(reply);
    if (!hasScope(claims, "pages_read_engagement")) return missingReadEngagement(reply);
    return pick({ ...postFields(item), ...postEngagement(kit, item), id }, fields, ["id"]);
  });
}
