import { PLATFORM_SCOPES } from "@app/shared";
import { type ErrorReader, networkCall } from "../http";
import { followersReading, lacksScope, orScope } from "../metrics";
import { grantedScopes, type NetworkContext, type PlatformAdapter, secondsFromNow, type TokenSet } from "../platform";
import { facebookComments } from "./facebook-comments";
import { facebookMetrics } from "./facebook-metrics";
import { facebookPageTokens } from "./facebook-page-tokens";
import { facebookPageReader } from "./facebook-pages";
import { facebookPublishing } from "./facebook-publish";

export const GRAPH_VERSION = "v25.0";
const GRAPH = `https://graph.facebook.com/${GRAPH_VERSION}`;

/** Graph's throttling codes: app, user, page and business-use-case limits. */
export const GRAPH_THROTTLE_CODES = new Set([4, 17, 32, 613, 80001]);

/** Graph's permission errors: (#10) and (#200)–(#299), a permission the token was not granted. */
export const isGraphPermissionCode = (code: number | undefined) =>
  code !== undefined && (code === 10 || (code >= 200 && code <= 299));

/** Graph API errors: `{error:{message, code, error_subcode}}`; code 190 is a dead token. */
export const readGraphError: ErrorReader = (status, body) => {
  const e = (body as { error?: { message?: string; code?: number } } | null)?.error;
  return {
    message: e?.message ?? `Facebook answered ${status}`,
    tokenRejected: e?.code === 190,
    transient: e?.code !== undefined && GRAPH_THROTTLE_CODES.has(e.code),
    missingScope: isGraphPermissionCode(e?.code),
  };
};

interface GraphToken {
  access_token: string;
  expires_in?: number;
}

export function createFacebook(ctx: NetworkContext): PlatformAdapter {
  const pageTokens = facebookPageTokens(ctx, GRAPH, readGraphError);
  const publishing = facebookPublishing(ctx, GRAPH, readGraphError, pageTokens);
  const metrics = facebookMetrics(ctx, GRAPH, readGraphError, pageTokens);
  const inbox = facebookComments(ctx, GRAPH, readGraphError, pageTokens);
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
    return { accessToken: t.access_token, refreshToken: null, expiresAt: secondsFromNow(t.expires_in, ctx.now()) };
  };
  const pages = facebookPageReader(ctx, GRAPH, readGraphError);
  /** Facebook's token answers name no permissions: /me/permissions tells which the person granted. */
  const grantedTo = async (accessToken: string) => {
    const { data } = await networkCall<{ data?: { permission: string; status: string }[] }>(
      graph("/me/permissions", { access_token: accessToken }),
      {},
      readGraphError,
    );
    return (data ?? [])
      .filter((p) => p.status === "granted")
      .map((p) => p.permission)
      .join(",");
  };

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
      const long = await longLived(short.access_token);
      return { ...long, scopes: await grantedTo(long.accessToken) };
    },
    // Meta documents no server-side renewal of a long-lived user token (exchanging it again does not extend
    // it): about 60 days after connecting, the person must sign in again. The owner is warned before then.
    refresh: () => null,
    async profile(accessToken, t) {
      const me = await networkCall<{ id: string; name?: string; picture?: { data?: { url?: string } } }>(
        graph("/me", { fields: "id,name,picture", access_token: accessToken }),
        {},
        readGraphError,
      );
      return {
        id: me.id,
        username: null,
        displayName: me.name ?? null,
        avatarUrl: me.picture?.data?.url ?? null,
        followerCount: await pages.followers(accessToken, t?.scopes ? grantedScopes(t.scopes) : null),
      };
    },
    facebookPages: pages.pages,
    publish: publishing.publish,
    lookup: publishing.lookup,
    postMetrics: metrics.postMetrics,
    comments: inbox.comments,
    replyToComment: inbox.replyToComment,
    findReply: inbox.findReply,
    firstComment: inbox.firstComment,
    findFirstComment: inbox.findFirstComment,
    moderateComment: inbox.moderateComment,
    /**
     * Followers of the Pages the person manages (as the profile counts them). Page reach was among the
     * impressions metrics removed in November 2025; Pages have no profile views.
     */
    async accountMetrics(accessToken, t) {
      if (lacksScope(t?.scopes, "pages_read_engagement")) return followersReading("scope");
      return followersReading(await orScope(() => pages.followerTotal(accessToken)));
    },
  };
}
