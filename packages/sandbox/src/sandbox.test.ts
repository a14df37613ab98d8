import { createHash } from "node:crypto";
import type { Platform } from "@app/shared";
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SANDBOX_CLIENT_SECRET, sandboxClientId } from "./kit";
import { followersOn } from "./metrics";
import { type Person, personOf } from "./people";
import { createSandbox, NETWORKS, type SandboxControl } from "./sandbox";
import { createTokenStore } from "./tokens";

type Res = LightMyRequestResponse;

// ---------------------------------------------------------------------------------------------
// A bare Fastify app serving the sandbox under /sandbox, with a clock the tests move.
// ---------------------------------------------------------------------------------------------

const START = Date.parse("2026-11-22T12:00:00Z");
const SECRET = "sandbox-test-secret";
const ASSETS = "https://assets.example";
let clock = START;
/** A person's followers on the sandbox's day: where X, YouTube, TikTok and Pinterest report them from. */
const followersNow = (p: Person) =>
  followersOn(p.platform, p.id, p.followers, new Date(clock).toISOString().slice(0, 10));
const advance = (seconds: number) => {
  clock += seconds * 1000;
};

let app: FastifyInstance;
let control: SandboxControl;

async function serve(secret = SECRET) {
  const sandbox = createSandbox({
    now: () => new Date(clock),
    secret,
    assetBase: ASSETS,
    redirectUris: () => [REDIRECT],
  });
  const server = Fastify();
  await server.register(sandbox.plugin, { prefix: "/sandbox" });
  await server.ready();
  return { server, control: sandbox.control };
}

beforeEach(async () => {
  clock = START;
  ({ server: app, control } = await serve());
});

afterEach(async () => {
  await app.close();
});

// ---------------------------------------------------------------------------------------------
// Request helpers
// ---------------------------------------------------------------------------------------------

const REDIRECT = "https://app.example/auth/callback";
const STATE = "state-42";
const VERIFIER = "a-pkce-verifier-of-forty-three-characters-or-more-0123456789";
/** RFC 7636 S256, computed here rather than with the sandbox's own helper */
const challengeOf = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

const SCOPES: Record<Platform, string> = {
  twitter: "tweet.read users.read tweet.write offline.access",
  linkedin: "openid profile email w_member_social",
  facebook: "pages_show_list,pages_manage_posts,pages_read_engagement",
  instagram: "instagram_business_basic,instagram_business_content_publish",
  pinterest: "boards:read,pins:write,user_accounts:read",
  tiktok: "user.info.basic,user.info.stats,video.publish",
  youtube: "https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly",
};

const id = (platform: Platform) => sandboxClientId(platform);
const basic = (platform: Platform, secret = SANDBOX_CLIENT_SECRET) =>
  `Basic ${Buffer.from(`${id(platform)}:${secret}`).toString("base64")}`;
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const post = (url: string, fields: Record<string, string | undefined>, headers: Record<string, string> = {}) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) body.set(k, v);
  return app.inject({
    method: "POST",
    url: `/sandbox/${url}`,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    payload: body.toString(),
  });
};

const get = (url: string, query: Record<string, string | undefined> = {}, headers: Record<string, string> = {}) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) q.set(k, v);
  return app.inject({ method: "GET", url: `/sandbox/${url}${q.size ? `?${q}` : ""}`, headers });
};

/** The authorize URL an app would send the person to; `null` drops a parameter. */
function authorizeUrl(platform: Platform, overrides: Record<string, string | null> = {}) {
  const def = NETWORKS[platform];
  const params: Record<string, string | null> = {
    [def.clientParam]: id(platform),
    response_type: "code",
    redirect_uri: REDIRECT,
    scope: SCOPES[platform],
    state: STATE,
    ...(def.pkce !== "none" && { code_challenge: challengeOf(VERIFIER), code_challenge_method: "S256" }),
    ...overrides,
  };
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null) q.set(k, v);
  return `/sandbox/${platform}/${def.authorizePath}?${q}`;
}

/** Answers the consent page like a person would. */
const answerConsent = (
  platform: Platform,
  form: Record<string, string>,
  overrides: Record<string, string | null> = {},
) =>
  app.inject({
    method: "POST",
    url: authorizeUrl(platform, overrides),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(form).toString(),
  });

async function codeFor(platform: Platform, username = "alice", overrides: Record<string, string | null> = {}) {
  const res = await answerConsent(platform, { approve: "1", username }, overrides);
  expect(res.statusCode, res.body).toBe(302);
  const code = new URL(res.headers.location as string).searchParams.get("code");
  expect(code).toBeTruthy();
  return code as string;
}

interface Refusal {
  status: number;
  body: Record<string, unknown>;
}

function expectRefused(res: Res, refusal: Refusal) {
  expect(res.statusCode, res.body).toBe(refusal.status);
  expect(res.json()).toMatchObject(refusal.body);
}

// ---------------------------------------------------------------------------------------------
// The seven networks, as a client sees them
// ---------------------------------------------------------------------------------------------

interface Grant {
  access: string;
  refresh?: string;
}

interface ExchangeOptions {
  verifier?: string;
  secret?: string;
  redirectUri?: string;
}

interface NetworkCase {
  platform: Platform;
  /** redeems an authorization code at the token endpoint, with the right client, verifier and redirect unless told */
  exchange(code: string, o?: ExchangeOptions): Promise<Res>;
  /** the tokens of a successful exchange */
  grant(res: Res): Grant;
  /** the network's way of renewing: a refresh grant, or Meta's long-lived token exchange */
  renew(grant: Grant): Promise<Res>;
  /** whether renewing spends the refresh token */
  rotates: boolean;
  /** the profile call that gives the follower count */
  profile(access: string): Promise<Res>;
  expectProfile(res: Res, person: Person): void;
  refused: {
    /** a spent, expired or unknown code */
    code: Refusal;
    redirect?: Refusal;
    verifier?: Refusal;
    client: Refusal;
    /** the profile call with an expired access token */
    expired: Refusal;
    /** renewing after the person revoked the app */
    renewal: Refusal;
    /** what failNext({status: 503}) and throttleNext answer */
    unavailable: Refusal;
    throttled: Refusal;
  };
}

