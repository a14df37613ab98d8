import {
  ACCOUNT_MESSAGES,
  BILLING_MESSAGES,
  POST_MESSAGES,
  WORKSPACE_MESSAGES,
  type WorkspaceRole,
  wallClock,
} from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { sessions, workspaceMembers } from "../../src/db/schema";
import { redactUrl } from "../../src/http/logging";
import { createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";

const DAY = 86_400_000;
const TZ = "UTC";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
  // Start an hour into a month (UTC), so the weeks the tests move through stay in that month.
  const now = t.clock.now();
  const nextMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 1);
  t.clock.advance(nextMonth - now.getTime());
});
afterEach(async () => {
  await t.close();
});

type Json = Record<string, unknown>;
const call = (method: "GET" | "POST", url: string, cookie: string, payload?: Json) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const status = async (cookie: string) => (await call("GET", "/api/billing/subscription", cookie)).json();

/** Opens the checkout (or portal) through the API; returns the page's session token. */
async function open(kind: "checkout" | "portal", cookie: string): Promise<string> {
  const res = await call("POST", `/api/billing/${kind}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().url);
  expect(`${url.origin}${url.pathname}`).toBe(`${t.baseUrl}/billing/local/${kind}`);
  return url.searchParams.get("session") as string;
}
const session = (token: string, action = "") =>
  `/api/billing/local/sessions/${encodeURIComponent(token)}${action ? `/${action}` : ""}`;

const post = (accountIds: string[], content = "Launch day") => ({
  content,
  accountIds,
  scheduledDate: wallClock(new Date(t.clock.now().getTime() + 2 * DAY), TZ).date,
  scheduledTime: "09:00",
  timezone: TZ,
  status: "scheduled",
});

describe("local test-mode billing", () => {
  test("checkout → Premium (4th account, 6th post) → cancel → Premium until the period end → Free for new actions only", async () => {
    const { cookie } = await signedInUser(t.app);
    expect(await status(cookie)).toEqual({
      subscribed: false,
      subscription_tier: null,
      subscription_end: null,
      plan: "free",
      status: "none",
      cancel_at_period_end: false,
      trial_end: null,
      trial_available: true,
      provider: "local",
    });
    const noPortal = await call("POST", "/api/billing/portal", cookie);
    expect(noPortal.statusCode).toBe(409);
    expect(noPortal.json().error.message).toBe(BILLING_MESSAGES.noSubscription);

    // Free: 3 accounts, 5 posts.
    const ids: string[] = [];
    for (const p of ["twitter", "linkedin", "facebook"] as const)
      ids.push((await connect(t, cookie, p)).json().account.id);
    const li = [ids[1] as string];
    for (let i = 0; i < 5; i++)
      expect((await call("POST", "/api/posts", cookie, post(li, `p${i}`))).statusCode).toBe(200);
    expect((await call("POST", "/api/oauth/pinterest/initiate", cookie, {})).statusCode).toBe(403);
    expect((await call("POST", "/api/posts", cookie, post(li))).statusCode).toBe(403);

    // The checkout page's session: the plan with its trial, where to return.
    const token = await open("checkout", cookie);
    const page = await call("GET", session(token), cookie);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().session).toMatchObject({
      kind: "checkout",
      returnUrl: `${t.baseUrl}/premium?success=true`,
      cancelUrl: `${t.baseUrl}/free-plan?canceled=true`,
      plan: { name: "Premium", priceLabel: "$12.99", trialDays: 14 },
    });
    // Another user cannot see or use it.
    const other = await signedInUser(t.app);
    expect((await call("GET", session(token), other.cookie)).statusCode).toBe(404);
    expect((await call("POST", session(token, "complete"), other.cookie)).statusCode).toBe(404);

    const started = t.clock.now();
    const done = await call("POST", session(token, "complete"), cookie);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ url: `${t.baseUrl}/premium?success=true` });
    // A second click starts nothing more.
    expect((await call("POST", session(token, "complete"), cookie)).json()).toEqual(done.json());

    const trialEnd = new Date(started.getTime() + 14 * DAY).toISOString();
    expect(await status(cookie)).toEqual({
      subscribed: true,
      subscription_tier: "Premium",
      subscription_end: trialEnd,
      plan: "premium",
      status: "trialing",
      cancel_at_period_end: false,
      trial_end: trialEnd,
      trial_available: false,
      provider: "local",
    });
    expect((await call("GET", "/api/me", cookie)).json().plan).toBe("premium");
    const again = await call("POST", "/api/billing/checkout", cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(BILLING_MESSAGES.alreadySubscribed);

    // Premium: a 4th account and a 6th post.
    expect((await connect(t, cookie, "pinterest")).statusCode).toBe(200);
    expect((await call("POST", "/api/posts", cookie, post(li, "sixth"))).statusCode).toBe(200);

    // The portal: cancel (Premium until the period end), resume, cancel again.
    const portal = await open("portal", cookie);
    expect((await call("GET", session(portal), cookie)).json().session).toMatchObject({
      kind: "portal",
      returnUrl: `${t.baseUrl}/premium`,
      cancelUrl: null,
    });
    expect((await call("POST", session(portal, "complete"), cookie)).statusCode).toBe(409);
    const canceled = await call("POST", session(portal, "cancel"), cookie);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json().subscription).toMatchObject({
      subscribed: true,
      cancel_at_period_end: true,
      subscription_end: trialEnd,
    });
    expect((await call("POST", session(portal, "resume"), cookie)).json().subscription.cancel_at_period_end).toBe(
      false,
    );
    expect((await call("POST", session(portal, "cancel"), cookie)).json().subscription.cancel_at_period_end).toBe(true);

    t.clock.advance(14 * DAY - 60_000);
    expect(await status(cookie)).toMatchObject({ subscribed: true, plan: "premium" });

    t.clock.advance(2 * 60_000);
    expect(await status(cookie)).toMatchObject({
      subscribed: false,
      subscription_tier: null,
      subscription_end: null,
      plan: "free",
      status: "canceled",
      cancel_at_period_end: false,
    });
    expect((await call("GET", "/api/me", cookie)).json().plan).toBe("free");

    // What was made on Premium stays: 4 accounts, 6 scheduled posts.
    expect((await call("GET", "/api/accounts", cookie)).json().accounts).toHaveLength(4);
    const posts = (await call("GET", "/api/posts", cookie)).json().posts as Json[];
    expect(posts.filter((p) => p.status === "scheduled")).toHaveLength(6);
    expect((await call("GET", `/api/usage?timezone=${TZ}`, cookie)).json()).toEqual({
      socialAccountsCount: 4,
      postsThisMonth: 6,
      limits: { socialAccounts: 3, postsPerMonth: 5 },
    });
    // New ones are refused with the spec's messages; reconnecting an active account is not a new one.
    const fifth = await call("POST", "/api/oauth/tiktok/initiate", cookie, {});
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().error.message).toBe(ACCOUNT_MESSAGES.limitReached(3));
    expect((await connect(t, cookie, "twitter")).statusCode).toBe(200);
    const seventh = await call("POST", "/api/posts", cookie, post(li, "seventh"));
    expect(seventh.statusCode).toBe(403);
    expect(seventh.json().error.message).toBe(POST_MESSAGES.limitReached(5));

    // The portal session has expired, and there is nothing left to cancel.
    expect((await call("POST", session(portal, "resume"), cookie)).json().error.message).toBe(
      BILLING_MESSAGES.sessionInvalid,
    );
    const late = await open("portal", cookie);
    const nothing = await call("POST", session(late, "cancel"), cookie);
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().error.message).toBe(BILLING_MESSAGES.notSubscribed);
  });

  test("renew moves the period on by a month; without renewal it ends; a second subscription has no trial", async () => {
    const { cookie } = await signedInUser(t.app);
    await call("POST", session(await open("checkout", cookie), "complete"), cookie);
    const trialEnd = new Date((await status(cookie)).subscription_end);
    const portal = await open("portal", cookie);

    const renewed = await call("POST", session(portal, "renew"), cookie);
    expect(renewed.statusCode, renewed.body).toBe(200);
    const expectedEnd = new Date(trialEnd);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    expect(renewed.json().subscription).toMatchObject({
      subscribed: true,
      status: "active",
      trial_end: null,
      subscription_end: expectedEnd.toISOString(),
    });

    t.clock.advance(expectedEnd.getTime() - t.clock.now().getTime() - 60_000);
    expect((await status(cookie)).subscribed).toBe(true);
    t.clock.advance(120_000);
    expect(await status(cookie)).toMatchObject({ subscribed: false, status: "canceled", trial_available: false });

    const token = await open("checkout", cookie);
    expect((await call("GET", session(token), cookie)).json().session.plan.trialDays).toBe(0);
    await call("POST", session(token, "complete"), cookie);
    const second = await status(cookie);
    expect(second).toMatchObject({ subscribed: true, status: "active", trial_end: null });
    const monthLater = new Date(t.clock.now());
    monthLater.setUTCMonth(monthLater.getUTCMonth() + 1);
    expect(second.subscription_end).toBe(monthLater.toISOString());
  });

  test("'End period now' (test mode) ends the period at once: Free again, existing data kept, limits for new actions", async () => {
    const { cookie } = await signedInUser(t.app);
    const ids: string[] = [];
    for (const p of ["twitter", "linkedin", "facebook"] as const)
      ids.push((await connect(t, cookie, p)).json().account.id);
    await call("POST", session(await open("checkout", cookie), "complete"), cookie);
    expect((await connect(t, cookie, "pinterest")).statusCode).toBe(200);
    const portal = await open("portal", cookie);
    await call("POST", session(portal, "cancel"), cookie);

    // Someone else's session cannot end this subscription.
    const other = await signedInUser(t.app);
    expect((await call("POST", session(portal, "expire"), other.cookie)).statusCode).toBe(404);

    const ended = await call("POST", session(portal, "expire"), cookie);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().subscription).toMatchObject({
      subscribed: false,
      plan: "free",
      status: "canceled",
      subscription_end: null,
      trial_available: false,
    });
    expect(await status(cookie)).toMatchObject({ subscribed: false, plan: "free" });
    expect((await call("GET", "/api/me", cookie)).json().plan).toBe("free");
    expect((await call("GET", "/api/accounts", cookie)).json().accounts).toHaveLength(4);
    const fifth = await call("POST", "/api/oauth/tiktok/initiate", cookie, {});
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().error.message).toBe(ACCOUNT_MESSAGES.limitReached(3));

    // Nothing is left to end; a new checkout has no second trial.
    const again = await call("POST", session(portal, "expire"), cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(BILLING_MESSAGES.notSubscribed);
    const checkout = await open("checkout", cookie);
    expect((await call("GET", session(checkout), cookie)).json().session.plan.trialDays).toBe(0);
  });

  test("a checkout session expires after 30 minutes", async () => {
    const { cookie } = await signedInUser(t.app);
    const token = await open("checkout", cookie);
    t.clock.advance(31 * 60_000);
    const res = await call("POST", session(token, "complete"), cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(BILLING_MESSAGES.sessionInvalid);
    expect((await status(cookie)).subscribed).toBe(false);
    expect((await call("GET", session("not-a-real-session-token-at-all"), cookie)).statusCode).toBe(404);
  });

  test("session tokens never reach the request logs", () => {
    expect(redactUrl("/api/billing/local/sessions/s3cr3t-token/complete")).toBe(
      "/api/billing/local/sessions/[redacted]/complete",
    );
    expect(redactUrl("/billing/local/portal?session=s3cr3t-token&x=1")).toBe(
      "/billing/local/portal?session=[redacted]&x=1",
    );
  });
});

describe("the plan is the workspace's", () => {
  /** A new user made a member of `workspaceId` with `role`, their session working in it. */
  async function memberIn(workspaceId: string, role: WorkspaceRole) {
    const { cookie } = await signedInUser(t.app);
    const userId = (await call("GET", "/api/me", cookie)).json().user.id as string;
    await t.db.insert(workspaceMembers).values({ id: `m-${userId}`, workspaceId, userId, role });
    await t.db.update(sessions).set({ activeWorkspaceId: workspaceId }).where(eq(sessions.userId, userId));
    return { cookie, userId };
  }
  const ownerOnly = WORKSPACE_MESSAGES.notAllowed(["owner"]);
  const expectForbidden = (res: { statusCode: number; json(): Json }, what: string) => {
    expect(res.statusCode, what).toBe(403);
    expect((res.json().error as Json).message, what).toBe(ownerOnly);
  };

  test("every member reads it; only the owner checks out, opens the portal or acts on its pages", async () => {
    await t.close();
    t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
    const owner = await signedInUser(t.app);
    const workspaceId = (await call("GET", "/api/me", owner.cookie)).json().workspace.id as string;
    const contributor = await memberIn(workspaceId, "contributor");
    const editor = await memberIn(workspaceId, "editor");
    const admin = await memberIn(workspaceId, "admin");
    expect((await call("GET", "/api/me", contributor.cookie)).json()).toMatchObject({
      plan: "free",
      workspace: { id: workspaceId, role: "contributor" },
    });

    for (const [role, member] of [
      ["contributor", contributor],
      ["editor", editor],
      ["admin", admin],
    ] as const) {
      expectForbidden(await call("POST", "/api/billing/checkout", member.cookie), `${role} checkout`);
      expectForbidden(await call("POST", "/api/billing/portal", member.cookie), `${role} portal`);
    }

    // The owner's checkout page: a member may look at it, not complete it.
    const token = await open("checkout", owner.cookie);
    expect((await call("GET", session(token), contributor.cookie)).statusCode).toBe(200);
    expectForbidden(await call("POST", session(token, "complete"), editor.cookie), "editor complete");
    expect((await status(owner.cookie)).subscribed).toBe(false);
    expect((await call("POST", session(token, "complete"), owner.cookie)).statusCode).toBe(200);

    // Premium is the workspace's: every member works on it.
    for (const member of [owner, contributor, editor, admin]) {
      expect(await status(member.cookie)).toMatchObject({ subscribed: true, plan: "premium", status: "trialing" });
      expect((await call("GET", "/api/me", member.cookie)).json().plan).toBe("premium");
      expect((await call("GET", `/api/usage?timezone=${TZ}`, member.cookie)).json().limits).toEqual({
        socialAccounts: null,
        postsPerMonth: null,
      });
    }

    // The portal: only the owner cancels.
    const portal = await open("portal", owner.cookie);
    for (const action of ["cancel", "expire", "renew"])
      expectForbidden(await call("POST", session(portal, action), admin.cookie), `admin ${action}`);
    const canceled = await call("POST", session(portal, "cancel"), owner.cookie);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await status(contributor.cookie)).cancel_at_period_end).toBe(true);

    // In their own personal workspace, the contributor is on Free.
    await t.db.update(sessions).set({ activeWorkspaceId: null }).where(eq(sessions.userId, contributor.userId));
    expect((await call("GET", "/api/me", contributor.cookie)).json()).toMatchObject({
      plan: "free",
      workspace: { role: "owner" },
    });
    expect((await status(contributor.cookie)).subscribed).toBe(false);
    // …where the owner's pages are not found.
    expect((await call("GET", session(portal), contributor.cookie)).statusCode).toBe(404);
  });
});
