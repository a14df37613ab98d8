import { PLATFORM_SCOPES, TIKTOK_PRIVACY_LEVELS, type TiktokPrivacy } from "@app/shared";
import { type ErrorReader, NetworkError, networkCall, oauthErrorReading } from "../http";
import { grantedScopes, type NetworkContext, type PlatformAdapter, secondsFromNow, type TokenSet } from "../platform";
import { tiktokMetrics } from "./tiktok-metrics";
import { tiktokPublishing } from "./tiktok-publish";

/** TikTok API errors: `{data:{}, error:{code, message, log_id}}`. */
const readError: ErrorReader = (status, body) => {
  const oauth = oauthErrorReading(body);
  if (oauth) return oauth;
  const e = (body as { error?: { code?: string; message?: string } } | null)?.error;
  return {
    message: e?.message || e?.code || `TikTok answered ${status}`,
    tokenRejected: e?.code === "access_token_invalid",
    missingScope: e?.code === "scope_not_authorized",
  };
};

const isPrivacy = (level: string): level is TiktokPrivacy =>
  (TIKTOK_PRIVACY_LEVELS as readonly string[]).includes(level);

interface TikTokToken {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  refresh_expires_in?: number;
  open_id?: string;
  scope?: string;
}

export function createTikTok(ctx: NetworkContext): PlatformAdapter {
  const publishing = tiktokPublishing(ctx, readError);
  const metrics = tiktokMetrics(ctx, readError);
  const tokenUrl = ctx.serverUrl("https://open.tiktokapis.com/v2/oauth/token/");
  // TikTok names the client "client_key", not "client_id".
  const client = { client_key: ctx.clientId, client_secret: ctx.clientSecret };
  const toTokens = (t: TikTokToken): TokenSet => {
    // TikTok may answer a refused grant with a 200 that carries `error` and no token.
    if (!t.access_token) throw new NetworkError(`TikTok returned no access token`, 200, false, true);
    return {
      accessToken: t.access_token,
      refreshToken: t.refresh_token ?? null,
      expiresAt: secondsFromNow(t.expires_in, ctx.now()),
      refreshTokenExpiresAt: secondsFromNow(t.refresh_expires_in, ctx.now()),
      scopes: t.scope ?? null,
      accountId: t.open_id,
    };
  };
  return {
    platform: "tiktok",
    usesPkce: false,
    sandbox: ctx.sandbox,
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(ctx.browserUrl("https://www.tiktok.com/v2/auth/authorize/"));
      url.search = new URLSearchParams({
        client_key: ctx.clientId,
        scope: PLATFORM_SCOPES.tiktok.join(","),
        response_type: "code",
        redirect_uri: redirectUri,
        state,
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, redirectUri }) {
      return toTokens(
        await networkCall<TikTokToken>(
          tokenUrl,
          { form: { ...client, code, grant_type: "authorization_code", redirect_uri: redirectUri } },
          readError,
        ),
      );
    },
    refresh({ refreshToken }) {
      if (!refreshToken) return null;
      return networkCall<TikTokToken>(
        tokenUrl,
        { form: { ...client, grant_type: "refresh_token", refresh_token: refreshToken } },
        readError,
      ).then(toTokens);
    },
    async profile(accessToken, t) {
      // Each field needs its scope, and asking for one not granted refuses the whole call: the username
      // and the follower count (optional) are asked only when their scope was granted.
      const granted = new Set(grantedScopes(t?.scopes));
      const fields = [
        "open_id",
        "avatar_url",
        "display_name",
        ...(granted.has("user.info.profile") ? ["username"] : []),
        ...(granted.has("user.info.stats") ? ["follower_count"] : []),
      ];
      const r = await networkCall<{
        data?: {
          user?: {
            open_id: string;
            username?: string;
            display_name?: string;
            avatar_url?: string;
            follower_count?: number;
          };
        };
      }>(
        ctx.serverUrl(`https://open.tiktokapis.com/v2/user/info/?fields=${fields.join(",")}`),
        { headers: { authorization: `Bearer ${accessToken}` } },
        readError,
      );
      const u = r.data?.user;
      if (!u) throw new Error("TikTok returned no user");
      return {
        id: u.open_id,
        username: u.username ?? null,
        displayName: u.display_name ?? null,
        avatarUrl: u.avatar_url ?? null,
        followerCount: u.follower_count ?? 0,
      };
    },
    tiktokCreator: async (accessToken) => {
      const c = await publishing.creatorInfo(accessToken);
      return {
        username: c.creator_username ?? null,
        nickname: c.creator_nickname ?? null,
        privacyLevels: (c.privacy_level_options ?? []).filter(isPrivacy),
        commentDisabled: c.comment_disabled === true,
        duetDisabled: c.duet_disabled === true,
        stitchDisabled: c.stitch_disabled === true,
        maxVideoSeconds: c.max_video_post_duration_sec ?? null,
      };
    },
    publish: publishing.publish,
    lookup: publishing.lookup,
    postMetrics: metrics.postMetrics,
    accountMetrics: metrics.accountMetrics,
  };
}
