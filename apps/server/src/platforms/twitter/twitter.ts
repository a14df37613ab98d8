import { PLATFORM_SCOPES } from "@app/shared";
import { basicAuth, type ErrorReader, field, NetworkError, networkCall, oauthErrorReading } from "../http";
import { followersReading, lacksScope, orScope } from "../metrics";
import { type NetworkContext, type PlatformAdapter, secondsFromNow, type TokenSet } from "../platform";
import { twitterComments } from "./twitter-comments";
import { twitterMetrics } from "./twitter-metrics";
import { twitterPublishing } from "./twitter-publish";

/** X's bare 403 "Forbidden" means the token lacks a scope the endpoint needs. */
const MISSING_SCOPE =
  "X refused this request because the account did not give Orbitpost every permission it asks for. Reconnect the X account and allow all of them.";

const readError: ErrorReader = (status, body) => {
  const oauth = oauthErrorReading(body);
  if (oauth) return oauth;
  const missingScope = status === 403 && field(body, "detail") === "Forbidden";
  return {
    message: missingScope ? MISSING_SCOPE : (field(body, "detail") ?? field(body, "title") ?? `X answered ${status}`),
    tokenRejected: status === 401,
    missingScope,
  };
};

interface XUser {
  id: string;
  username: string;
  name?: string;
  profile_image_url?: string;
  public_metrics?: { followers_count?: number };
}

/** X answers a dead refresh token with invalid_request ("Value passed for the token was invalid."). */
const readRefreshError: ErrorReader = (status, body) => {
  const reading = readError(status, body);
  const error = field(body, "error");
  return { ...reading, tokenRejected: reading.tokenRejected || error === "invalid_request" };
};

interface XToken {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
}

export function createTwitter(ctx: NetworkContext): PlatformAdapter {
  const publishing = twitterPublishing(ctx, readError);
  const metrics = twitterMetrics(ctx, readError);
  const inbox = twitterComments(ctx, readError);
  const tokenUrl = ctx.serverUrl("https://api.x.com/2/oauth2/token");
  const toTokens = (t: XToken): TokenSet => ({
    accessToken: t.access_token,
    // X refresh tokens are single-use: the new one always replaces the old one.
    refreshToken: t.refresh_token ?? null,
    expiresAt: secondsFromNow(t.expires_in, ctx.now()),
    scopes: t.scope ?? null,
  });
  const auth = { authorization: basicAuth(ctx.clientId, ctx.clientSecret) };
  return {
    platform: "twitter",
    usesPkce: true,
    sandbox: ctx.sandbox,
    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(ctx.browserUrl("https://x.com/i/oauth2/authorize"));
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: ctx.clientId,
        redirect_uri: redirectUri,
        scope: PLATFORM_SCOPES.twitter.join(" "),
        state,
        code_challenge: codeChallenge ?? "",
        code_challenge_method: "S256",
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      const t = await networkCall<XToken>(
        tokenUrl,
        {
          headers: auth,
          form: {
            grant_type: "authorization_code",
            code,
            redirect_uri: redirectUri,
            code_verifier: codeVerifier ?? "",
          },
        },
        readError,
      );
      return toTokens(t);
    },
    refresh({ refreshToken }) {
      if (!refreshToken) return null;
      return networkCall<XToken>(
        tokenUrl,
        { headers: auth, form: { grant_type: "refresh_token", refresh_token: refreshToken, client_id: ctx.clientId } },
        readRefreshError,
      ).then(toTokens);
    },
    async profile(accessToken) {
      const me = (fields: string) =>
        networkCall<{ data: XUser }>(
          ctx.serverUrl(`https://api.x.com/2/users/me?user.fields=${fields}`),
          { headers: { authorization: `Bearer ${accessToken}` } },
          readError,
        );
      let data: XUser;
      try {
        ({ data } = await me("profile_image_url,public_metrics,verified"));
      } catch (err) {
        // The follower count is a nicety: a refusal of it (the app's access level) must not stop the connection.
        if (!(err instanceof NetworkError) || err.tokenRejected || err.transient || err.status < 400) throw err;
        ({ data } = await me("profile_image_url"));
      }
      return {
        id: data.id,
        username: data.username,
        displayName: data.name ?? null,
        avatarUrl: data.profile_image_url ?? null,
        followerCount: data.public_metrics?.followers_count ?? 0,
      };
    },
    publish: publishing.publish,
    lookup: publishing.lookup,
    postMetrics: metrics.postMetrics,
    comments: inbox.comments,
    mentions: inbox.mentions,
    replyToComment: inbox.replyToComment,
    findReply: inbox.findReply,
    firstComment: inbox.firstComment,
    findFirstComment: inbox.findFirstComment,
    moderateComment: inbox.moderateComment,
    /** X gives an account's followers; no account reach or profile views. */
    async accountMetrics(accessToken, t) {
      if (lacksScope(t?.scopes, "users.read") || lacksScope(t?.scopes, "tweet.read")) return followersReading("scope");
      const me = await orScope(() =>
        networkCall<{ data?: XUser }>(
          ctx.serverUrl("https://api.x.com/2/users/me?user.fields=public_metrics"),
          { headers: { authorization: `Bearer ${accessToken}` } },
          readError,
        ),
      );
      if (me === "scope") return followersReading("scope");
      return followersReading(me.data?.public_metrics?.followers_count);
    },
  };
}
