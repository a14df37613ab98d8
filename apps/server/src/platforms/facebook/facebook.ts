import { PLATFORM_SCOPES } from "@app/shared";
import { type ErrorReader, networkCall } from "../http";
import { type NetworkContext, type PlatformAdapter, secondsFromNow, type TokenSet } from "../platform";
import { facebookPublishing } from "./facebook-publish";

export const GRAPH_VERSION = "v25.0";
const GRAPH = `https://graph.facebook.com/${GRAPH_VERSION}`;

/** Graph's throttling codes: app, user, page and business-use-case limits. */
export const GRAPH_THROTTLE_CODES = new Set([4, 17, 32, 613, 80001]);

/** Graph API errors: `{error:{message, code, error_subcode}}`; code 190 is a dead token. */
export const readGraphError: ErrorReader = (status, body) => {
  const e = (body as { error?: { message?: string; code?: number } } | null)?.error;
  return {
    message: e?.message ?? `Facebook answered ${status}`,
    tokenRejected: e?.code === 190,
    transient: e?.code !== undefined && GRAPH_THROTTLE_CODES.has(e.code),
  };
};

interface GraphToken {
  access_token: string;
  expires_in?: number;
}

export function createFacebook(ctx: NetworkContext): PlatformAdapter {
  const publishing = facebookPublishing(ctx, GRAPH, readGraphError);
  const graph = (path: string, params: Record<string, string>) =>
    `${ctx.serverUrl(`${GRAPH}${path}`)}?${new URLSearchParams(params)}`;
  const client = { client_id: ctx.clientId, client_secret: ctx.clientSecret };
  // Facebook has no refresh token: a valid user token is exchanged for a long-lived (≈60 days) one.
  const longLived = async (shortToken: string): Promise<TokenSet> => {
    const t = await networkCall<GraphToken>(
      graph("/oauth/access_token", { grant_type: "fb_exchange_token", fb_exchange_token: shortToken, ...client }),
      {},
      readGraphError,
    );
    return { accessToken: t.access_token, refreshToken: null, expiresAt: secondsFromNow(t.expires_in) };
  };
  const pagesOf = (accessToken: string) =>
    networkCall<{
      data: { id: string; name: string; category?: string; followers_count?: number; fan_count?: number }[];
    }>(
      graph("/me/accounts", { fields: "id,name,category,followers_count,fan_count", access_token: accessToken }),
      {},
      readGraphError,
    ).then((r) => r.data ?? []);

  return {
    platform: "facebook",
    usesPkce: false,
    sandbox: ctx.sandbox,
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(ctx.browserUrl(`https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`));
      url.search = new URLSearchParams({
        client_id: ctx.clientId,
        redirect_uri: redirectUri,
        state,
        response_type: "code",
        scope: PLATFORM_SCOPES.facebook.join(","),
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, redirectUri }) {
      const short = await networkCall<GraphToken>(
        graph("/oauth/access_token", { ...client, redirect_uri: redirectUri, code }),
        {},
        readGraphError,
      );
      return longLived(short.access_token);
    },
    refresh({ accessToken }) {
      return longLived(accessToken);
    },
    async profile(accessToken) {
      const me = await networkCall<{ id: string; name?: string; picture?: { data?: { url?: string } } }>(
        graph("/me", { fields: "id,name,picture", access_token: accessToken }),
        {},
        readGraphError,
      );
      const pages = await pagesOf(accessToken);
      return {
        id: me.id,
        username: null,
        displayName: me.name ?? null,
        avatarUrl: me.picture?.data?.url ?? null,
        // People follow Pages, not the person who manages them.
        followerCount: pages.reduce((sum, p) => sum + (p.followers_count ?? p.fan_count ?? 0), 0),
      };
    },
    async facebookPages(accessToken) {
      return (await pagesOf(accessToken)).map((p) => ({ id: p.id, name: p.name, category: p.category ?? null }));
    },
    publish: publishing.publish,
    lookup: publishing.lookup,
  };
}
