import { ACCOUNT_MESSAGES, PLATFORMS, type Platform, TOKEN_RENEWAL } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { socialAccounts, subscriptions } from "../../src/db/schema";
import { cookiesOf, createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { authorize, connect } from "../oauth";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const get = (url: string, cookie: string) => t.app.inject({ method: "GET", url, headers: { cookie } });
const post = (url: string, cookie: string) => t.app.inject({ method: "POST", url, headers: { cookie }, payload: {} });
const HOUR = 3_600_000;

async function rowOf(id: string) {
  const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, id));
  if (!row) throw new Error(`no account row ${id}`);
  return row;
}

describe.each(PLATFORMS)("%s through its sandbox", (platform: Platform) => {
  test("connect stores the profile with encrypted tokens; refresh, disconnect and reconnect keep one row", async () => {
    const { cookie } = await signedInUser(t.app);
    const res = await connect(t, cookie, platform);
    expect(res.statusCode, res.body).toBe(200);
    const account = res.json().account;
    expect(account).toMatchObject({ platform, isActive: true, status: "active", sandbox: true });
    expect(account.platformAccountId).toBeTruthy();
    expect(account.displayName ?? account.username).toBeTruthy();
    expect(account.followerCount).toBeGreaterThanOrEqual(0);

    const row = await rowOf(account.id);
    expect(row.accessToken.startsWith("v1:")).toBe(true);
    expect(JSON.stringify(res.json())).not.toMatch(/v1:|access_?token|refresh_?token/i);

    const list = await get("/api/accounts", cookie);
    expect(list.json().accounts.map((a: { id: string }) => a.id)).toEqual([account.id]);

    const refreshed = await post(`/api/accounts/${account.id}/refresh`, cookie);
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json().account.status).toBe("active");

    const gone = await t.app.inject({ method: "DELETE", url: `/api/accounts/${account.id}`, headers: { cookie } });
    expect(gone.statusCode).toBe(200);
    expect(gone.json().account.isActive).toBe(false);
    expect((await get("/api/accounts", cookie)).json().accounts).toEqual([]);

    const again = await connect(t, cookie, platform);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().account.id).toBe(account.id);
    expect(again.json().account.isActive).toBe(true);
  });

  // Facebook offers no renewal: the sweep leaves it alone (its own test below), so this one is not defined for it.
  const renewable = TOKEN_RENEWAL[platform] !== "none";
  (renewable ? test : () => {})(
    "the sweep renews a token before it expires, and a revoked grant marks the account expired",
    async () => {
      const { cookie } = await signedInUser(t.app);
      const account = (await connect(t, cookie, platform)).json().account;
      const before = (await rowOf(account.id)).tokenExpiresAt as Date;
      expect(before).toBeInstanceOf(Date);

      t.clock.advance(before.getTime() - t.clock.now().getTime() - 5 * 60_000);
      const renewed = await t.app.accounts.refreshDue();
      expect(renewed).toEqual({ renewed: 1, rejected: 0, failed: 0 });
      const after = (await rowOf(account.id)).tokenExpiresAt as Date;
      expect(after.getTime()).toBeGreaterThan(before.getTime());

      t.sandbox.revoke(platform);
      t.clock.advance(after.getTime() - t.clock.now().getTime() - 60_000);
      expect(await t.app.accounts.refreshDue()).toEqual({ renewed: 0, rejected: 1, failed: 0 });
      const [listed] = (await get("/api/accounts", cookie)).json().accounts;
      expect(listed.status).toBe("expired");
      expect(listed.lastError).toBe(ACCOUNT_MESSAGES.tokenRejected);
    },
  );

  test("a transient failure of the network is retried, never taken for a dead token", async () => {
    const { cookie } = await signedInUser(t.app);
    const account = (await connect(t, cookie, platform)).json().account;
    t.sandbox.failNext(platform, { status: 503 });
    const ok = await post(`/api/accounts/${account.id}/refresh`, cookie);
    expect(ok.statusCode, ok.body).toBe(200);

    t.sandbox.throttleNext(platform, { retryAfterSeconds: 1, times: 5 });
    const throttled = await post(`/api/accounts/${account.id}/refresh`, cookie);
    expect(throttled.statusCode).toBe(503);
    const [listed] = (await get("/api/accounts", cookie)).json().accounts;
    expect(listed.status).toBe("active");
    expect(listed.lastError).toMatch(/^Failed to refresh token: /);
  });
});

