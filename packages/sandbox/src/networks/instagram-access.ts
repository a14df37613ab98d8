import type { FastifyReply, FastifyRequest } from "fastify";
import { hasScope, isRefusal, type NetworkKit } from "../kit";
import type { Person } from "../people";
import { followersToday } from "./figures";
import { graphError, graphToken, graphTokenError } from "./graph";

/** Where Instagram's API answers: Instagram Login's host (with and without a version) and Facebook Login's. */
export const IG_HOSTS = ["graph.instagram.com", "graph.instagram.com/v25.0", "graph.facebook.com/v25.0"] as const;

/** The Instagram account ids a person is known by: the app-scoped `id` and the professional `user_id`. */
export const igIdsOf = (p: Person) => [`${p.id.slice(0, 14)}99`, p.id];

/** What a call does: each adds its permission to the basic one. */
export type IgNeed = "read" | "publish" | "insights" | "comments";

/** Each need's permission under Instagram Login (graph.instagram.com) and Facebook Login (graph.facebook.com). */
const PERMISSIONS: Record<IgNeed, { instagram: string[]; facebook: string[] }> = {
  read: { instagram: ["instagram_business_basic"], facebook: ["instagram_basic"] },
  publish: {
    instagram: ["instagram_business_basic", "instagram_business_content_publish"],
    facebook: ["instagram_basic", "instagram_content_publish"],
  },
  insights: {
    instagram: ["instagram_business_basic", "instagram_business_manage_insights"],
    facebook: ["instagram_basic", "instagram_manage_insights"],
  },
  // Reading, answering, hiding and deleting comments (Facebook Login also lists pages_read_engagement).
  comments: {
    instagram: ["instagram_business_basic", "instagram_business_manage_comments"],
    facebook: ["instagram_basic", "instagram_manage_comments", "pages_read_engagement"],
  },
};

/**
 * The caller of an Instagram call, with the permissions the endpoint lists: Instagram Login's names on
 * graph.instagram.com, Facebook Login's on graph.facebook.com; or null once the Graph error is sent.
 */
export function igCaller(
  kit: NetworkKit,
  request: FastifyRequest,
  reply: FastifyReply,
  params: Record<string, string | undefined>,
  need: IgNeed = "read",
) {
  const claims = graphToken(kit, request, params);
  if (isRefusal(claims)) {
    void reply.status(400).send(graphTokenError(claims));
    return null;
  }
  const viaFacebook = request.url.includes("/graph.facebook.com/");
  const missing = PERMISSIONS[need][viaFacebook ? "facebook" : "instagram"].find((s) => !hasScope(claims, s));
  if (missing) {
    void reply
      .status(403)
      .send(graphError(`(#10) Application does not have permission for this action: it needs ${missing}.`, 10));
    return null;
  }
  return claims;
}

/** Instagram's not-found answer for an id the caller may not see or that does not exist. */
export const igObjectMissing = (id: string) =>
  graphError(
    `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    100,
    33,
    "IGApiException",
  );

/** The Instagram account node's fields (`/me` and `/{ig-user-id}`); its followers move by the sandbox's day. */
export const igAccountFields = (kit: NetworkKit, p: Person) => ({
  id: igIdsOf(p)[0] as string,
  user_id: p.id,
  username: p.username.toLowerCase(),
  name: p.name,
  account_type: "BUSINESS",
  profile_picture_url: kit.avatarUrl(p),
  followers_count: followersToday(p, kit.now()),
  follows_count: p.following,
  media_count: p.posts,
});