const twitter: NetworkCase = {
  platform: "twitter",
  exchange: (code, o = {}) =>
    post(
      "twitter/api.x.com/2/oauth2/token",
      {
        grant_type: "authorization_code",
        code,
        redirect_uri: o.redirectUri ?? REDIRECT,
        code_verifier: o.verifier ?? VERIFIER,
      },
      { authorization: basic("twitter", o.secret) },
    ),
  grant: (res) => ({ access: res.json().access_token, refresh: res.json().refresh_token }),
  renew: (g) =>
    post(
      "twitter/api.x.com/2/oauth2/token",
      { grant_type: "refresh_token", refresh_token: g.refresh },
      { authorization: basic("twitter") },
    ),
  rotates: true,
  profile: (access) =>
    get("twitter/api.x.com/2/users/me", { "user.fields": "profile_image_url,public_metrics" }, bearer(access)),
  expectProfile(res, p) {
    expect(res.json().data).toMatchObject({
      id: p.id,
      username: p.username,
      public_metrics: { followers_count: followersNow(p), following_count: p.following, tweet_count: p.posts },
    });
  },
  refused: {
    code: { status: 400, body: { error: "invalid_request" } },
    client: { status: 401, body: { error: "unauthorized_client" } },
    expired: { status: 401, body: { title: "Unauthorized", status: 401 } },
    renewal: { status: 400, body: { error: "invalid_request" } },
    unavailable: { status: 503, body: { title: "Service Unavailable", status: 503 } },
    throttled: {
      status: 429,
      body: { title: "Too Many Requests", type: "https://api.x.com/2/problems/rate-limit-exceeded" },
    },
  },
};

const linkedin: NetworkCase = {
  platform: "linkedin",
  exchange: (code, o = {}) =>
    post("linkedin/www.linkedin.com/oauth/v2/accessToken", {
      grant_type: "authorization_code",
      code,
      redirect_uri: o.redirectUri ?? REDIRECT,
      client_id: id("linkedin"),
      client_secret: o.secret ?? SANDBOX_CLIENT_SECRET,
    }),
  grant: (res) => ({ access: res.json().access_token, refresh: res.json().refresh_token }),
  renew: (g) =>
    post("linkedin/www.linkedin.com/oauth/v2/accessToken", {
      grant_type: "refresh_token",
      refresh_token: g.refresh,
      client_id: id("linkedin"),
      client_secret: SANDBOX_CLIENT_SECRET,
    }),
  rotates: false,
  // The follower count needs r_member_profileAnalytics, which sign-in and sharing do not give: see below.
  profile: (access) => get("linkedin/api.linkedin.com/v2/userinfo", {}, bearer(access)),
  expectProfile(res, p) {
    expect(res.json()).toMatchObject({ sub: p.id, name: p.name });
  },
  refused: {
    code: { status: 400, body: { error: "invalid_request" } },
    client: { status: 401, body: { error: "invalid_client" } },
    expired: { status: 401, body: { status: 401, serviceErrorCode: 65602, code: "EXPIRED_ACCESS_TOKEN" } },
    renewal: { status: 400, body: { error: "invalid_grant" } },
    unavailable: { status: 503, body: { status: 503, message: "Internal Server Error" } },
    throttled: { status: 429, body: { status: 429 } },
  },
};

const FB = "facebook/graph.facebook.com/v25.0";
const facebook: NetworkCase = {
  platform: "facebook",
  exchange: (code, o = {}) =>
    get(`${FB}/oauth/access_token`, {
      client_id: id("facebook"),
      client_secret: o.secret ?? SANDBOX_CLIENT_SECRET,
      redirect_uri: o.redirectUri ?? REDIRECT,
      code,
    }),
  grant: (res) => ({ access: res.json().access_token }),
  renew: (g) =>
    get(`${FB}/oauth/access_token`, {
      grant_type: "fb_exchange_token",
      client_id: id("facebook"),
      client_secret: SANDBOX_CLIENT_SECRET,
      fb_exchange_token: g.access,
    }),
  rotates: false,
  profile: (access) => get(`${FB}/me/accounts`, { access_token: access, fields: "id,name,followers_count" }),
  expectProfile(res, p) {
    const pages = res.json().data;
    expect(pages).toHaveLength(2);
    expect(pages[0]).toMatchObject({ name: `${p.name} Studio`, followers_count: Math.round(p.followers / 2) });
    expect(pages[1]).toMatchObject({ name: `${p.name} Shop`, followers_count: Math.round(p.followers / 3) });
  },
  refused: {
    code: { status: 400, body: { error: { type: "OAuthException", code: 100, error_subcode: 36009 } } },
    redirect: { status: 400, body: { error: { code: 100, error_subcode: 36008 } } },
    client: { status: 400, body: { error: { message: "Error validating client secret.", code: 1 } } },
    expired: { status: 400, body: { error: { type: "OAuthException", code: 190, error_subcode: 463 } } },
    renewal: { status: 400, body: { error: { code: 190, error_subcode: 458 } } },
    unavailable: { status: 503, body: { error: { code: 2 } } },
    throttled: { status: 429, body: { error: { code: 4 } } },
  },
};

