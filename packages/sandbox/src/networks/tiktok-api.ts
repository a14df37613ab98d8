import { randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { hasScope, isRefusal, type NetworkKit } from "../kit";
import type { Person } from "../people";
import type { Claims } from "../tokens";

/** What every TikTok v2 API answer looks like: `{data, error:{code, message, log_id}}`. */
export const logId = () => randomBytes(16).toString("hex").toUpperCase();
export const ok = (data: unknown) => ({ data, error: { code: "ok", message: "", log_id: logId() } });
export const apiError = (code: string, message: string) => ({ data: {}, error: { code, message, log_id: logId() } });
export const obj = (v: unknown) => (v && typeof v === "object" ? v : {}) as Record<string, unknown>;
export const invalid = (reply: FastifyReply, message: string, code = "invalid_params", status = 400) =>
  reply.status(status).send(apiError(code, message));

/** The scope each field of `user/info` needs (TikTok's scopes reference). */
export const USER_FIELD_SCOPES: Record<string, string> = {
  open_id: "user.info.basic",
  union_id: "user.info.basic",
  avatar_url: "user.info.basic",
  avatar_url_100: "user.info.basic",
  avatar_large_url: "user.info.basic",
  display_name: "user.info.basic",
  bio_description: "user.info.profile",
  profile_deep_link: "user.info.profile",
  is_verified: "user.info.profile",
  username: "user.info.profile",
  follower_count: "user.info.stats",
  following_count: "user.info.stats",
  likes_count: "user.info.stats",
  video_count: "user.info.stats",
};

/** Every scope TikTok knows of, for the authorize page. */
export const TIKTOK_SCOPES = new Set([
  ...Object.values(USER_FIELD_SCOPES),
  "video.publish",
  "video.upload",
  "video.list",
]);

/**
 * Whether the sandbox person's TikTok account is private: those whose name starts with "private" (e.g.
 * private_tok). It decides the creator's privacy options, and whether an unaudited app may post for them.
 */
export const isPrivateAccount = (p: Person) => p.username.toLowerCase().startsWith("private");

/** A public account offers everyone, friends and only me; a private one followers, friends and only me. */
export const privacyOptionsOf = (p: Person) =>
  isPrivateAccount(p)
    ? ["FOLLOWER_OF_CREATOR", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"]
    : ["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"];

export const scopeRefused = (reply: FastifyReply, scope: string) =>
  reply
    .status(401)
    .send(
      apiError(
        "scope_not_authorized",
        `The user did not authorize the scope required for completing this request (${scope}).`,
      ),
    );

/**
 * The caller of a Content Posting or Display API endpoint, or null once refused: a live token with one of
 * `scopes`, and, as TikTok's reference requires of these POST endpoints, a JSON body
 * (`Content-Type: application/json; charset=UTF-8`).
 */
export function caller(kit: NetworkKit, request: FastifyRequest, reply: FastifyReply, scopes: string[]): Claims | null {
  const claims = kit.bearer(request);
  if (isRefusal(claims)) {
    void reply
      .status(401)
      .send(apiError("access_token_invalid", "The access token is invalid or not found in the request."));
    return null;
  }
  if (!hasScope(claims, ...scopes)) {
    void scopeRefused(reply, scopes.join(" or "));
    return null;
  }
  if (request.method === "POST" && !jsonType(request.headers["content-type"])) {
    void invalid(
      reply,
      `The Content-Type header must be application/json; charset=UTF-8 (got ${request.headers["content-type"] ?? "none"}).`,
    );
    return null;
  }
  return claims;
}

/** application/json, with no charset or UTF-8 */
function jsonType(header: string | undefined): boolean {
  const [type, ...params] = (header ?? "").split(";").map((s) => s.trim().toLowerCase());
  if (type !== "application/json") return false;
  const charset = params.find((p) => p.startsWith("charset="));
  return !charset || charset === "charset=utf-8";
}
