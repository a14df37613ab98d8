import { ACCOUNT_MESSAGES, POST_MESSAGES, wallClock } from "@app/shared";
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";

const TZ = "UTC";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

type Json = Record<string, unknown>;
const call = (method: "GET" | "POST", url: string, cookie?: string, payload?: Json) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const post = (accountIds: string[]) => ({
  content: "Plan limits",
  accountIds,
  scheduledDate: wallClock(new Date(t.clock.now().getTime() + 86_400_000), TZ).date,
  scheduledTime: "09:00",
  timezone: TZ,
  status: "scheduled",
});

/** Premium through the local checkout, as a user gets it. */
async function upgrade(cookie: string) {
  const url = new URL((await call("POST", "/api/billing/checkout", cookie)).json().url);
  const token = url.searchParams.get("session") as string;
  const res = await call("POST", `/api/billing/local/sessions/${token}/complete`, cookie);
  expect(res.statusCode, res.body).toBe(200);
}

describe("the plan decides the limits", () => {
  test("Free: 3 accounts and 5 posts a month, then the spec's messages; Premium: no limit", async () => {
    const free = await signedInUser(t.app);
    const premium = await signedInUser(t.app);
    await upgrade(premium.cookie);

    for (const user of [free, premium]) {
      for (const p of ["twitter", "linkedin", "facebook"] as const) {
        expect((await connect(t, user.cookie, p)).statusCode).toBe(200);
      }
    }
    const fourth = await call("POST", "/api/oauth/pinterest/initiate", free.cookie, {});
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json().error).toMatchObject({ code: "PLAN_LIMIT", message: ACCOUNT_MESSAGES.limitReached(3) });
    for (const p of ["pinterest", "tiktok", "youtube"] as const) {
      expect((await connect(t, premium.cookie, p)).statusCode).toBe(200);
    }

    const accountsOf = async (cookie: string) =>
      ((await call("GET", "/api/accounts", cookie)).json().accounts as Json[])
        .filter((a) => a.platform === "twitter" || a.platform === "linkedin")
        .map((a) => a.id as string);
    const freeIds = await accountsOf(free.cookie);
    const premiumIds = await accountsOf(premium.cookie);
    for (let i = 0; i < 5; i++) {
      expect((await call("POST", "/api/posts", free.cookie, post(freeIds.slice(0, 1)))).statusCode).toBe(200);
    }
    const sixth = await call("POST", "/api/posts", free.cookie, post(freeIds.slice(0, 1)));
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().error).toMatchObject({
      code: "PLAN_LIMIT",
      title: "Monthly Limit Reached",
      message: POST_MESSAGES.limitReached(5),
    });
    for (let i = 0; i < 8; i++) {
      expect((await call("POST", "/api/posts", premium.cookie, post(premiumIds.slice(0, 2)))).statusCode).toBe(200);
    }

    expect((await call("GET", `/api/usage?timezone=${TZ}`, free.cookie)).json()).toEqual({
      socialAccountsCount: 3,
      postsThisMonth: 5,
      limits: { socialAccounts: 3, postsPerMonth: 5 },
    });
    expect((await call("GET", `/api/usage?timezone=${TZ}`, premium.cookie)).json()).toEqual({
      socialAccountsCount: 6,
      postsThisMonth: 8,
      limits: { socialAccounts: null, postsPerMonth: null },
    });
  });

  test("limit checks fail closed with the spec's messages when the plan cannot be read", async () => {
    const { cookie } = await signedInUser(t.app);
    const [account] = [(await connect(t, cookie, "linkedin")).json().account.id as string];
    await t.db.execute(sql`alter table subscriptions rename to subscriptions_away`);
    try {
      const connectRes = await call("POST", "/api/oauth/twitter/initiate", cookie, {});
      expect(connectRes.statusCode).toBe(503);
      expect(connectRes.json().error.message).toBe("Error checking account limits");
      const postRes = await call("POST", "/api/posts", cookie, post([account as string]));
      expect(postRes.statusCode).toBe(503);
      expect(postRes.json().error.message).toBe("Error checking posting limits");
    } finally {
      await t.db.execute(sql`alter table subscriptions_away rename to subscriptions`);
    }
    expect((await call("GET", "/api/posts", cookie)).json().posts).toEqual([]);
  });
});

test("billing needs a session: 'Not authenticated'", async () => {
  const routes: ["GET" | "POST", string][] = [
    ["GET", "/api/billing/subscription"],
    ["POST", "/api/billing/checkout"],
    ["POST", "/api/billing/portal"],
    ["GET", "/api/billing/local/sessions/aaaaaaaaaaaaaaaaaaaaaaaa"],
    ["POST", "/api/billing/local/sessions/aaaaaaaaaaaaaaaaaaaaaaaa/complete"],
    ["POST", "/api/billing/local/sessions/aaaaaaaaaaaaaaaaaaaaaaaa/cancel"],
  ];
  for (const [method, url] of routes) {
    const res = await call(method, url);
    expect(res.statusCode, url).toBe(401);
    expect(res.json().error.message).toBe("Not authenticated");
  }
  // Without Stripe there is no webhook to call.
  expect((await call("POST", "/api/billing/webhook", undefined, { type: "x" })).statusCode).toBe(404);
});