const instagram: NetworkCase = {
  platform: "instagram",
  exchange: (code, o = {}) =>
    post("instagram/api.instagram.com/oauth/access_token", {
      client_id: id("instagram"),
      client_secret: o.secret ?? SANDBOX_CLIENT_SECRET,
      grant_type: "authorization_code",
      redirect_uri: o.redirectUri ?? REDIRECT,
      code,
    }),
  grant: (res) => ({ access: res.json().data[0].access_token }),
  // the short-lived token is exchanged for a long-lived one, as with Facebook
  renew: (g) =>
    get("instagram/graph.instagram.com/access_token", {
      grant_type: "ig_exchange_token",
      client_secret: SANDBOX_CLIENT_SECRET,
      access_token: g.access,
    }),
  rotates: false,
  profile: (access) =>
    get("instagram/graph.instagram.com/me", {
      access_token: access,
      fields: "user_id,username,followers_count,follows_count,media_count",
    }),
  expectProfile(res, p) {
    expect(res.json()).toMatchObject({
      user_id: p.id,
      username: p.username,
      followers_count: followersNow(p),
      follows_count: p.following,
      media_count: p.posts,
    });
  },
  refused: {
    code: { status: 400, body: { error_type: "OAuthException", error_message: "Invalid authorization code" } },
    redirect: { status: 400, body: { error_message: "Error validating verification code." } },
    client: { status: 400, body: { error_message: "Invalid platform app" } },
    expired: { status: 400, body: { error: { code: 190, error_subcode: 463 } } },
    renewal: { status: 400, body: { error: { code: 190, error_subcode: 458 } } },
    unavailable: { status: 503, body: { error: { code: 2 } } },
    throttled: { status: 429, body: { error: { code: 4 } } },
  },
};

const pinterest: NetworkCase = {
  platform: "pinterest",
  exchange: (code, o = {}) =>
    post(
      "pinterest/api.pinterest.com/v5/oauth/token",
      { grant_type: "authorization_code", code, redirect_uri: o.redirectUri ?? REDIRECT },
      { authorization: basic("pinterest", o.secret) },
    ),
  grant: (res) => ({ access: res.json().access_token, refresh: res.json().refresh_token }),
  renew: (g) =>
    post(
      "pinterest/api.pinterest.com/v5/oauth/token",
      { grant_type: "refresh_token", refresh_token: g.refresh },
      { authorization: basic("pinterest") },
    ),
  rotates: false,
  profile: (access) => get("pinterest/api.pinterest.com/v5/user_account", {}, bearer(access)),
  expectProfile(res, p) {
    expect(res.json()).toMatchObject({
      id: p.id,
      username: p.username,
      follower_count: followersNow(p),
      following_count: p.following,
    });
  },
  refused: {
    code: { status: 401, body: { code: 283 } },
    client: { status: 401, body: { code: 2 } },
    expired: { status: 401, body: { code: 2, message: "Authentication failed." } },
    renewal: { status: 401, body: { code: 283 } },
    unavailable: { status: 503, body: { code: 1 } },
    throttled: { status: 429, body: { code: 8 } },
  },
};

const tiktok: NetworkCase = {
  platform: "tiktok",
  exchange: (code, o = {}) =>
    post("tiktok/open.tiktokapis.com/v2/oauth/token/", {
      client_key: id("tiktok"),
      client_secret: o.secret ?? SANDBOX_CLIENT_SECRET,
      grant_type: "authorization_code",
      code,
      redirect_uri: o.redirectUri ?? REDIRECT,
      code_verifier: o.verifier ?? VERIFIER,
    }),
  grant: (res) => ({ access: res.json().access_token, refresh: res.json().refresh_token }),
  renew: (g) =>
    post("tiktok/open.tiktokapis.com/v2/oauth/token/", {
      client_key: id("tiktok"),
      client_secret: SANDBOX_CLIENT_SECRET,
      grant_type: "refresh_token",
      refresh_token: g.refresh,
    }),
  rotates: true,
  profile: (access) =>
    get(
      "tiktok/open.tiktokapis.com/v2/user/info/",
      { fields: "open_id,display_name,follower_count,following_count" },
      bearer(access),
    ),
  expectProfile(res, p) {
    expect(res.json()).toMatchObject({
      data: { user: { open_id: p.id, follower_count: followersNow(p), following_count: p.following } },
      error: { code: "ok" },
    });
    // only the fields asked for
    expect(res.json().data.user).not.toHaveProperty("video_count");
  },
  refused: {
    code: { status: 400, body: { error: "invalid_grant" } },
    client: { status: 401, body: { error: "invalid_client" } },
    expired: { status: 401, body: { error: { code: "access_token_invalid" } } },
    renewal: { status: 400, body: { error: "invalid_grant" } },
    unavailable: { status: 503, body: { error: { code: "internal_error" } } },
    throttled: { status: 429, body: { error: { code: "rate_limit_exceeded" } } },
  },
};

const youtube: NetworkCase = {
  platform: "youtube",
  exchange: (code, o = {}) =>
    post("youtube/oauth2.googleapis.com/token", {
      client_id: id("youtube"),
      client_secret: o.secret ?? SANDBOX_CLIENT_SECRET,
      grant_type: "authorization_code",
      code,
      redirect_uri: o.redirectUri ?? REDIRECT,
      code_verifier: o.verifier ?? VERIFIER,
    }),
  grant: (res) => ({ access: res.json().access_token, refresh: res.json().refresh_token }),
  renew: (g) =>
    post("youtube/oauth2.googleapis.com/token", {
      client_id: id("youtube"),
      client_secret: SANDBOX_CLIENT_SECRET,
      grant_type: "refresh_token",
      refresh_token: g.refresh,
    }),
  rotates: false,
  profile: (access) =>
    get("youtube/www.googleapis.com/youtube/v3/channels", { part: "snippet,statistics", mine: "true" }, bearer(access)),
  expectProfile(res, p) {
    const [channel] = res.json().items;
    expect(channel).toMatchObject({
      id: p.id,
      snippet: { title: p.name, customUrl: `@${p.username}` },
      statistics: { subscriberCount: String(followersNow(p)) },
    });
  },
  refused: {
    code: { status: 400, body: { error: "invalid_grant" } },
    redirect: { status: 400, body: { error: "redirect_uri_mismatch" } },
    verifier: { status: 400, body: { error: "invalid_grant", error_description: "Invalid code verifier." } },
    client: { status: 401, body: { error: "invalid_client" } },
    expired: { status: 401, body: { error: { code: 401, status: "UNAUTHENTICATED" } } },
    renewal: { status: 400, body: { error: "invalid_grant" } },
    unavailable: { status: 503, body: { error: { code: 503, status: "UNAVAILABLE" } } },
    throttled: { status: 429, body: { error: { code: 429, status: "RESOURCE_EXHAUSTED" } } },
  },
};

