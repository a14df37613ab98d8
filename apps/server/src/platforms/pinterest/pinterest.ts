import { PLATFORM_SCOPES } from "@app/shared";
import { basicAuth, type ErrorReader, field, networkCall, oauthErrorReading } from "../http";
import { type NetworkContext, type PlatformAdapter, secondsFromNow, type TokenSet } from "../platform";
import { pinterestMetrics } from "./pinterest-metrics";
import { pinterestPublishing } from "./pinterest-publish";

/** Pinterest's answer to a pin made on its production host by an app on Trial access. */
const TRIAL_CODE = 29;
export const PINTEREST_TRIAL_MESSAGE =
  "Pinterest refused to create the pin on api.pinterest.com: apps on Trial access must use Pinterest's sandbox. Set PINTEREST_API_HOST=api-sandbox.pinterest.com, restart, and reconnect the Pinterest account (pins made there are visible only to you), or get Standard access from Pinterest.";

/** A 401 with this code is a scope the token lacks, not a dead token. */
const MISSING_SCOPE_CODE = 3;

/**
 * Pinterest's errors are `{code, message}`. A 401 means a dead token (code 2) or grant (code 283), except
 * with code 3: a missing scope, which renewing the token or reconnecting with the same scopes would not cure.
 */
export const readError: ErrorReader = (status, body) => {
  const oauth = oauthErrorReading(body);
  if (oauth) return oauth;
  const code = (body as { code?: unknown } | null)?.code;
  if (code === TRIAL_CODE) return { message: PINTEREST_TRIAL_MESSAGE, tokenRejected: false };
  return {
    message: field(body, "message") ?? `Pinterest answered ${status}`,
    tokenRejected: status === 401 && code !== MISSING_SCOPE_CODE,
    missingScope: status === 401 && code === MISSING_SCOPE_CODE,
  };
};

interface PinterestToken {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  refresh_token_expires_in?: number;
  scope?: string;
}

export function createPinterest(ctx: NetworkContext): PlatformAdapter {
  const publishing = pinterestPublishing(ctx, readError);
  const metrics = pinterestMetrics(ctx, readError);
  // Every v5 call, the token's too, goes to one host: a token of the API's sandbox works only there.
  const v5 = (path: string) => ctx.serverUrl(`https://${ctx.settings.pinterestApiHost}/v5/${path}`);
  const tokenUrl = v5("oauth/token");
  const auth = { authorization: basicAuth(ctx.clientId, ctx.clientSecret) };
  const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
  const toTokens = (t: PinterestToken): TokenSet => ({
    accessToken: t.access_token,
    refreshToken: t.refresh_token,
    expiresAt: secondsFromNow(t.expires_in, ctx.now()),
    refreshTokenExpiresAt: t.refresh_token_expires_in
      ? secondsFromNow(t.refresh_token_expires_in, ctx.now())
      : undefined,
    scopes: t.scope ?? null,
  });
  return {
    platform: "pinterest",
    usesPkce: false,
    sandbox: ctx.sandbox,
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(ctx.browserUrl("https://www.pinterest.com/oauth/"));
      url.search = new URLSearchParams({
        client_id: ctx.clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        state,
        scope: PLATFORM_SCOPES.pinterest.join(","),
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, redirectUri }) {
      return toTokens(
        await networkCall<PinterestToken>(
          tokenUrl,
          { headers: auth, form: { grant_type: "authorization_code", code, redirect_uri: redirectUri } },
          readError,
        ),
      );
    },
    refresh({ refreshToken }) {
      if (!refreshToken) return null;
      return networkCall<PinterestToken>(
        tokenUrl,
        { headers: auth, form: { grant_type: "refresh_token", refresh_token: refreshToken } },
        readError,
      ).then(toTokens);
    },
    async profile(accessToken) {
      const me = await networkCall<{
        id?: string;
        username: string;
        business_name?: string;
        profile_image?: string;
        follower_count?: number;
      }>(v5("user_account"), { headers: bearer(accessToken) }, readError);
      return {
        id: me.id ?? me.username,
        username: me.username,
        displayName: me.business_name ?? null,
        avatarUrl: me.profile_image ?? null,
        followerCount: me.follower_count ?? 0,
      };
    },
    async pinterestBoards(accessToken) {
      const r = await networkCall<{ items?: { id: string; name: string; pin_count?: number }[] }>(
        v5("boards?page_size=250"),
        { headers: bearer(accessToken) },
        readError,
      );
      return (r.items ?? []).map((b) => ({ id: b.id, name: b.name, pinCount: b.pin_count ?? 0 }));
    },
    publish: publishing.publish,
    lookup: publishing.lookup,
    postMetrics: metrics.postMetrics,
    accountMetrics: metrics.accountMetrics,
  };
}
