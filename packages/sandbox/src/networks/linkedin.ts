import type { FastifyReply, FastifyRequest } from "fastify";
import { flat, grantOf, type NetworkDefinition, type NetworkKit, isRefusal as refused } from "../kit";
import type { Claims } from "../tokens";
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

/** Every /rest call names the API version it was written for; without it LinkedIn answers 400. */
export function versioned(request: FastifyRequest, reply: FastifyReply): boolean {
  if (request.headers["linkedin-version"]) return true;
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

export function authed(kit: NetworkKit, request: FastifyRequest, reply: FastifyReply): Claims | null {
  const claims = kit.bearer(request);
  if (refused(claims)) {
    void reply.status(401).send(tokenProblem(claims));
    return null;
  }
  return claims;
}

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
      const p = kit.person(claims);
      const [given, ...rest] = p.name.split(" ");
      return {
        sub: p.id,
        email_verified: true,
        name: p.name,
        locale: { country: "US", language: "en" },
        given_name: given,
        family_name: rest.join(" ") || given,
        email: `${p.username.toLowerCase()}@example.com`,
        picture: kit.avatarUrl(p),
      };
    });

    kit.get("api.linkedin.com/rest/memberFollowersCount", async (request, reply) => {
      if (!versioned(request, reply)) return reply;
      const claims = authed(kit, request, reply);
      if (!claims) return reply;
      if (flat(request.query).q !== "me")
        return reply.status(400).send(apiError(400, 100, undefined, "Invalid query parameters passed to request"));
      return {
        paging: { start: 0, count: 10, links: [] },
        elements: [{ memberFollowersCount: kit.person(claims).followers }],
      };
    });

    linkedinPublishing(kit);
    linkedinOrganizations(kit);
  },
};