const CASES: NetworkCase[] = [twitter, linkedin, facebook, instagram, pinterest, tiktok, youtube];
const PKCE_CASES = CASES.filter((c) => NETWORKS[c.platform].pkce !== "none");

/** Consent, code exchange: the tokens of a fresh connection. */
async function connect(c: NetworkCase, username = "alice"): Promise<Grant> {
  const res = await c.exchange(await codeFor(c.platform, username));
  expect(res.statusCode, res.body).toBe(200);
  const grant = c.grant(res);
  expect(grant.access).toEqual(expect.any(String));
  return grant;
}

async function expectProfileOf(c: NetworkCase, access: string, username = "alice") {
  const res = await c.profile(access);
  expect(res.statusCode, res.body).toBe(200);
  c.expectProfile(res, personOf(c.platform, username));
}

// ---------------------------------------------------------------------------------------------
// Consent page
// ---------------------------------------------------------------------------------------------

describe.each(CASES.map((c) => c.platform))("%s consent page", (platform) => {
  const def = NETWORKS[platform];

  it("renders a sign-in form listing the requested scopes", async () => {
    const res = await app.inject({ method: "GET", url: authorizeUrl(platform) });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.body).toContain(`Sign in to ${def.label} (sandbox)`);
    expect(res.body).toContain('<form method="post">');
    expect(res.body).toContain('name="username"');
    expect(res.body).toContain('name="approve" value="1"');
    expect(res.body).toContain('name="approve" value="0"');
    const scopes = SCOPES[platform].split(def.scopeSeparator);
    for (const scope of scopes) expect(res.body).toContain(`<li>${scope}</li>`);
    expect(res.body.match(/<li>/g)).toHaveLength(scopes.length);
  });

  it("approving redirects to redirect_uri with a code and the state", async () => {
    const res = await answerConsent(platform, { approve: "1", username: "alice" });
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    const back = new URL(location);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get("state")).toBe(STATE);
    expect(back.searchParams.get("code")).toMatch(/^sbxc\./);
    expect(back.searchParams.has("error")).toBe(false);
    // Instagram appends `#_` to its redirects; the others add nothing
    expect(back.hash).toBe(platform === "instagram" ? "#_" : "");
  });

  it("cancelling redirects with error=access_denied and the state, without a code", async () => {
    const res = await answerConsent(platform, { approve: "0", username: "" });
    expect(res.statusCode).toBe(302);
    const back = new URL(res.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe(STATE);
    expect(back.searchParams.has("code")).toBe(false);
  });

  it("leaves state out of the redirect when the request had none", async () => {
    const res = await answerConsent(platform, { approve: "1", username: "alice" }, { state: null });
    expect(new URL(res.headers.location as string).searchParams.has("state")).toBe(false);
  });

  it("refuses an unknown client, both when showing and when answering", async () => {
    const wrong = { [def.clientParam]: "someone-else" };
    const shown = await app.inject({ method: "GET", url: authorizeUrl(platform, wrong) });
    expect(shown.statusCode).toBe(400);
    expect(shown.body).toContain(`Invalid ${def.clientParam}.`);
    expect(shown.body).not.toContain("<form");
    const answered = await answerConsent(platform, { approve: "1", username: "alice" }, wrong);
    expect(answered.statusCode).toBe(400);
    expect(answered.headers.location).toBeUndefined();
  });

  it.each([
    ["missing", null],
    ["not a URL", "not a url"],
    ["not http(s)", "javascript:alert(1)"],
    ["not registered for the app", "https://attacker.example/auth/callback"],
    ["registered, but on another path", "https://app.example/auth/callback/../steal"],
    ["registered, with a query added", `${REDIRECT}?next=https://attacker.example`],
  ])("refuses a redirect_uri that is %s", async (_, redirectUri) => {
    const res = await app.inject({ method: "GET", url: authorizeUrl(platform, { redirect_uri: redirectUri }) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("redirect_uri");
    const answered = await answerConsent(platform, { approve: "1", username: "alice" }, { redirect_uri: redirectUri });
    expect(answered.statusCode).toBe(400);
    expect(answered.headers.location).toBeUndefined();
  });

  it("refuses response_type other than code and a missing scope", async () => {
    const token = await app.inject({ method: "GET", url: authorizeUrl(platform, { response_type: "token" }) });
    expect(token.statusCode).toBe(400);
    expect(token.body).toContain("Unsupported response_type");
    const noScope = await app.inject({ method: "GET", url: authorizeUrl(platform, { scope: null }) });
    expect(noScope.statusCode).toBe(400);
    expect(noScope.body).toContain("scope parameter is missing");
  });

  it("shows the form again, with an error, for an impossible username", async () => {
    const res = await answerConsent(platform, { approve: "1", username: "<bad name>" });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('role="alert"');
    expect(res.body).toContain('value="&lt;bad name&gt;"');
    expect(res.body).not.toContain("<bad name>");
  });
});

describe("consent page PKCE rules", () => {
  it("X refuses an authorize request without code_challenge", async () => {
    const url = authorizeUrl("twitter", { code_challenge: null, code_challenge_method: null });
    const res = await app.inject({ method: "GET", url });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("PKCE is required");
    const answered = await answerConsent(
      "twitter",
      { approve: "1", username: "alice" },
      { code_challenge: null, code_challenge_method: null },
    );
    expect(answered.statusCode).toBe(400);
    expect(answered.headers.location).toBeUndefined();
  });

  it.each(["tiktok", "youtube"] as const)("%s accepts a request without PKCE (it is optional)", async (platform) => {
    const code = await codeFor(platform, "alice", { code_challenge: null, code_challenge_method: null });
    const c = platform === "tiktok" ? tiktok : youtube;
    const res = await c.exchange(code, { verifier: "" });
    expect(res.statusCode, res.body).toBe(200);
  });

  it.each(PKCE_CASES.map((c) => c.platform))("%s refuses the plain code_challenge_method", async (platform) => {
    const res = await app.inject({ method: "GET", url: authorizeUrl(platform, { code_challenge_method: "plain" }) });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("S256");
  });
});

// ---------------------------------------------------------------------------------------------
// Token endpoints and profiles, per network
// ---------------------------------------------------------------------------------------------

describe.each(CASES)("$platform tokens and profile", (c) => {
  it("exchanges a code for an access token that reads the profile with its follower count", async () => {
    const grant = await connect(c, "alice");
    await expectProfileOf(c, grant.access, "alice");
    // another person gets another, equally stable account
    const other = await connect(c, "bob");
    await expectProfileOf(c, other.access, "bob");
    expect(personOf(c.platform, "bob").id).not.toBe(personOf(c.platform, "alice").id);
  });

  it("a code works once", async () => {
    const code = await codeFor(c.platform);
    expect((await c.exchange(code)).statusCode).toBe(200);
    expectRefused(await c.exchange(code), c.refused.code);
  });

  it("refuses a code that is not one", async () => {
    expectRefused(await c.exchange("sbxc.forged.signature"), c.refused.code);
  });

  it("refuses a code sent with another redirect_uri, and the code is then spent", async () => {
    const code = await codeFor(c.platform);
    expectRefused(
      await c.exchange(code, { redirectUri: "https://app.example/elsewhere" }),
      c.refused.redirect ?? c.refused.code,
    );
    expectRefused(await c.exchange(code), c.refused.code);
  });

  it("refuses a wrong client secret without spending the code", async () => {
    const code = await codeFor(c.platform);
    expectRefused(await c.exchange(code, { secret: "not-the-secret" }), c.refused.client);
    expect((await c.exchange(code)).statusCode).toBe(200);
  });

  it("renews, and the renewed access token works", async () => {
    const grant = await connect(c);
    advance(60);
    const res = await c.renew(grant);
    expect(res.statusCode, res.body).toBe(200);
    const renewed: string = res.json().access_token;
    expect(renewed).toEqual(expect.any(String));
    expect(renewed).not.toBe(grant.access);
    await expectProfileOf(c, renewed);
  });

  it("refuses a forged access token on the profile call", async () => {
    const res = await c.profile("sbxa.not.valid");
    expect(res.statusCode).toBe(c.refused.expired.status);
  });
});

describe.each(CASES.filter((c) => c.rotates))("$platform rotating refresh token", (c) => {
  it("cannot be used twice; the new one works", async () => {
    const grant = await connect(c);
    const first = await c.renew(grant);
    expect(first.statusCode, first.body).toBe(200);
    const next: string = first.json().refresh_token;
    expect(next).toEqual(expect.any(String));
    expect(next).not.toBe(grant.refresh);
    expectRefused(await c.renew(grant), c.refused.renewal);
    expect((await c.renew({ ...grant, refresh: next })).statusCode).toBe(200);
  });
});

describe.each(CASES.filter((c) => !c.rotates))("$platform non-rotating renewal", (c) => {
  it("the same refresh token (or exchanged token) can be used again", async () => {
    const grant = await connect(c);
    expect((await c.renew(grant)).statusCode).toBe(200);
    expect((await c.renew(grant)).statusCode).toBe(200);
  });
});

describe.each(PKCE_CASES)("$platform PKCE", (c) => {
  it("refuses a wrong verifier, and the code is spent", async () => {
    const code = await codeFor(c.platform);
    expectRefused(await c.exchange(code, { verifier: "a-different-verifier" }), c.refused.verifier ?? c.refused.code);
    expectRefused(await c.exchange(code), c.refused.code);
  });

  it("refuses a missing verifier when a challenge was given", async () => {
    const code = await codeFor(c.platform);
    expectRefused(await c.exchange(code, { verifier: "" }), c.refused.verifier ?? c.refused.code);
  });
});

describe("X specifics", () => {
  it("an authorization code expires after 30 seconds", async () => {
    const fresh = await codeFor("twitter");
    advance(29);
    expect((await twitter.exchange(fresh)).statusCode).toBe(200);

    const stale = await codeFor("twitter");
    advance(31);
    expectRefused(await twitter.exchange(stale), twitter.refused.code);
  });

  it("gives a refresh token only with offline.access, and access tokens last two hours", async () => {
    const code = await codeFor("twitter", "alice", { scope: "tweet.read users.read" });
    const res = await twitter.exchange(code);
    expect(res.json()).toMatchObject({ token_type: "bearer", expires_in: 7200, scope: "tweet.read users.read" });
    expect(res.json()).not.toHaveProperty("refresh_token");

    const { access } = twitter.grant(res);
    advance(7199);
    expect((await twitter.profile(access)).statusCode).toBe(200);
    advance(1);
    expectRefused(await twitter.profile(access), twitter.refused.expired);
  });

  it("needs the client in a Basic header", async () => {
    const code = await codeFor("twitter");
    const res = await post("twitter/api.x.com/2/oauth2/token", {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      code_verifier: VERIFIER,
      client_id: id("twitter"),
    });
    expectRefused(res, twitter.refused.client);
  });

  it("the avatar URL points at the sandbox's own asset, which is served", async () => {
    const { access } = await connect(twitter);
    const url: string = (await twitter.profile(access)).json().data.profile_image_url;
    expect(url).toBe(`${ASSETS}/sandbox/_assets/avatar/twitter/alice.svg`);
    const svg = await app.inject({ method: "GET", url: url.slice(ASSETS.length) });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toContain(">A<");
  });
});

describe("Facebook specifics", () => {
  it("fb_exchange_token turns the short-lived token into a long-lived one", async () => {
    const code = await codeFor("facebook");
    const short = await facebook.exchange(code);
    expect(short.json()).toMatchObject({ token_type: "bearer", expires_in: 5400 });

    const long = await facebook.renew(facebook.grant(short));
    expect(long.statusCode, long.body).toBe(200);
    expect(long.json()).toMatchObject({ token_type: "bearer", expires_in: 5_184_000 });

    advance(5400);
    expectRefused(await facebook.profile(facebook.grant(short).access), facebook.refused.expired);
    // an expired short-lived token can no longer be exchanged
    expectRefused(await facebook.renew(facebook.grant(short)), facebook.refused.expired);
    await expectProfileOf(facebook, long.json().access_token);

    // Exchanging the long-lived token again does not extend it: it ends when it would have.
    advance(30 * 86_400);
    const again = await facebook.renew({ access: long.json().access_token });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().expires_in).toBe(5_184_000 - 5400 - 30 * 86_400);
    advance(again.json().expires_in);
    expectRefused(await facebook.profile(again.json().access_token), facebook.refused.expired);
  });

  it("/me gives the person, /me/accounts their pages with page tokens", async () => {
    const { access } = await connect(facebook);
    const p = personOf("facebook", "alice");
    const me = await get(`${FB}/me`, { access_token: access, fields: "id,name" });
    expect(me.json()).toEqual({ id: p.id, name: p.name });

    const accounts = await get(`${FB}/me/accounts`, { access_token: access });
    expect(accounts.statusCode).toBe(200);
    const pages = accounts.json().data;
    expect(pages).toHaveLength(2);
    for (const page of pages) {
      expect(page).toEqual({
        id: expect.any(String),
        name: expect.stringContaining(p.name),
        category: expect.any(String),
        access_token: expect.stringMatching(/^sbxp\./),
        tasks: expect.arrayContaining(["CREATE_CONTENT", "MANAGE"]),
      });
    }
    expect(pages[0].id).not.toBe(pages[1].id);
  });

  it("a call without an access token gets Graph's code 2500", async () => {
    expectRefused(await get(`${FB}/me`), { status: 400, body: { error: { code: 2500 } } });
  });

  it("a code that has expired says so", async () => {
    const code = await codeFor("facebook");
    advance(601);
    expectRefused(await facebook.exchange(code), {
      status: 400,
      body: { error: { code: 100, error_subcode: 36007 } },
    });
  });
});

