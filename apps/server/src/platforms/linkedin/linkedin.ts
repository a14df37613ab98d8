import { ACCOUNT_MESSAGES, type LinkedInOrganization, PLATFORM_SCOPES } from "@app/shared";
import { type ErrorReader, field, NetworkError, networkCall, oauthErrorReading } from "../http";
import { grantedScopes, type NetworkContext, type PlatformAdapter, secondsFromNow, type TokenSet } from "../platform";
import { linkedinComments } from "./linkedin-comments";
import { FOLLOWERS_SCOPE, linkedinMetrics } from "./linkedin-metrics";
import { linkedinPublishing } from "./linkedin-publish";

/** What the app says when LinkedIn no longer serves (or never served) the API version it is set to. */
export const versionRefused = (version: string) =>
  `LinkedIn no longer accepts API version ${version}. Set LINKEDIN_VERSION to a current version (YYYYMM) and restart.`;

/**
 * LinkedIn's error bodies. A 426 answers every /rest call alike while LINKEDIN_VERSION names a version LinkedIn
 * does not serve: no retry helps, only the setting does.
 */
const errorReader =
  (version: string): ErrorReader =>
  (status, body) => {
    if (status === 426) return { message: versionRefused(version), tokenRejected: false };
    return (
      oauthErrorReading(body) ?? {
        message: field(body, "message") ?? `LinkedIn answered ${status}`,
        tokenRejected: status === 401,
        // 403 ACCESS_DENIED ("Not enough permissions"): a scope the token lacks, or a page it does not administer.
        missingScope: status === 403,
      }
    );
  };

interface LinkedInToken {
  access_token: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  scope?: string;
}

export function createLinkedIn(ctx: NetworkContext): PlatformAdapter {
  const version = ctx.settings.linkedinVersion;
  const readError = errorReader(version);
  // Every /rest call names the API version it speaks.
  const REST_HEADERS = { "LinkedIn-Version": version, "X-Restli-Protocol-Version": "2.0.0" };
  const publishing = linkedinPublishing(ctx, REST_HEADERS, readError);
  const metrics = linkedinMetrics(ctx, REST_HEADERS, readError);
  const inbox = linkedinComments(ctx, REST_HEADERS, readError);
  const tokenUrl = ctx.serverUrl("https://www.linkedin.com/oauth/v2/accessToken");
  const toTokens = (t: LinkedInToken): TokenSet => ({
    accessToken: t.access_token,
    // Only apps approved for programmatic refresh receive one; keep any we already have otherwise.
    refreshToken: t.refresh_token,
    expiresAt: secondsFromNow(t.expires_in, ctx.now()),
    refreshTokenExpiresAt: t.refresh_token_expires_in
      ? secondsFromNow(t.refresh_token_expires_in, ctx.now())
      : undefined,
    scopes: t.scope ?? null,
  });
  const client = { client_id: ctx.clientId, client_secret: ctx.clientSecret };
  return {
    platform: "linkedin",
    usesPkce: false,
    sandbox: ctx.sandbox,
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(ctx.browserUrl("https://www.linkedin.com/oauth/v2/authorization"));
      url.search = new URLSearchParams({
        response_type: "code",
        client_id: ctx.clientId,
        redirect_uri: redirectUri,
        state,
        scope: [...PLATFORM_SCOPES.linkedin, ...(ctx.extraScopes ?? [])].join(" "),
      }).toString();
      return url.toString();
    },
    async exchangeCode({ code, redirectUri }) {
      const t = await networkCall<LinkedInToken>(
        tokenUrl,
        { form: { grant_type: "authorization_code", code, redirect_uri: redirectUri, ...client } },
        readError,
      );
      return toTokens(t);
    },
    refresh({ refreshToken }) {
      if (!refreshToken) return null;
      return networkCall<LinkedInToken>(
        tokenUrl,
        { form: { grant_type: "refresh_token", refresh_token: refreshToken, ...client } },
        readError,
      ).then(toTokens);
    },
    async profile(accessToken, tokens) {
      const bearer = { authorization: `Bearer ${accessToken}` };
      const me = await networkCall<{ sub: string; name?: string; email?: string; picture?: string }>(
        ctx.serverUrl("https://api.linkedin.com/v2/userinfo"),
        { headers: bearer },
        readError,
      );
      return {
        id: me.sub,
        username: me.email ?? null,
        displayName: me.name ?? null,
        avatarUrl: me.picture ?? null,
        email: me.email ?? null,
        followerCount: await followerCount(),
      };

      /**
       * The follower count is a statistic only apps with the analytics scope may read: asked for only when it was
       * granted, and 0 when LinkedIn still refuses it. A version LinkedIn does not serve is said at once, though:
       * publishing would fail the same way.
       */
      async function followerCount(): Promise<number> {
        if (!grantedScopes(tokens?.scopes).includes(FOLLOWERS_SCOPE)) return 0;
        try {
          return (await metrics.followers(accessToken)) ?? 0;
        } catch (err) {
          if (err instanceof NetworkError && (err.status === 426 || err.tokenRejected)) throw err;
          return 0;
        }
      }
    },
    async linkedinOrganizations(accessToken) {
      try {
        return await administeredOrganizations(
          ctx,
          { authorization: `Bearer ${accessToken}`, ...REST_HEADERS },
          readError,
        );
      } catch (err) {
        // Without the organization scopes LinkedIn refuses both calls with 403.
        if (err instanceof NetworkError && err.status === 403)
          throw new NetworkError(ACCOUNT_MESSAGES.organizationPermissions, 403, false, false);
        throw err;
      }
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
  };
}

const ACL_PAGE = 100;

/**
 * The organizations the member is an approved ADMINISTRATOR of (organizationAcls by roleAssignee), named by a
 * batch get of the organizations.
 */
async function administeredOrganizations(
  ctx: NetworkContext,
  headers: Record<string, string>,
  readError: ErrorReader,
): Promise<LinkedInOrganization[]> {
  const rest = (path: string) => ctx.serverUrl(`https://api.linkedin.com/rest/${path}`);
  const ids: string[] = [];
  for (let start = 0; start < 10 * ACL_PAGE; start += ACL_PAGE) {
    const acls = await networkCall<{ elements?: { organization?: string }[] }>(
      rest(`organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED&start=${start}&count=${ACL_PAGE}`),
      { headers },
      readError,
    );
    const elements = acls.elements ?? [];
    for (const e of elements) {
      const id = /^urn:li:organization:(\d+)$/.exec(e.organization ?? "")?.[1];
      if (id && !ids.includes(id)) ids.push(id);
    }
    if (elements.length < ACL_PAGE) break;
  }
  if (ids.length === 0) return [];
  // Rest.li 2.0 batch get: the list's parentheses and commas stay as they are.
  const batch = await networkCall<{ results?: Record<string, { localizedName?: string; vanityName?: string }> }>(
    rest(`organizations?ids=List(${ids.join(",")})`),
    { headers },
    readError,
  );
  return ids.map((id) => {
    const org = batch.results?.[id];
    return { id, name: org?.localizedName || org?.vanityName || `Organization ${id}` };
  });
}
