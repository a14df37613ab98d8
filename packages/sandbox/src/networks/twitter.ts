import { flat, grantOf, isRefusal, type NetworkDefinition } from "../kit";
import { followersToday } from "./figures";
import { twitterComments } from "./twitter-comments";
import { authed, SCOPES, X_SCOPES } from "./twitter-common";
import { twitterMetrics } from "./twitter-metrics";
import { twitterPublishing } from "./twitter-publish";

const TWO_HOURS = 7200;

/** X API v2: OAuth 2.0 with PKCE, confidential client, rotating single-use refresh tokens. */
export const twitter: NetworkDefinition = {
  platform: "twitter",
  label: "X",
  authorizePath: "x.com/i/oauth2/authorize",
  clientParam: "client_id",
  pkce: "required",
  scopeSeparator: " ",
  // X's authorization codes are good for 30 seconds.
  codeLifetimeSeconds: 30,
  // Every tier may ask for every scope; X shows its error page (no redirect) for one it does not know.
  scopeRefusal(scopes) {
    const unknown = scopes.filter((s) => !X_SCOPES.has(s));
    if (unknown.length === 0) return null;
    return {
      error: "invalid_scope",
      description: `Something went wrong. You weren't able to give access to the App: unknown scope ${unknown.join(", ")}.`,
      redirect: false,
    };
  },
  errorBody(status, message) {
    const titles: Record<number, string> = {
      400: "Invalid Request",
      401: "Unauthorized",
      403: "Forbidden",
      429: "Too Many Requests",
    };
    const title = titles[status] ?? (status >= 500 ? "Service Unavailable" : "Error");
    const type =
      status === 429
        ? "https://api.x.com/2/problems/rate-limit-exceeded"
        : status === 400
          ? "https://api.x.com/2/problems/invalid-request"
          : "about:blank";
    return { title, detail: message ?? title, type, status };
  },
  throttleHeaders: (retryAfter, now) => ({
    "x-rate-limit-limit": "75",
    "x-rate-limit-remaining": "0",
    "x-rate-limit-reset": String(Math.ceil(now / 1000) + retryAfter),
  }),
  routes(kit) {
    const tokenError = (error: string, description: string) => ({ error, error_description: description });

    kit.post("api.x.com/2/oauth2/token", async (request, reply) => {
      if (!/^application\/x-www-form-urlencoded\b/i.test(String(request.headers["content-type"] ?? "")))
        return reply
          .status(400)
          .send(tokenError("invalid_request", "Content-Type must be application/x-www-form-urlencoded."));
      const form = flat(request.body);
      const client = kit.basicClient(request);
      if (!client || !kit.clientOk(client.id, client.secret)) {
        return reply.status(401).send(tokenError("unauthorized_client", "Missing valid authorization header"));
      }
      const tokensFor = (base: ReturnType<typeof grantOf>) => {
        const access = kit.tokens.issue("access", base, TWO_HOURS);
        const offline = base.scope.split(" ").includes("offline.access");
        return {
          token_type: "bearer",
          expires_in: TWO_HOURS,
          access_token: access.token,
          scope: base.scope,
          ...(offline && { refresh_token: kit.tokens.issue("refresh", base, null).token }),
        };
      };
      if (form.grant_type === "authorization_code") {
        const code = kit.redeemCode({ code: form.code, redirectUri: form.redirect_uri, verifier: form.code_verifier });
        if (isRefusal(code)) {
          return reply
            .status(400)
            .send(tokenError("invalid_request", "Value passed for the authorization code was invalid."));
        }
        return tokensFor(grantOf(code));
      }
      if (form.grant_type === "refresh_token") {
        const refresh = kit.tokens.read(form.refresh_token, "refresh");
        if (isRefusal(refresh)) {
          return reply.status(400).send(tokenError("invalid_request", "Value passed for the token was invalid."));
        }
        // Single use: the old refresh token dies with this exchange.
        kit.tokens.spend(refresh);
        return tokensFor(grantOf(refresh));
      }
      return reply.status(400).send(tokenError("unsupported_grant_type", "grant_type not supported"));
    });

    kit.get("api.x.com/2/users/me", async (request, reply) => {
      const claims = authed(kit, request, reply, SCOPES.me);
      if (!claims) return reply;
      const p = kit.person(claims);
      // id, name and username always; any other field only when user.fields asks for it.
      const fields = new Set((flat(request.query)["user.fields"] ?? "").split(","));
      const all = {
        profile_image_url: kit.avatarUrl(p),
        verified: false,
        public_metrics: {
          followers_count: followersToday(p, kit.now()),
          following_count: p.following,
          tweet_count: p.posts,
          listed_count: p.seed % 40,
          like_count: p.seed % 5_000,
        },
      };
      return {
        data: {
          id: p.id,
          name: p.name,
          username: p.username,
          ...Object.fromEntries(Object.entries(all).filter(([k]) => fields.has(k))),
        },
      };
    });

    twitterPublishing(kit);
    twitterMetrics(kit);
    twitterComments(kit);
  },
};