describe("one renewal at a time", () => {
  test("X rotates its refresh token: simultaneous renewals send it once and the account stays usable", async () => {
    const { cookie } = await signedInUser(t.app);
    const account = (await connect(t, cookie, "twitter")).json().account;
    const refreshGrants = () =>
      t.sandbox.requests.filter((r) => r.platform === "twitter" && r.path.endsWith("/2/oauth2/token")).length;
    const before = refreshGrants();

    const both = await Promise.all([
      post(`/api/accounts/${account.id}/refresh`, cookie),
      post(`/api/accounts/${account.id}/refresh`, cookie),
    ]);
    // Without the claim the second one spends the rotated refresh token again, and X refuses it.
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    const manual = refreshGrants() - before;
    expect(manual).toBeGreaterThanOrEqual(1);
    expect(manual).toBeLessThanOrEqual(2);

    // Two sweeps at once (two servers on one database) renew it once too.
    const exp = (await rowOf(account.id)).tokenExpiresAt as Date;
    t.clock.advance(exp.getTime() - t.clock.now().getTime() - 60_000);
    const sweeps = await Promise.all([t.app.accounts.refreshDue(), t.app.accounts.refreshDue()]);
    expect(sweeps.reduce((n, r) => n + r.renewed, 0)).toBe(1);
    expect(sweeps.reduce((n, r) => n + r.rejected + r.failed, 0)).toBe(0);
    expect(refreshGrants() - before).toBe(manual + 1);
    const [listed] = (await get("/api/accounts", cookie)).json().accounts;
    expect(listed).toMatchObject({ status: "active", lastError: null });
  });
});

describe("network reads use a fresh token", () => {
  test("Pinterest boards after the token has nearly expired: renewed first", async () => {
    const { cookie } = await signedInUser(t.app);
    const account = (await connect(t, cookie, "pinterest")).json().account;
    const exp = (await rowOf(account.id)).tokenExpiresAt as Date;
    t.clock.advance(exp.getTime() - t.clock.now().getTime() - 60_000);
    const boards = await get(`/api/accounts/${account.id}/pinterest-boards`, cookie);
    expect(boards.statusCode, boards.body).toBe(200);
    expect(((await rowOf(account.id)).tokenExpiresAt as Date).getTime()).toBeGreaterThan(exp.getTime());
  });

  test("Facebook, which renews nothing: its last token is used until it ends, checked on Refresh, never renewed by the sweep", async () => {
    const { cookie } = await signedInUser(t.app);
    const account = (await connect(t, cookie, "facebook")).json().account;
    const before = await rowOf(account.id);
    const exp = before.tokenExpiresAt as Date;
    t.clock.advance(exp.getTime() - t.clock.now().getTime() - 60_000);
    const exchanges = () =>
      t.sandbox.requests.filter((r) => r.platform === "facebook" && r.path.endsWith("/oauth/access_token")).length;
    const sent = exchanges();
    expect(await t.app.accounts.refreshDue()).toEqual({ renewed: 0, rejected: 0, failed: 0 });
    const pages = await get(`/api/accounts/${account.id}/facebook-pages`, cookie);
    expect(pages.statusCode, pages.body).toBe(200);
    expect(pages.json().pages.length).toBeGreaterThan(0);
    expect(pages.json().pages[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      category: expect.anything(),
    });
    expect(exchanges()).toBe(sent);
    expect((await rowOf(account.id)).accessToken).toBe(before.accessToken);
    // Refresh checks the token with Facebook: alive, so the account stays active.
    const checked = await post(`/api/accounts/${account.id}/refresh`, cookie);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().account).toMatchObject({ status: "expiring", lastError: null });
    // Removed on Facebook: Refresh finds out and asks for a reconnect.
    t.sandbox.revoke("facebook");
    expect((await post(`/api/accounts/${account.id}/refresh`, cookie)).statusCode).toBe(424);
    const [listed] = (await get("/api/accounts", cookie)).json().accounts;
    expect(listed).toMatchObject({ status: "expired", lastError: ACCOUNT_MESSAGES.tokenRejected });
  });

  test("Pinterest boards and the LinkedIn profile", async () => {
    const { cookie } = await signedInUser(t.app);
    const pin = (await connect(t, cookie, "pinterest")).json().account;
    const boards = await get(`/api/accounts/${pin.id}/pinterest-boards`, cookie);
    expect(boards.statusCode, boards.body).toBe(200);
    expect(boards.json().boards[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      pinCount: expect.any(Number),
    });
    const li = (await connect(t, cookie, "linkedin")).json().account;
    const profile = await get(`/api/accounts/${li.id}/profile`, cookie);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().profile.id).toBe(li.platformAccountId);
    // Asking a LinkedIn account for Facebook pages is not a thing.
    expect((await get(`/api/accounts/${li.id}/facebook-pages`, cookie)).statusCode).toBe(404);
  });
});