describe("Instagram specifics", () => {
  it("only a long-lived token can be refreshed", async () => {
    const short = await connect(instagram);
    const refreshOf = (access: string) =>
      get("instagram/graph.instagram.com/refresh_access_token", {
        grant_type: "ig_refresh_token",
        access_token: access,
      });
    expectRefused(await refreshOf(short.access), { status: 400, body: { error: { code: 190 } } });

    const long: string = (await instagram.renew(short)).json().access_token;
    const refreshed = await refreshOf(long);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json()).toMatchObject({ token_type: "bearer", expires_in: 5_184_000 });
    await expectProfileOf(instagram, refreshed.json().access_token);
  });

  it("the code exchange gives the user id and permissions", async () => {
    const res = await instagram.exchange(await codeFor("instagram"));
    expect(res.json().data[0]).toMatchObject({
      user_id: Number(personOf("instagram", "alice").id.slice(0, 15)),
      permissions: SCOPES.instagram,
    });
  });
});

describe("LinkedIn specifics", () => {
  it("userinfo gives the OpenID profile", async () => {
    const { access } = await connect(linkedin);
    const p = personOf("linkedin", "alice");
    const res = await get("linkedin/api.linkedin.com/v2/userinfo", {}, bearer(access));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      sub: p.id,
      name: p.name,
      email: "alice@example.com",
      email_verified: true,
      picture: `${ASSETS}/sandbox/_assets/avatar/linkedin/alice.svg`,
    });
  });

  it("the follower count needs r_member_profileAnalytics, a live LinkedIn-Version and q=me", async () => {
    const { access } = await connect(linkedin);
    const url = "linkedin/api.linkedin.com/rest/memberFollowersCount";
    const rest = { "linkedin-version": "202607", "x-restli-protocol-version": "2.0.0" };
    expectRefused(await get(url, { q: "me" }, { ...bearer(access), ...rest }), {
      status: 403,
      body: {
        serviceErrorCode: 100,
        code: "ACCESS_DENIED",
        message: "Not enough permissions to access: memberFollowersCount.FINDER-me.202607",
      },
    });
    const analytics = await codeFor("linkedin", "alice", { scope: `${SCOPES.linkedin} r_member_profileAnalytics` });
    const granted = linkedin.grant(await linkedin.exchange(analytics)).access;
    const res = await get(url, { q: "me" }, { ...bearer(granted), ...rest });
    expect(res.json().elements).toEqual([{ memberFollowersCount: personOf("linkedin", "alice").followers }]);
    expectRefused(await get(url, { q: "me" }, { ...bearer(granted), "x-restli-protocol-version": "2.0.0" }), {
      status: 400,
      body: { code: "VERSION_MISSING" },
    });
    for (const [version, name] of [
      ["202511", "20251101"],
      ["202610", "20261001"],
    ] as const) {
      expectRefused(await get(url, { q: "me" }, { ...bearer(granted), ...rest, "linkedin-version": version }), {
        status: 426,
        body: { status: 426, code: "NONEXISTENT_VERSION", message: `Requested version ${name} is not active` },
      });
    }
    const noQ = await get(url, {}, { ...bearer(granted), ...rest });
    expect(noQ.statusCode).toBe(400);
  });

  it("userinfo needs openid, and gives the name with profile and the address with email", async () => {
    const p = personOf("linkedin", "alice");
    const withScope = async (scope: string) => {
      const code = await codeFor("linkedin", "alice", { scope });
      const access = linkedin.grant(await linkedin.exchange(code)).access;
      return get("linkedin/api.linkedin.com/v2/userinfo", {}, bearer(access));
    };
    expectRefused(await withScope("w_member_social"), {
      status: 403,
      body: { serviceErrorCode: 100, code: "ACCESS_DENIED" },
    });
    expect((await withScope("openid")).json()).toEqual({ sub: p.id });
    const profile = (await withScope("openid profile")).json();
    expect(profile).toMatchObject({ sub: p.id, name: p.name });
    expect(profile.email).toBeUndefined();
  });

  it("the authorize page sends the app back with LinkedIn's error for a scope its products do not grant", async () => {
    control.setReview({ linkedin: { products: ["openid", "share"] } });
    const asked = `${SCOPES.linkedin} w_organization_social rw_organization_admin`;
    for (const method of ["GET", "POST"] as const) {
      const res = await app.inject({
        method,
        url: authorizeUrl("linkedin", { scope: asked }),
        ...(method === "POST" && {
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: "approve=1&username=alice",
        }),
      });
      expect(res.statusCode).toBe(302);
      const back = new URL(res.headers.location as string);
      expect(back.origin + back.pathname).toBe(REDIRECT);
      expect(Object.fromEntries(back.searchParams)).toEqual({
        error: "unauthorized_scope_error",
        error_description: 'Scope "w_organization_social" is not authorized for your application',
        state: STATE,
      });
    }
    // r_member_social is a closed permission: no product grants it.
    control.setReview({ linkedin: { products: ["openid", "share", "community-management"] } });
    const closed = await app.inject({ url: authorizeUrl("linkedin", { scope: `${SCOPES.linkedin} r_member_social` }) });
    expect(new URL(closed.headers.location as string).searchParams.get("error_description")).toBe(
      'Scope "r_member_social" is not authorized for your application',
    );
    expect((await app.inject({ url: authorizeUrl("linkedin", { scope: asked }) })).statusCode).toBe(200);
  });

  it("the token endpoint reads a form only", async () => {
    const code = await codeFor("linkedin", "alice");
    const res = await app.inject({
      method: "POST",
      url: "/sandbox/linkedin/www.linkedin.com/oauth/v2/accessToken",
      headers: { "content-type": "application/json" },
      payload: {
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT,
        client_id: id("linkedin"),
        client_secret: SANDBOX_CLIENT_SECRET,
      },
    });
    expectRefused(res, { status: 400, body: { error: "invalid_request" } });
  });

  it("a refresh keeps the refresh token, which dies a year after consent", async () => {
    const grant = await connect(linkedin);
    advance(30 * 86_400);
    const res = await linkedin.renew(grant);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refresh_token).toBe(grant.refresh);
    expect(res.json().refresh_token_expires_in).toBe(335 * 86_400);

    advance(335 * 86_400);
    expectRefused(await linkedin.renew(grant), linkedin.refused.renewal);
  });

  it("a revoked access token says so", async () => {
    const { access } = await connect(linkedin);
    control.revoke("linkedin");
    expectRefused(await linkedin.profile(access), {
      status: 401,
      body: { serviceErrorCode: 65601, code: "REVOKED_ACCESS_TOKEN" },
    });
  });
});

