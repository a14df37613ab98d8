import { ownValue } from "@app/shared/rules/own-key";
import { flat, grantOf, hasScope, isRefusal, type NetworkDefinition, pick } from "../kit";
import { followersToday } from "./figures";
import {
  apiError,
  caller,
  invalid,
  logId,
  obj,
  ok,
  scopeRefused,
  TIKTOK_SCOPES,
  USER_FIELD_SCOPES,
} from "./tiktok-api";
import { tiktokMetrics, videoFields, videoOf } from "./tiktok-metrics";
import { tiktokPublishing } from "./tiktok-publish";

/** Lifetimes of November 2026: access 2 hours, refresh 180 days; the refresh token rotates. */
const ACCESS = 7_200;
const REFRESH = 15_552_000;

const oauthError = (error: string, description: string) => ({ error, error_description: description, log_id: logId() });

/** TikTok Login Kit v2 (web) and the user info endpoint. */
export const tiktok: NetworkDefinition = {
  platform: "tiktok",
  label: "TikTok",
  authorizePath: "www.tiktok.com/v2/auth/authorize/",
  clientParam: "client_key",
  pkce: "optional",
  scopeSeparator: ",",
  codeLifetimeSeconds: 600,
  scopeRefusal(scopes) {
    const unknown = scopes.filter((s) => !TIKTOK_SCOPES.has(s));
    if (unknown.length === 0) return null;
    // TikTok sends the person back to the app with the error.
    return { error: "invalid_scope", description: `The scope ${unknown.join(",")} is not valid.`, redirect: true };
  },
  errorBody(status, message) {
    if (status === 429)
      return apiError("rate_limit_exceeded", message ?? "API rate limit exceeded, please retry later.");
    if (status === 401)
      return apiError("access_token_invalid", message ?? "The access token is invalid or not found in the request.");
    if (status >= 500) return apiError("internal_error", message ?? "Something went wrong. Please try again later.");
    return apiError("invalid_params", message ?? "The request parameters are invalid.");
  },
  routes(kit) {
    kit.post("open.tiktokapis.com/v2/oauth/token/", async (request, reply) => {
      const form = flat(request.body);
      if (!kit.clientOk(form.client_key, form.client_secret)) {
        return reply.status(401).send(oauthError("invalid_client", "Client key or secret is incorrect."));
      }
      const issue = (base: ReturnType<typeof grantOf>) => ({
        access_token: kit.tokens.issue("access", base, ACCESS).token,
        expires_in: ACCESS,
        open_id: base.userId,
        refresh_expires_in: REFRESH,
        refresh_token: kit.tokens.issue("refresh", base, REFRESH).token,
        scope: base.scope,
        token_type: "Bearer",
      });
      if (form.grant_type === "authorization_code") {
        const code = kit.redeemCode({ code: form.code, redirectUri: form.redirect_uri, verifier: form.code_verifier });
        if (isRefusal(code)) {
          const description = code === "expired" ? "Authorization code is expired." : "Authorization code is invalid.";
          return reply.status(400).send(oauthError("invalid_grant", description));
        }
        return issue(grantOf(code));
      }
      if (form.grant_type === "refresh_token") {
        const refresh = kit.tokens.read(form.refresh_token, "refresh");
        if (isRefusal(refresh))
          return reply.status(400).send(oauthError("invalid_grant", "Refresh token is invalid or expired."));
        kit.tokens.spend(refresh);
        return issue(grantOf(refresh));
      }
      return reply.status(400).send(oauthError("invalid_request", "The request parameters are malformed."));
    });

    kit.get("open.tiktokapis.com/v2/user/info/", async (request, reply) => {
      const claims = kit.bearer(request);
      if (isRefusal(claims)) return reply.status(401).send(tiktok.errorBody(401));
      const fields = flat(request.query).fields;
      if (!fields) return reply.status(400).send(apiError("invalid_params", "The fields parameter is required."));
      // Each field needs its own scope: asking for one the user did not grant refuses the whole call.
      for (const field of fields.split(",").map((f) => f.trim())) {
        const scope = ownValue(USER_FIELD_SCOPES, field);
        if (!scope) return invalid(reply, `Unknown field: ${field}.`);
        if (!hasScope(claims, scope)) return scopeRefused(reply, scope);
      }
      const p = kit.person(claims);
      const user = pick(
        {
          open_id: p.id,
          union_id: `${p.id}-u`,
          avatar_url: kit.avatarUrl(p),
          display_name: p.name,
          username: p.username.toLowerCase(),
          follower_count: followersToday(p, kit.now()),
          following_count: p.following,
          likes_count: p.followers * 11,
          video_count: p.posts,
        },
        fields,
      );
      return { data: { user }, error: { code: "ok", message: "", log_id: logId() } };
    });

    kit.post("open.tiktokapis.com/v2/video/list/", async (request, reply) => {
      const claims = caller(kit, request, reply, ["video.list"]);
      if (!claims) return reply;
      const fields = videoFields(request);
      if (typeof fields !== "string") return invalid(reply, fields.problem);
      const b = obj(request.body);
      const max = Number(b.max_count ?? 10);
      if (!Number.isInteger(max) || max < 1 || max > 20) return invalid(reply, "max_count must be between 1 and 20.");
      const all = kit.publishing.of("tiktok", claims.userId);
      const cursor = Number(b.cursor ?? 0) || 0;
      const rest = all.filter((i) => cursor === 0 || i.at.getTime() < cursor);
      const page = rest.slice(0, max);
      const videos = page.map((i) => videoOf(kit, request, i, fields));
      const lastAt = page.at(-1)?.at.getTime() ?? 0;
      return ok({ videos, cursor: lastAt, has_more: rest.length > max });
    });

    tiktokPublishing(kit);
    tiktokMetrics(kit);
  },
};
