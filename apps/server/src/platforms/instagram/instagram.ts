import { PLATFORM_SCOPES } from "@app/shared";
import { GRAPH_THROTTLE_CODES, GRAPH_VERSION, isGraphPermissionCode } from "../facebook/facebook";
import { type ErrorReader, NetworkError, networkCall, oauthErrorReading } from "../http";
import { type NetworkContext, type PlatformAdapter, secondsFromNow, type TokenSet } from "../platform";
import { instagramComments } from "./instagram-comments";
import { instagramMetrics } from "./instagram-metrics";
import { instagramPublishing } from "./instagram-publish";

const readError: ErrorReader = (status, body) => {
  const oauth = oauthErrorReading(body);
  if (oauth) return oauth;
  const e = (body as { error?: { message?: string; code?: number }; error_message?: string } | null) ?? {};
  return {
    message: e.error?.message ?? e.error_message ?? `Instagram answered ${status}`,
    tokenRejected: e.error?.code === 190,
    transient: e.error?.code !== undefined && GRAPH_THROTTLE_CODES.has(e.error.code),
    missingScope: isGraphPermissionCode(e.error?.code),
  };
};

interface ShortToken {
  access_token: string;
  user_id?: string | number;
  /** the permissions granted: a comma-separated string, or a list */
  permissions?: string | string[];
}

interface Me {
  user_id?: string | number;
  id?: string;
  username?: string;
  name?: string;
  profile_picture_url?: string;
  followers_count?: number;
}

/** Instagram Login (professional accounts), hosts graph.instagram.com and api.instagram.com. */
export function createInstagram(ctx: NetworkContext): PlatformAdapter {
  const graphBase = `https://graph.instagram.com/${GRAPH_VERSION}`;
  const publishing = instagramPublishing(ctx, graphBase, readError);
  const metrics = instagramMetrics(ctx, graphBase, readError);
  const inbox = instagramComments(ctx, graphBase, readError);
  const graph = (path: string, params: Record<string, string>) =>
    `${ctx.serverUrl(`https://graph.instagram.com${path}`)}?${new URLSearchParams(params)}`;
  const toTokens = (t: { access_token: string; expires_in?: number }): TokenSet => ({
    accessToken: t.access_token,
    refreshToken: null,
    expiresAt: secondsFromNow(t.expires_in, ctx.now()),
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
      const granted = Array.isArray(short.permissions) ? short.permissions.join(",") : short.permissions;
      return {
        ...toTokens(long),
        accountId: short.user_id === undefined ? undefined : String(short.user_id),
        ...(granted !== undefined && { scopes: granted }),
      };
    },
    refresh({ accessToken }) {
      return networkCall<{ access_token: string; expires_in?: number }>(
        graph("/refresh_access_token", { grant_type: "ig_refresh_token", access_token: accessToken }),
        {},
        readError,
      ).then(toTokens);
    },
    async profile(accessToken) {
      const me = (fields: string) =>
        networkCall<Me>(graph("/me", { fields, access_token: accessToken }), {}, readError);
      const basic = "user_id,username,name,profile_picture_url";
      // The follower count is an optional read: when Instagram refuses it, the account connects without it.
      const profile = await me(`${basic},followers_count`).catch((err: unknown) => {
        if (err instanceof NetworkError && !err.tokenRejected && !err.transient) return me(basic);
        throw err;
      });
      return {
        id: String(profile.user_id ?? profile.id),
        username: profile.username ?? null,
        displayName: profile.name ?? null,
        avatarUrl: profile.profile_picture_url ?? null,
        followerCount: profile.followers_count ?? 0,
      };
    },
    publish: publishing.publish,
    lookup: publishing.lookup,
    postMetrics: metrics.postMetrics,
    accountMetrics: metrics.accountMetrics,
    comments: inbox.comments,
    replyToComment: inbox.replyToComment,
    findReply: inbox.findReply,
    firstComment: inbox.firstComment,
    findFirstComment: inbox.findFirstComment,
    moderateComment: inbox.moderateComment,
  };
}