describe("Pinterest specifics", () => {
  it("lists the person's boards, honouring page_size", async () => {
    const { access } = await connect(pinterest);
    const p = personOf("pinterest", "alice");
    const all = await get("pinterest/api.pinterest.com/v5/boards", {}, bearer(access));
    expect(all.statusCode).toBe(200);
    expect(all.json().items).toHaveLength(3);
    for (const board of all.json().items) {
      expect(board).toMatchObject({ owner: { username: p.username }, privacy: "PUBLIC", name: expect.any(String) });
    }
    const two = await get("pinterest/api.pinterest.com/v5/boards", { page_size: "2" }, bearer(access));
    expect(two.json().items).toEqual(all.json().items.slice(0, 2));
  });
});

describe("TikTok specifics", () => {
  it("the token response carries the open_id; user info needs fields", async () => {
    const res = await tiktok.exchange(await codeFor("tiktok"));
    expect(res.json().open_id).toBe(personOf("tiktok", "alice").id);
    const noFields = await get("tiktok/open.tiktokapis.com/v2/user/info/", {}, bearer(res.json().access_token));
    expectRefused(noFields, { status: 400, body: { error: { code: "invalid_params" } } });
  });
});

describe("YouTube specifics", () => {
  it("a refresh brings an access token only; channels need mine=true", async () => {
    const grant = await connect(youtube);
    const res = await youtube.renew(grant);
    expect(res.json()).not.toHaveProperty("refresh_token");
    const notMine = await get(
      "youtube/www.googleapis.com/youtube/v3/channels",
      { part: "statistics" },
      bearer(grant.access),
    );
    expectRefused(notMine, { status: 400, body: { error: { code: 400, status: "INVALID_ARGUMENT" } } });
  });
});

