import { PLATFORM_SCOPES } from "@app/shared";
import { GRAPH_THROTTLE_CODES, GRAPH_VERSION } from "../facebook/facebook";
import { type ErrorReader, networkCall, oauthErrorReading } from "../http";
import { type NetworkContext, type PlatformAdapter, secondsFromNow, type TokenSet } from "../platform";
import { instagramPublishing } from "./instagram-publish";

const readError: ErrorReader = (status, body) => {
  const oauth = oauthErrorReading(body);
  if (oauth) return oauth;
  const e = (body as { error?: { message?: string; code?: number }; error_message?: string } | null) ?? {};
  return {
    message: e.error?.message ?? e.error_message ?? `Instagram answered ${status}`,
    tokenRejected: e.error?.code === 190,
    transient: e.error?.code !== undefined && GRAPH_THROTTLE_CODES.has(e.error.code),
  };
};

interface ShortToken {
  access_token: string;
  user_id?: string | number;
}

/** Instagram Login (professional accounts), hosts graph.instagram.com and api.instagram.com. */
export function createInstagram(ctx: NetworkContext): PlatformAdapter {
  const publishing = instagramPublishing(ctx, `https://graph.instagram.com/${GRAPH_VERSION}`, readError);
  const graph = (path: string, params: Record<string, string>) =>
    `${ctx.serverUrl(`https://graph.instagram.com${path}`)}?${new URLSearchParams(params)}`;
  const toTokens = (t: { access_token: string; expires_in?: number }): TokenSet => ({
    accessToken: t.access_token,
    refreshToken: null,
    expiresAt: secondsFromNow(t.expires_in),
  });
  return {
    platform: "instagram",
    usesPkce: false,
    sandbox: ctx.sandbox,
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(ctx.browserUrl("https://www.instagram.com/oauth/authorize"));
      url.search = new URLSearchParams({
        client_id: ctx.clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        state,
        scope: PLATFORM_SCOPES.instagram.join(","),
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, redirectUri }) {
      const raw = await networkCall<ShortToken | { data: ShortToken[] }>(
        ctx.serverUrl("https://api.instagram.com/oauth/access_token"),
        {
          form: {
            client_id: ctx.clientId,
            client_secret: ctx.clientSecret,
            grant_type: "authorization_code",
            redirect_uri: redirectUri,
            // Instagram appends "#_" to the redirect; a code copied with it would be refused.
            code: code.replace(/#_$/, ""),
          },
        },
        readError,
      );
      const short = "data" in raw ? raw.data[0] : raw;
      if (!short?.access_token) throw new Error("Instagram returned no access token");
      const long = await networkCall<{ access_token: string; expires_in?: number }>(
        graph("/access_token", {
          grant_type: "ig_exchange_token",
          client_secret: ctx.clientSecret,
          access_token: short.access_token,
        }),
        {},
        readError,
      );
      return { ...toTokens(long), accountId: short.user_id === undefined ? undefined : String(short.user_id) };
    },
    refresh({ accessToken }) {
      return networkCall<{ access_token: string; expires_in?: number }>(
        graph("/refresh_access_token", { grant_type: "ig_refresh_token", access_token: accessToken }),
        {},
        readError,
      ).then(toTokens);
    },
    async profile(accessToken) {
      const me = await networkCall<{
        user_id?: string | number;
        id?: string;
        username?: string;
        name?: string;
        profile_picture_url?: string;
        followers_count?: number;
      }>(
        graph("/me", {
          fields: "user_id,username,name,profile_picture_url,followers_count",
          access_token: accessToken,
        }),
        {},
        readError,
      );
      return {
        id: String(me.user_id ?? me.id),
        username: me.username ?? null,
        displayName: me.name ?? null,
        avatarUrl: me.profile_picture_url ?? null,
        followerCount: me.followers_count ?? 0,
      };
    },
    publish: publishing.publish,
    lookup: publishing.lookup,
  };
}
