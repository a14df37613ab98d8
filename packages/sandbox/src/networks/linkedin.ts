import type { FastifyReply, FastifyRequest } from "fastify";
import { flat, grantOf, hasScope, type NetworkDefinition, type NetworkKit, isRefusal as refused } from "../kit";
import type { ReviewSettings } from "../review";
import type { Claims } from "../tokens";
import { linkedinComments } from "./linkedin-comments";
import { linkedinMetrics } from "./linkedin-metrics";
import { linkedinOrganizations } from "./linkedin-organizations";
import { linkedinPublishing } from "./linkedin-publish";

const SIXTY_DAYS = 5_184_000;
/** The refresh token lives a year from the first consent and is not extended by refreshing. */
const ONE_YEAR = 31_536_000;

export const apiError = (
  status: number,
  serviceErrorCode: number | undefined,
  code: string | undefined,
  message: string,
) => ({
  status,
  ...(serviceErrorCode !== undefined && { serviceErrorCode }),
  ...(code && { code }),
  message,
});

/** The 401 LinkedIn gives for each way a token can be bad. */
export function tokenProblem(reason: string) {
  if (reason === "expired")
    return apiError(401, 65602, "EXPIRED_ACCESS_TOKEN", "The token used in the request has expired");
  if (reason === "revoked")
    return apiError(401, 65601, "REVOKED_ACCESS_TOKEN", "The token used in the request has been revoked by the user");
  return apiError(401, 65600, "INVALID_ACCESS_TOKEN", "Invalid access token");
}

/**
 * The Marketing API versions LinkedIn serves as of November 2026: monthly releases, each live about a year
 * (202511 was sunset on 2026-11-16); December 2025 had no release, and nothing newer than 202608 was
 * announced when this list was made. Any other version is answered with 426.
 */
export const LIVE_VERSIONS = ["202601", "202602", "202603", "202604", "202605", "202606", "202607", "202608"];

/** The version as LinkedIn's 426 names it: the first of its month (`202610` → `20261001`). */
const versionName = (v: string) => (/^\d{6}$/.test(v) ? `${v}01` : v);

/**
 * Every /rest call names the API version it was written for: without one LinkedIn answers 400, with a version it
 * does not serve (sunset, or never released) 426 on every call.
 */
export function versioned(request: FastifyRequest, reply: FastifyReply): boolean {
  const version = request.headers["linkedin-version"];
  if (typeof version !== "string" || !version) {
    void reply
      .status(400)
      .send(
        apiError(
          400,
          undefined,
          "VERSION_MISSING",
          "A version must be present. Please specify a version by adding the LinkedIn-Version header.",
        ),
      );
    return false;
  }
  const m = /^(\d{6})(\.\d{2})?$/.exec(version);
  if (m && LIVE_VERSIONS.includes(m[1] as string)) return true;
  void reply
    .status(426)
    .send(apiError(426, undefined, "NONEXISTENT_VERSION", `Requested version ${versionName(version)} is not active`));
  return false;
}

/** LinkedIn's 403 for a token without the permission a resource needs. */
export const notPermitted = (reply: FastifyReply, resource: string) =>
  reply.status(403).send(apiError(403, 100, "ACCESS_DENIED", `Not enough permissions to access: ${resource}`));

/** The resource name LinkedIn's 403 names: the resource, its method and the version asked for. */
export const resourceOf = (request: FastifyRequest, name: string) =>
  `${name}.${String(request.headers["linkedin-version"] ?? "NO_VERSION")}`;

/**
 * The headers every /rest call needs (LinkedIn-Version, X-Restli-Protocol-Version 2.0.0; a JSON body on a POST),
 * then the token, then one of the scopes the resource takes (none: any token).
 */
export function restCall(
  kit: NetworkKit,
  request: FastifyRequest,
  reply: FastifyReply,
  resource: string,
  scopes: string[] = [],
): Claims | null {
  if (!versioned(request, reply)) return null;
  if (request.headers["x-restli-protocol-version"] !== "2.0.0") {
    void reply
      .status(400)
      .send(apiError(400, undefined, "BAD_REQUEST", "The X-Restli-Protocol-Version header must be 2.0.0."));
    return null;
  }
  if (request.method === "POST" && !/^application\/json\b/i.test(request.headers["content-type"] ?? "")) {
    void reply
      .status(415)
      .send(
        apiError(
          415,
          undefined,
          "UNSUPPORTED_MEDIA_TYPE",
          `Unsupported Media Type: ${request.headers["content-type"] ?? "none"}; send application/json`,
        ),
      );
    return null;
  }
  const claims = authed(kit, request, reply);
  if (!claims) return null;
  if (scopes.length && !hasScope(claims, ...scopes)) {
    void notPermitted(reply, resourceOf(request, resource));
    return null;
  }
  return claims;
}

export function authed(kit: NetworkKit, request: FastifyRequest, reply: FastifyReply): Claims | null {
  const claims = kit.bearer(request);
  if (refused(claims)) {
    void reply.status(401).send(tokenProblem(claims));
    return null;
  }
  return claims;
}

/**
 * The scopes each LinkedIn product gives an app. r_member_social (reading a member's posts) is a closed
 * permission no product grants.
 */
const PRODUCT_SCOPES: Record<ReviewSettings["linkedin"]["products"][number], string[]> = {
  openid: ["openid", "profile", "email"],
  share: ["w_member_social"],
  "community-management": [
    "w_organization_social",
    "r_organization_social",
    "rw_organization_admin",
    "r_organization_admin",
    "r_organization_followers",
    "r_member_postAnalytics",
    "r_member_profileAnalytics",
  ],
};