// ---------------------------------------------------------------------------------------------
// Control
// ---------------------------------------------------------------------------------------------

describe.each(CASES)("$platform control", (c) => {
  it("failNext answers the next call with a 5xx in the network's shape, then recovers", async () => {
    const { access } = await connect(c);
    control.failNext(c.platform, { status: 503 });
    expectRefused(await c.profile(access), c.refused.unavailable);
    await expectProfileOf(c, access);
  });

  it("throttleNext answers 429 with Retry-After, then recovers", async () => {
    const { access } = await connect(c);
    control.throttleNext(c.platform, { retryAfterSeconds: 42 });
    const res = await c.profile(access);
    expectRefused(res, c.refused.throttled);
    expect(res.headers["retry-after"]).toBe("42");
    await expectProfileOf(c, access);
  });

  it("expireAccessTokens expires the tokens issued so far, not later ones", async () => {
    const { access } = await connect(c);
    control.expireAccessTokens(c.platform);
    expectRefused(await c.profile(access), c.refused.expired);
    const later = await connect(c);
    await expectProfileOf(c, later.access);
  });

  it("revoke makes renewal fail", async () => {
    const grant = await connect(c);
    control.revoke(c.platform);
    expectRefused(await c.renew(grant), c.refused.renewal);
  });

  it("revoke for one person leaves the others connected", async () => {
    const alice = await connect(c, "alice");
    const bob = await connect(c, "bob");
    control.revoke(c.platform, personOf(c.platform, "alice").id);
    expectRefused(await c.renew(alice), c.refused.renewal);
    expect((await c.renew(bob)).statusCode).toBe(200);
  });
});

