import { flat, grantOf, isRefusal, type NetworkDefinition, type NetworkKit } from "../kit";
import type { Person } from "../people";
import { numericId } from "../publishing";
import { followersToday } from "./figures";
import {
  apiError,
  authed,
  isSandboxHost,
  PINTEREST_HOSTS,
  type PinterestHost,
  SANDBOX_GRANT,
} from "./pinterest-common";
import { pinterestMetrics } from "./pinterest-metrics";
import { pinterestPublishing, pinterestUploads } from "./pinterest-publish";

const THIRTY_DAYS = 2_592_000;
/** continuous refresh tokens: 60 days, renewed with every refresh */
const SIXTY_DAYS = 5_184_000;

/** Pinterest's scopes, for the authorize page. */
const SCOPES = new Set([
  "ads:read",
  "ads:write",
  "boards:read",
  "boards:read_secret",
  "boards:write",
  "boards:write_secret",
  "catalogs:read",
  "catalogs:write",
  "pins:read",
  "pins:read_secret",
  "pins:write",
  "pins:write_secret",
  "user_accounts:read",
]);

const BOARD_NAMES = ["Inspiration", "Recipes", "Travel", "Workspace ideas", "Product launches"];

/** The three boards each sandbox person has on Pinterest itself (not on the API's sandbox host). */
export const boardsOf = (p: Person) =>
  [0, 1, 2].map((i) => ({
    id: `${p.id.slice(0, 15)}${100 + i}`,
    name: BOARD_NAMES[(p.seed + i) % BOARD_NAMES.length] as string,
    i,
  }));

export interface Board {
  id: string;
  name: string;
  description: string;
  privacy: string;
  createdAt: string;
}

/** The boards a person has on a host: their own on Pinterest, plus those made through the API. */
export function boardStore(kit: NetworkKit) {
  const created = kit.publishing.pending<Board[]>("pinterest", "boards");
  const key = (host: PinterestHost, p: Person) => `${host}|${p.id}`;
  return {
    of(host: PinterestHost, p: Person): Board[] {
      const own = isSandboxHost(host)
        ? []
        : boardsOf(p).map(({ id, name }) => ({
            id,
            name,
            description: "",
            privacy: "PUBLIC",
            createdAt: "2025-03-01T10:00:00",
          }));
      return [...own, ...(created.get(key(host, p)) ?? [])];
    },
    add(host: PinterestHost, p: Person, board: Omit<Board, "id" | "createdAt">): Board {
      const made = {
        ...board,
        id: numericId(18),
        createdAt: new Date(kit.now()).toISOString().replace(/\.\d{3}Z$/, ""),
      };
      created.set(key(host, p), [...(created.get(key(host, p)) ?? []), made]);
      return made;
    },
  };
}

/** Pinterest API v5, on its production host and on its sandbox host. */
export const pinterest: NetworkDefinition = {
  platform: "pinterest",
  label: "Pinterest",
  authorizePath: "www.pinterest.com/oauth/",
  clientParam: "client_id",
  pkce: "none",
  scopeSeparator: ",",
  codeLifetimeSeconds: 600,
  scopeRefusal(scopes) {
    const unknown = scopes.filter((s) => !SCOPES.has(s));
    if (unknown.length === 0) return null;
    return { error: "invalid_scope", description: `Invalid scope: ${unknown.join(",")}`, redirect: true };
  },
  errorBody(status, message) {
    if (status === 429) return apiError(8, message ?? "You have exceeded your rate limit. Try again later.");
    if (status === 401) return apiError(2, message ?? "Authentication failed.");
    return apiError(status >= 500 ? 1 : 3, message ?? (status >= 500 ? "Internal server error." : "Invalid request."));
  },
  routes(kit) {
    const boards = boardStore(kit);
    for (const host of PINTEREST_HOSTS) {
      kit.post(`${host}/v5/oauth/token`, async (request, reply) => {
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
          // The same consent gives a token of whichever environment's endpoint the code is brought to.
          const base = grantOf(code);
          return issue(
            isSandboxHost(host) ? { ...base, grant: `${SANDBOX_GRANT}${base.grant}` } : base,
            "authorization_code",
          );
        }
        if (form.grant_type === "refresh_token") {
          const refresh = kit.tokens.read(form.refresh_token, "refresh");
          if (isRefusal(refresh) || refresh.grant.startsWith(SANDBOX_GRANT) !== isSandboxHost(host))
            return invalidGrant();
          return issue(grantOf(refresh), "refresh_token");
        }
        return reply.status(400).send(apiError(1, "Invalid grant_type."));
      });

      kit.get(`${host}/v5/user_account`, async (request, reply) => {
        const claims = authed(kit, host, request, reply, ["user_accounts:read"]);
        if (!claims) return reply;
        const p = kit.person(claims);
        return {
          account_type: "BUSINESS",
          id: p.id,
          username: p.username,
          business_name: p.name,
          profile_image: kit.avatarUrl(p),
          website_url: "",
          board_count: boards.of(host, p).length,
          pin_count: p.posts,
          follower_count: followersToday(p, kit.now()),
          following_count: p.following,
          monthly_views: p.followers * 7,
        };
      });

      kit.get(`${host}/v5/boards`, async (request, reply) => {
        const claims = authed(kit, host, request, reply, ["boards:read"]);
        if (!claims) return reply;
        const p = kit.person(claims);
        const pageSize = Math.min(250, Math.max(1, Number(flat(request.query).page_size ?? 25) || 25));
        const items = boards.of(host, p).map((b, i) => ({
          id: b.id,
          name: b.name,
          description: b.description,
          owner: { username: p.username },
          privacy: b.privacy,
          pin_count:
            kit.publishing.of("pinterest", p.id).filter((pin) => pin.boardId === b.id).length +
            (isSandboxHost(host) ? 0 : (p.seed >> (i * 4)) % 300),
          follower_count: Math.round(p.followers / (3 + i)),
          created_at: b.createdAt,
          board_pins_modified_at: b.createdAt,
        }));
        return { items: items.slice(0, pageSize), bookmark: null };
      });

      kit.post(`${host}/v5/boards`, async (request, reply) => {
        const claims = authed(kit, host, request, reply, ["boards:read", "boards:write"]);
        if (!claims) return reply;
        const b = (request.body && typeof request.body === "object" ? request.body : {}) as Record<string, unknown>;
        const name = typeof b.name === "string" ? b.name.trim() : "";
        if (!name || [...name].length > 180)
          return reply.status(400).send(apiError(1, "name must be 1 to 180 characters."));
        const privacy = b.privacy ?? "PUBLIC";
        if (privacy !== "PUBLIC" && privacy !== "PROTECTED" && privacy !== "SECRET")
          return reply.status(400).send(apiError(1, "privacy must be PUBLIC, PROTECTED or SECRET."));
        const p = kit.person(claims);
        const description = typeof b.description === "string" ? b.description : "";
        const made = boards.add(host, p, { name, description, privacy });
        return reply.status(201).send({
          id: made.id,
          name: made.name,
          description: made.description,
          owner: { username: p.username },
          privacy: made.privacy,
          pin_count: 0,
          follower_count: 0,
          created_at: made.createdAt,
          board_pins_modified_at: made.createdAt,
        });
      });

      pinterestPublishing(kit, host, boards);
      pinterestMetrics(kit, host);
    }
    pinterestUploads(kit);
  },
};