describe("OAuth state and PKCE", () => {
  test("a forged, reused, expired or another session's state is refused", async () => {
    const { cookie } = await signedInUser(t.app);
    const callback = (c: string, body: object) =>
      t.app.inject({ method: "POST", url: "/api/oauth/linkedin/callback", headers: { cookie: c }, payload: body });

    const forged = await callback(cookie, { code: "abc", state: "made-up" });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.message).toBe(ACCOUNT_MESSAGES.invalidState);

    const { code, state } = await authorize(t, cookie, "linkedin", "bob");
    expect((await callback(cookie, { code, state })).statusCode).toBe(200);
    expect((await callback(cookie, { code, state })).statusCode).toBe(400);

    const late = await authorize(t, cookie, "linkedin", "bob");
    t.clock.advance(11 * 60_000);
    expect((await callback(cookie, late)).statusCode).toBe(400);

    const other = await signedInUser(t.app);
    const stolen = await authorize(t, cookie, "linkedin", "bob");
    expect((await callback(other.cookie, stolen)).statusCode).toBe(400);
    // Even the same user, signed in a second time, cannot finish what the first session started.
    const { user, cookie: first } = await signedInUser(t.app);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: user.email, password: user.password },
    });
    const secondSession = cookiesOf(again);
    const started = await authorize(t, first, "linkedin", "erin");
    expect((await callback(secondSession, started)).statusCode).toBe(400);
  });

  test("a code answered with another request's PKCE verifier is refused by the network", async () => {
    const { cookie } = await signedInUser(t.app);
    const first = await authorize(t, cookie, "twitter", "carol");
    const second = await authorize(t, cookie, "twitter", "carol");
    const res = await t.app.inject({
      method: "POST",
      url: "/api/oauth/twitter/callback",
      headers: { cookie },
      payload: { code: first.code, state: second.state },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.message).toMatch(/^Failed to complete OAuth: /);
    expect((await get("/api/accounts", cookie)).json().accounts).toEqual([]);
  });

  test("an unknown network is refused with the spec's message", async () => {
    const { cookie } = await signedInUser(t.app);
    const res = await post("/api/oauth/myspace/initiate", cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe("Unsupported platform: myspace");
  });
});