describe("control", () => {
  it("a fault hits only its network, only matching paths, as many times as asked", async () => {
    const { access } = await connect(pinterest);
    const boards = () => get("pinterest/api.pinterest.com/v5/boards", {}, bearer(access));
    control.failNext("pinterest", { status: 500, times: 2, pathIncludes: "/boards" });
    control.failNext("twitter", { status: 502 });

    await expectProfileOf(pinterest, access);
    expect((await boards()).statusCode).toBe(500);
    expect((await boards()).statusCode).toBe(500);
    expect((await boards()).statusCode).toBe(200);
  });

  it("a fault can carry its own body and headers", async () => {
    const { access } = await connect(tiktok);
    control.failNext("tiktok", { status: 500, body: { custom: true }, headers: { "x-custom": "yes" } });
    const res = await tiktok.profile(access);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ custom: true });
    expect(res.headers["x-custom"]).toBe("yes");
  });

  it("throttling X adds its rate-limit headers", async () => {
    const { access } = await connect(twitter);
    control.throttleNext("twitter", { retryAfterSeconds: 900 });
    const res = await twitter.profile(access);
    expect(res.statusCode).toBe(429);
    expect(res.headers["x-rate-limit-remaining"]).toBe("0");
    expect(res.headers["x-rate-limit-reset"]).toBe(String(START / 1000 + 900));
  });

  it("the token endpoint can be made to fail too", async () => {
    const code = await codeFor("youtube");
    control.failNext("youtube", { status: 500, pathIncludes: "/token" });
    expectRefused(await youtube.exchange(code), { status: 500, body: { error: { status: "UNAVAILABLE" } } });
    // the failed call never reached the endpoint, so the code is still good
    expect((await youtube.exchange(code)).statusCode).toBe(200);
  });

  it("requests() records each API call: network, method, path without query, authorization, time", async () => {
    const { access } = await connect(twitter);
    advance(5);
    await twitter.profile(access);
    await get("tiktok/open.tiktokapis.com/v2/user/info/", { fields: "open_id" }, bearer("sbxa.x.y"));

    expect(control.requests.map((r) => [r.platform, r.method, r.path])).toEqual([
      ["twitter", "POST", "api.x.com/2/oauth2/token"],
      ["twitter", "GET", "api.x.com/2/users/me"],
      ["tiktok", "GET", "open.tiktokapis.com/v2/user/info/"],
    ]);
    const [token, me] = control.requests;
    expect(token?.authorization).toBe(basic("twitter"));
    expect(token?.at).toEqual(new Date(START));
    expect(me?.authorization).toBe(`Bearer ${access}`);
    expect(me?.at).toEqual(new Date(START + 5000));
  });

  it("reset() clears recorded requests, pending faults and revocations", async () => {
    const grant = await connect(twitter);
    control.revoke("twitter");
    control.failNext("twitter", { status: 500 });
    control.throttleNext("linkedin");
    expect(control.requests.length).toBeGreaterThan(0);

    control.reset();
    expect(control.requests).toEqual([]);
    const renewed = await twitter.renew(grant);
    expect(renewed.statusCode, renewed.body).toBe(200);
    await expectProfileOf(twitter, renewed.json().access_token);
    await expectProfileOf(linkedin, (await connect(linkedin)).access);
  });
});

describe("tokens", () => {
  it("survive a restart with the same secret, and are refused by a sandbox with another", async () => {
    const { access } = await connect(pinterest);
    const restarted = await serve(SECRET);
    const stranger = await serve("another-secret");
    try {
      const call = (server: FastifyInstance) =>
        server.inject({
          method: "GET",
          url: "/sandbox/pinterest/api.pinterest.com/v5/user_account",
          headers: bearer(access),
        });
      expect((await call(restarted.server)).statusCode).toBe(200);
      expect((await call(stranger.server)).statusCode).toBe(401);
    } finally {
      await restarted.server.close();
      await stranger.server.close();
    }
  });

  it("a spent code stays spent however many tokens are spent after it, on the sandbox's clock", () => {
    // the sandbox's clock runs a year behind the machine's, as a test's may
    const store = createTokenStore(SECRET, () => Date.parse("2025-06-01T12:00:00Z"));
    const grant = { platform: "twitter", userId: "1", username: "alice", scope: "", grant: "g" } as const;
    const code = store.issue("code", grant, 30);
    store.spend(code.claims);
    for (let i = 0; i < 10_000; i++) store.spend(store.issue("refresh", grant, 60).claims);
    expect(store.read(code.token, "code")).toBe("used");
  });

  it("an access token is not accepted as a refresh token", async () => {
    const grant = await connect(tiktok);
    expectRefused(await tiktok.renew({ access: grant.access, refresh: grant.access }), tiktok.refused.renewal);
  });
});

describe("connected apps page", () => {
  it("removing access revokes that person's tokens only", async () => {
    const alice = await connect(youtube, "alice");
    const bob = await connect(youtube, "bob");
    const res = await post("youtube/connected-apps", { username: "alice" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("Access removed for alice.");
    expectRefused(await youtube.renew(alice), youtube.refused.renewal);
    expectRefused(await youtube.profile(alice.access), youtube.refused.expired);
    expect((await youtube.renew(bob)).statusCode).toBe(200);
  });
});
