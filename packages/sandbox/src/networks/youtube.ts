import { flat, grantOf, isRefusal, type NetworkDefinition } from "../kit";
import { followersToday } from "./figures";
import { youtubeComments } from "./youtube-comments";
import { AUTH_ERROR, allowed, COST, GOOGLE_SCOPES, googleError, projectQuota, READ_SCOPES } from "./youtube-common";
import { youtubePublishing } from "./youtube-publish";

const HOUR = 3_599;

/** Google OAuth 2.0 (offline access, optional PKCE) and the YouTube Data API v3 channel list. */
export const youtube: NetworkDefinition = {
  platform: "youtube",
  label: "YouTube",
  authorizePath: "accounts.google.com/o/oauth2/v2/auth",
  clientParam: "client_id",
  pkce: "optional",
  scopeSeparator: " ",
  codeLifetimeSeconds: 600,
  // Google shows its own error page (no redirect) for a scope it does not know.
  scopeRefusal(scopes) {
    const unknown = scopes.filter((s) => !GOOGLE_SCOPES.has(s));
    if (unknown.length === 0) return null;
    return {
      error: "invalid_scope",
      description: `Error 400: invalid_scope. Some requested scopes were invalid. {invalid=[${unknown.join(", ")}]}`,
      redirect: false,
    };
  },
  errorBody(status, message) {
    if (status === 429)
      return googleError(429, message ?? "Rate Limit Exceeded", "rateLimitExceeded", "RESOURCE_EXHAUSTED");
    if (status === 401) return AUTH_ERROR;
    if (status >= 500) return googleError(status, message ?? "Backend Error", "backendError", "UNAVAILABLE");
    return googleError(status, message ?? "Bad Request", "badRequest", "INVALID_ARGUMENT");
  },
  routes(kit) {
    const oauthError = (error: string, description: string) => ({ error, error_description: description });

    kit.post("oauth2.googleapis.com/token", async (request, reply) => {
      const form = flat(request.body);
      if (!kit.clientOk(form.client_id, form.client_secret)) {
        return reply.status(401).send(oauthError("invalid_client", "The OAuth client was not found."));
      }
      const access = (base: ReturnType<typeof grantOf>) => ({
        access_token: kit.tokens.issue("access", base, HOUR).token,
        expires_in: HOUR,
        scope: base.scope,
        token_type: "Bearer",
      });
      if (form.grant_type === "authorization_code") {
        const code = kit.redeemCode({ code: form.code, redirectUri: form.redirect_uri, verifier: form.code_verifier });
        if (isRefusal(code)) {
          if (code === "redirect-mismatch")
            return reply.status(400).send(oauthError("redirect_uri_mismatch", "Bad Request"));
          if (code === "verifier-mismatch")
            return reply.status(400).send(oauthError("invalid_grant", "Invalid code verifier."));
          return reply.status(400).send(oauthError("invalid_grant", "Bad Request"));
        }
        const grant = grantOf(code);
        return { ...access(grant), refresh_token: kit.tokens.issue("refresh", grant, null).token };
      }
      if (form.grant_type === "refresh_token") {
        const refresh = kit.tokens.read(form.refresh_token, "refresh");
        if (isRefusal(refresh))
          return reply.status(400).send(oauthError("invalid_grant", "Token has been expired or revoked."));
        // Google keeps the refresh token: a refresh brings a new access token only.
        return access(grantOf(refresh));
      }
      return reply
        .status(400)
        .send(oauthError("unsupported_grant_type", `Invalid grant_type: ${form.grant_type ?? ""}`));
    });

    const quota = projectQuota(kit);
    kit.get("www.googleapis.com/youtube/v3/channels", async (request, reply) => {
      const claims = allowed(kit, quota, request, reply, READ_SCOPES, COST.list);
      if (!claims) return reply;
      const q = flat(request.query);
      if (q.mine !== "true")
        return reply
          .status(400)
          .send(googleError(400, "No filter selected.", "missingRequiredParameter", "INVALID_ARGUMENT"));
      const parts = new Set((q.part ?? "").split(","));
      const p = kit.person(claims);
      const avatar = kit.avatarUrl(p);
      return {
        kind: "youtube#channelListResponse",
        etag: `etag-${p.seed}`,
        pageInfo: { totalResults: 1, resultsPerPage: 5 },
        items: [
          {
            kind: "youtube#channel",
            etag: `etag-${p.id}`,
            id: p.id,
            ...(parts.has("snippet") && {
              snippet: {
                title: p.name,
                description: "",
                customUrl: `@${p.username.toLowerCase()}`,
                publishedAt: "2020-01-15T12:00:00Z",
                thumbnails: {
                  default: { url: avatar, width: 88, height: 88 },
                  medium: { url: avatar, width: 240, height: 240 },
                  high: { url: avatar, width: 800, height: 800 },
                },
                localized: { title: p.name, description: "" },
              },
            }),
            ...(parts.has("statistics") && {
              statistics: {
                viewCount: String(p.followers * 37),
                subscriberCount: String(followersToday(p, kit.now())),
                hiddenSubscriberCount: false,
                videoCount: String(p.posts % 300),
              },
            }),
          },
        ],
      };
    });

    youtubePublishing(kit);
    youtubeComments(kit);
  },
};
