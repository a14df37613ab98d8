import { PLATFORM_SCOPES } from "@app/shared";
import { type ErrorReader, networkCall, oauthErrorReading, refuse } from "../http";
import { grantedScopes, type NetworkContext, type PlatformAdapter, secondsFromNow, type TokenSet } from "../platform";
import { youtubeComments } from "./youtube-comments";
import { dailyLimitReading, reasonOf, YOUTUBE_READ_SCOPES } from "./youtube-limits";
import { youtubeMetrics } from "./youtube-metrics";
import { youtubePublishing } from "./youtube-publish";

/** Google errors: `{error:{code, message, errors:[…]}}`; on the token endpoint `{error, error_description}`. */
const readError: ErrorReader = (status, body) =>
  oauthErrorReading(body) ??
  dailyLimitReading(body) ?? {
    message:
      reasonOf(body) === "insufficientPermissions"
        ? MISSING_SCOPE
        : ((body as { error?: { message?: string } } | null)?.error?.message ?? `YouTube answered ${status}`),
    tokenRejected: status === 401,
    missingScope: reasonOf(body) === "insufficientPermissions",
  };

const MISSING_SCOPE =
  "YouTube refused this because the Google account did not give Orbitpost every permission it asks for. Reconnect the YouTube account and allow all of them.";

interface GoogleToken {
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  scope?: string;
}

export function createYouTube(ctx: NetworkContext): PlatformAdapter {
  const publishing = youtubePublishing(ctx, readError);
  const metrics = youtubeMetrics(ctx, readError);
  const inbox = youtubeComments(ctx, readError);
  const tokenUrl = ctx.serverUrl("https://oauth2.googleapis.com/token");
  const client = { client_id: ctx.clientId, client_secret: ctx.clientSecret };
  const toTokens = (t: GoogleToken): TokenSet => ({
    accessToken: t.access_token,
    // A refresh usually brings no new refresh token: undefined keeps the stored one.
    refreshToken: t.refresh_token,
    expiresAt: secondsFromNow(t.expires_in, ctx.now()),
    scopes: t.scope ?? null,
  });
  return {
    platform: "youtube",
    usesPkce: true,
    sandbox: ctx.sandbox,
    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const url = new URL(ctx.browserUrl("https://accounts.google.com/o/oauth2/v2/auth"));
      url.search = new URLSearchParams({
        client_id: ctx.clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: PLATFORM_SCOPES.youtube.join(" "),
        state,
        access_type: "offline",
        prompt: "consent",
        include_granted_scopes: "true",
        code_challenge: codeChallenge ?? "",
        code_challenge_method: "S256",
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, codeVerifier, redirectUri }) {
      return toTokens(
        await networkCall<GoogleToken>(
          tokenUrl,
          {
            form: {
              grant_type: "authorization_code",
              code,
              redirect_uri: redirectUri,
              code_verifier: codeVerifier ?? "",
              ...client,
            },
          },
          readError,
        ),
      );
    },
    refresh({ refreshToken }) {
      if (!refreshToken) return null;
      return networkCall<GoogleToken>(
        tokenUrl,
        { form: { grant_type: "refresh_token", refresh_token: refreshToken, ...client } },
        readError,
      ).then(toTokens);
    },
    async profile(accessToken, t) {
      // Google lets a person untick a permission: without a read scope the channel cannot be named.
      const granted = t?.scopes == null ? null : grantedScopes(t.scopes);
      if (granted && !granted.some((g) => YOUTUBE_READ_SCOPES.includes(g)))
        throw refuse(
          "Orbitpost needs to see your YouTube channel to connect it. Connect again and allow Orbitpost to view your YouTube account.",
          403,
        );
      const r = await networkCall<{
        items?: {
          id: string;
          snippet?: { title?: string; customUrl?: string; thumbnails?: { default?: { url?: string } } };
          statistics?: { subscriberCount?: string };
        }[];
      }>(
        ctx.serverUrl("https://www.googleapis.com/youtube/v3/channels?part=snippet,statistics&mine=true"),
        { headers: { authorization: `Bearer ${accessToken}` } },
        readError,
      );
      const channel = r.items?.[0];
      if (!channel) throw new Error("This Google account has no YouTube channel.");
      return {
        id: channel.id,
        username: channel.snippet?.customUrl ?? null,
        displayName: channel.snippet?.title ?? null,
        avatarUrl: channel.snippet?.thumbnails?.default?.url ?? null,
        followerCount: Number(channel.statistics?.subscriberCount ?? 0) || 0,
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
