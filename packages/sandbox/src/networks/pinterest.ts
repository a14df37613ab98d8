import type { FastifyReply, FastifyRequest } from "fastify";
import { flat, grantOf, isRefusal, type NetworkDefinition, type NetworkKit } from "../kit";
import type { Person } from "../people";
import type { Claims } from "../tokens";
import { pinterestPublishing } from "./pinterest-publish";

const THIRTY_DAYS = 2_592_000;
/** continuous refresh tokens: 60 days, renewed with every refresh */
const SIXTY_DAYS = 5_184_000;

const BOARD_NAMES = ["Inspiration", "Recipes", "Travel", "Workspace ideas", "Product launches"];

/** The three boards each sandbox person has. */
export const boardsOf = (p: Person) =>
  [0, 1, 2].map((i) => ({
    id: `${p.id.slice(0, 15)}${100 + i}`,
    name: BOARD_NAMES[(p.seed + i) % BOARD_NAMES.length] as string,
    i,
  }));

export const apiError = (code: number, message: string) => ({ code, message });

export function authed(kit: NetworkKit, request: FastifyRequest, reply: FastifyReply): Claims | null {
  const claims = kit.bearer(request);
  if (isRefusal(claims)) {
    void reply.status(401).send(apiError(2, "Authentication failed."));
    return null;
  }
  return claims;
}

/** Pinterest API v5. */
export const pinterest: NetworkDefinition = {
  platform: "pinterest",
  label: "Pinterest",
  authorizePath: "www.pinterest.com/oauth/",
  clientParam: "client_id",
  pkce: "none",
  scopeSeparator: ",",
  codeLifetimeSeconds: 600,
  errorBody(status, message) {
    if (status === 429) return apiError(8, message ?? "You have exceeded your rate limit. Try again later.");
    if (status === 401) return apiError(2, message ?? "Authentication failed.");
    return apiError(status >= 500 ? 1 : 3, message ?? (status >= 500 ? "Internal server error." : "Invalid request."));
  },
  routes(kit) {
    kit.post("api.pinterest.com/v5/oauth/token", async (request, reply) => {
      const form = flat(request.body);
      const client = kit.basicClient(request);
      if (!client || !kit.clientOk(client.id, client.secret)) {
        return reply.status(401).send(apiError(2, "Authentication failed."));
      }
      const issue = (base: ReturnType<typeof grantOf>, responseType: string) => {
        const refreshExpiresAt = Math.floor(kit.now() / 1000) + SIXTY_DAYS;
        return {
          access_token: kit.tokens.issue("access", base, THIRTY_DAYS).token,
          refresh_token: kit.tokens.issue("refresh", base, SIXTY_DAYS).token,
          response_type: responseType,
          token_type: "bearer",
          expires_in: THIRTY_DAYS,
          refresh_token_expires_in: SIXTY_DAYS,
          refresh_token_expires_at: refreshExpiresAt,
          scope: base.scope,
        };
      };
      const invalidGrant = () => reply.status(401).send(apiError(283, "The authorization grant is invalid"));
      if (form.grant_type === "authorization_code") {
        const code = kit.redeemCode({ code: form.code, redirectUri: form.redirect_uri });
        if (isRefusal(code)) return invalidGrant();
        return issue(grantOf(code), "authorization_code");
      }
      if (form.grant_type === "refresh_token") {
        const refresh = kit.tokens.read(form.refresh_token, "refresh");
        if (isRefusal(refresh)) return invalidGrant();
        return issue(grantOf(refresh), "refresh_token");
      }
      return reply.status(400).send(apiError(1, "Invalid grant_type."));
    });

    kit.get("api.pinterest.com/v5/user_account", async (request, reply) => {
      const claims = authed(kit, request, reply);
      if (!claims) return reply;
      const p = kit.person(claims);
      return {
        account_type: "BUSINESS",
        id: p.id,
        username: p.username,
        business_name: p.name,
        profile_image: kit.avatarUrl(p),
        website_url: "",
        board_count: 3,
        pin_count: p.posts,
        follower_count: p.followers,
        following_count: p.following,
        monthly_views: p.followers * 7,
      };
    });

    kit.get("api.pinterest.com/v5/boards", async (request, reply) => {
      const claims = authed(kit, request, reply);
      if (!claims) return reply;
      const p = kit.person(claims);
      const pageSize = Math.min(250, Math.max(1, Number(flat(request.query).page_size ?? 25) || 25));
      const items = boardsOf(p).map(({ id, name, i }) => ({
        id,
        name,
        description: "",
        owner: { username: p.username },
        privacy: "PUBLIC",
        pin_count: (p.seed >> (i * 4)) % 300,
        follower_count: Math.round(p.followers / (3 + i)),
        created_at: "2025-03-01T10:00:00",
        board_pins_modified_at: "2026-10-01T10:00:00",
      }));
      return { items: items.slice(0, pageSize), bookmark: null };
    });

    pinterestPublishing(kit);
  },
};