/**
 * LinkedIn: OpenID Connect sign-in, member posting, company pages (organizations) for apps with the Community
 * Management scopes; refresh tokens as for apps approved for them.
 */
export const linkedin: NetworkDefinition = {
  platform: "linkedin",
  label: "LinkedIn",
  authorizePath: "www.linkedin.com/oauth/v2/authorization",
  clientParam: "client_id",
  pkce: "none",
  scopeSeparator: " ",
  codeLifetimeSeconds: 1800,
  scopeRefusal(scopes, review) {
    const allowed = new Set(review.linkedin.products.flatMap((p) => PRODUCT_SCOPES[p]));
    const refused = scopes.find((s) => !allowed.has(s));
    if (!refused) return null;
    // LinkedIn sends the app back with the first scope its products do not grant.
    return {
      error: "unauthorized_scope_error",
      description: `Scope "${refused}" is not authorized for your application`,
      redirect: true,
    };
  },
  errorBody(status, message) {
    if (status === 429) {
      return apiError(
        429,
        undefined,
        undefined,
        message ?? "Resource level throttle APPLICATION DAY limit for calls to this resource is reached.",
      );
    }
    if (status === 401) return tokenProblem("invalid");
    return apiError(
      status,
      undefined,
      undefined,
      message ?? (status >= 500 ? "Internal Server Error" : "Request failed"),
    );
  },
  routes(kit) {
    const oauthError = (error: string, description: string) => ({ error, error_description: description });

    kit.post("www.linkedin.com/oauth/v2/accessToken", async (request, reply) => {
      // LinkedIn reads the token request as a form only: a JSON body leaves every parameter missing.
      if (!/^application\/x-www-form-urlencoded\b/i.test(request.headers["content-type"] ?? "")) {
        return reply.status(400).send(oauthError("invalid_request", 'A required parameter "grant_type" is missing'));
      }
      const form = flat(request.body);
      if (!kit.clientOk(form.client_id, form.client_secret)) {
        return reply.status(401).send(oauthError("invalid_client", "Client authentication failed"));
      }
      const issue = (base: ReturnType<typeof grantOf>, grantExp: number, refreshToken?: string) => {
        const access = kit.tokens.issue("access", base, SIXTY_DAYS);
        const refresh = refreshToken ?? kit.tokens.issue("refresh", { ...base, grantExp }, null).token;
        return {
          access_token: access.token,
          expires_in: SIXTY_DAYS,
          refresh_token: refresh,
          refresh_token_expires_in: Math.max(0, Math.floor((grantExp - kit.now()) / 1000)),
          scope: base.scope.split(" ").join(","),
        };
      };
      if (form.grant_type === "authorization_code") {
        const code = kit.redeemCode({ code: form.code, redirectUri: form.redirect_uri });
        if (refused(code)) {
          return reply
            .status(400)
            .send(
              oauthError(
                "invalid_request",
                "Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists",
              ),
            );
        }
        return issue(grantOf(code), kit.now() + ONE_YEAR * 1000);
      }
      if (form.grant_type === "refresh_token") {
        const refresh = kit.tokens.read(form.refresh_token, "refresh");
        if (refused(refresh)) {
          return reply
            .status(400)
            .send(
              oauthError(
                "invalid_grant",
                "The provided authorization grant or refresh token is invalid, expired or revoked.",
              ),
            );
        }
        // The same refresh token stays in use until the year is up.
        return issue(grantOf(refresh), refresh.grantExp ?? kit.now(), form.refresh_token);
      }
      return reply
        .status(400)
        .send(oauthError("unsupported_grant_type", 'A required parameter "grant_type" is missing'));
    });

    kit.get("api.linkedin.com/v2/userinfo", async (request, reply) => {
      const claims = authed(kit, request, reply);
      if (!claims) return reply;
      if (!hasScope(claims, "openid")) return notPermitted(reply, "userinfo.GET.NO_VERSION");
      const p = kit.person(claims);
      const [given, ...rest] = p.name.split(" ");
      // Each OpenID scope adds its claims: profile the name and picture, email the address.
      return {
        sub: p.id,
        ...(hasScope(claims, "profile") && {
          name: p.name,
          locale: { country: "US", language: "en" },
          given_name: given,
          family_name: rest.join(" ") || given,
          picture: kit.avatarUrl(p),
        }),
        ...(hasScope(claims, "email") && {
          email_verified: true,
          email: `${p.username.toLowerCase()}@example.com`,
        }),
      };
    });

    kit.get("api.linkedin.com/rest/memberFollowersCount", async (request, reply) => {
      const q = flat(request.query);
      const claims = restCall(kit, request, reply, `memberFollowersCount.FINDER-${q.q ?? "unknown"}`, [
        "r_member_profileAnalytics",
      ]);
      if (!claims) return reply;
      if (q.q !== "me")
        return reply.status(400).send(apiError(400, 100, undefined, "Invalid query parameters passed to request"));
      return {
        paging: { start: 0, count: 10, links: [] },
        elements: [{ memberFollowersCount: kit.person(claims).followers }],
      };
    });

    linkedinPublishing(kit);
    linkedinOrganizations(kit);
    linkedinMetrics(kit);
    linkedinComments(kit);
  },
};