describe("configuration", () => {
  test("every network is a sandbox when no credentials are set", async () => {
    const { cookie } = await signedInUser(t.app);
    const { networks } = (await get("/api/networks", cookie)).json();
    expect(networks).toEqual(PLATFORMS.map((platform) => ({ platform, available: true, sandbox: true })));
  });

  test("with SANDBOX=0 only networks with credentials are offered, and they talk to the real network", async () => {
    const real = await createNetworkTestApp({
      SANDBOX: "0",
      LINKEDIN_CLIENT_ID: "real-linkedin-id",
      LINKEDIN_CLIENT_SECRET: "real-linkedin-secret",
    });
    try {
      const { cookie } = await signedInUser(real.app);
      const res = await real.app.inject({ method: "GET", url: "/api/networks", headers: { cookie } });
      const networks: { platform: string; available: boolean; sandbox: boolean }[] = res.json().networks;
      expect(networks.filter((n) => n.available)).toEqual([{ platform: "linkedin", available: true, sandbox: false }]);

      const refused = await real.app.inject({
        method: "POST",
        url: "/api/oauth/twitter/initiate",
        headers: { cookie },
        payload: {},
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe("X (Twitter) is not configured on this server.");

      const init = await real.app.inject({
        method: "POST",
        url: "/api/oauth/linkedin/initiate",
        headers: { cookie },
        payload: {},
      });
      const authUrl = new URL(init.json().authUrl);
      expect(authUrl.origin + authUrl.pathname).toBe("https://www.linkedin.com/oauth/v2/authorization");
      expect(authUrl.searchParams.get("client_id")).toBe("real-linkedin-id");
      expect(authUrl.searchParams.get("redirect_uri")).toBe(`${real.baseUrl}/auth/linkedin/callback`);
      expect(JSON.stringify(init.json())).not.toContain("real-linkedin-secret");
      expect((await real.app.inject({ method: "GET", url: "/sandbox/linkedin/x" })).statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });
});

describe("ownership", () => {
  test("user B can never list, refresh, read pages of or disconnect user A's account", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const account = (await connect(t, a.cookie, "facebook")).json().account;
    expect((await get("/api/accounts", b.cookie)).json().accounts).toEqual([]);
    expect((await post(`/api/accounts/${account.id}/refresh`, b.cookie)).statusCode).toBe(404);
    expect((await get(`/api/accounts/${account.id}/facebook-pages`, b.cookie)).statusCode).toBe(404);
    const del = await t.app.inject({
      method: "DELETE",
      url: `/api/accounts/${account.id}`,
      headers: { cookie: b.cookie },
    });
    expect(del.statusCode).toBe(404);
    expect((await get("/api/accounts", a.cookie)).json().accounts).toHaveLength(1);
    expect((await get("/api/accounts", "")).statusCode).toBe(401);
  });

  test("no network token appears in any API response or log line", async () => {
    const { cookie } = await signedInUser(t.app);
    const bodies: string[] = [];
    for (const platform of ["twitter", "facebook", "youtube"] as const) {
      const res = await connect(t, cookie, platform);
      bodies.push(res.body);
      bodies.push((await post(`/api/accounts/${res.json().account.id}/refresh`, cookie)).body);
    }
    bodies.push((await get("/api/accounts", cookie)).body);
    const tokens = t.sandbox.requests
      .map((r) => r.authorization?.replace(/^(Bearer|Basic)\s+/i, ""))
      .filter((v): v is string => !!v && v.length > 12);
    expect(tokens.length).toBeGreaterThan(0);
    const everything = bodies.join("\n") + t.logs.join("\n");
    for (const token of tokens) expect(everything).not.toContain(token);
  });
});

describe("plan limits", () => {
  test("the 4th active account on Free is refused with the spec's message; Premium is not limited", async () => {
    const { cookie, user } = await signedInUser(t.app);
    for (const p of ["twitter", "linkedin", "facebook"] as const) {
      expect((await connect(t, cookie, p)).statusCode).toBe(200);
    }
    const fourth = await post("/api/oauth/pinterest/initiate", cookie);
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().error.message).toBe(
      "You've reached your limit of 3 social accounts. Upgrade to Premium for unlimited accounts.",
    );
    const usage = await get("/api/usage", cookie);
    expect(usage.json()).toMatchObject({ socialAccountsCount: 3, limits: { socialAccounts: 3, postsPerMonth: 5 } });

    // Reconnecting an account that is already active is not a new one.
    expect((await connect(t, cookie, "twitter")).statusCode).toBe(200);
    // A second X account is new: the callback refuses it and nothing is stored.
    const other = await connect(t, cookie, "twitter", "twitter_bob");
    expect(other.statusCode).toBe(403);
    expect(other.json().error.message).toMatch(/limit of 3 social accounts/);
    expect((await get("/api/accounts", cookie)).json().accounts).toHaveLength(3);

    const me = await get("/api/me", cookie);
    const userId = me.json().user.id as string;
    await t.db
      .insert(subscriptions)
      .values({ workspaceId: `personal-${userId}`, userId, status: "active", tier: "premium" });
    expect((await connect(t, cookie, "pinterest")).statusCode).toBe(200);
    expect((await connect(t, cookie, "tiktok")).statusCode).toBe(200);
    expect((await get("/api/accounts", cookie)).json().accounts).toHaveLength(5);
    expect((await get("/api/me", cookie)).json().plan).toBe("premium");
    expect(user.email).toBeTruthy();
  });
});

describe("realtime", () => {
  test("the owner's event stream announces a new account; another user's stream does not", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const open = async (cookie: string) => {
      const res = await fetch(`${t.baseUrl}/api/events`, { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/text\/event-stream/);
      return res.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    };
    const streamA = await open(a.cookie);
    const streamB = await open(b.cookie);
    const account = (await connect(t, a.cookie, "linkedin")).json().account;

    const decoder = new TextDecoder();
    let text = "";
    while (!text.includes("event: accounts")) text += decoder.decode((await streamA.read()).value);
    const data = JSON.parse(/event: accounts\ndata: (.*)\n/.exec(text)?.[1] as string);
    expect(data).toMatchObject({ type: "accounts.changed", action: "insert", account: { id: account.id } });
    expect(text).not.toMatch(/v1:/);

    const firstB = decoder.decode((await streamB.read()).value);
    const raced = await Promise.race([
      streamB.read().then((r) => decoder.decode(r.value)),
      new Promise<string>((resolve) => setTimeout(() => resolve(""), 300)),
    ]);
    expect(firstB + raced).not.toContain("event: accounts");
    await streamA.cancel();
    await streamB.cancel();
  });
});

test("stale pending authorisations are cleared by the sweep", async () => {
  const { cookie } = await signedInUser(t.app);
  await authorize(t, cookie, "linkedin", "dan");
  t.clock.advance(HOUR);
  await t.app.accounts.refreshDue();
  const { oauthStates } = await import("../../src/db/schema");
  expect(await t.db.select().from(oauthStates)).toEqual([]);
});
