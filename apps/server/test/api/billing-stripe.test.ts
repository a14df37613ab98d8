import { BILLING_MESSAGES, WORKSPACE_MESSAGES } from "@app/shared";
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { loadConfig } from "../../src/config/env";
import { billingEvents, sessions, subscriptions, workspaceMembers, workspaces } from "../../src/db/schema";
import { createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";
import { type FakeStripe, fakeSubscription, startFakeStripe } from "../stripe-fake";

const PRICE = "price_premium_test";
const WEBHOOK_SECRET = "whsec_test_secret_of_this_endpoint";
const DAY = 86_400_000;

let t: NetworkTestApp;
let stripe: FakeStripe;
beforeEach(async () => {
  stripe = await startFakeStripe();
  t = await createNetworkTestApp({
    STRIPE_SECRET_KEY: "sk_test_fake_key",
    STRIPE_PRICE_ID: PRICE,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: stripe.base,
    // Tests move members between workspaces by their sessions' rows.
    SESSION_CACHE_SECONDS: "0",
  });
});
afterEach(async () => {
  await t.close();
  await stripe.close();
});

type Json = Record<string, unknown>;
const call = (method: "GET" | "POST", url: string, cookie: string) =>
  t.app.inject({ method, url, headers: { cookie } });

/** A signed-in user, in their personal workspace (whose owner they are). */
async function subscriber() {
  const { cookie } = await signedInUser(t.app);
  const me = (await call("GET", "/api/me", cookie)).json();
  return { cookie, userId: me.user.id as string, workspaceId: me.workspace.id as string };
}

let eventSeq = 0;
/** A Stripe event about `object`, created `createdOffsetS` seconds after the test clock's now. */
function stripeEvent(type: string, object: Json, createdOffsetS = 0, id = `evt_${++eventSeq}_${Date.now()}`) {
  return {
    id,
    object: "event",
    api_version: "2026-10-28.endive",
    created: Math.floor(t.clock.now().getTime() / 1000) + createdOffsetS,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** Delivers an event as Stripe does: the raw JSON signed with the endpoint's secret (t=…,v1=…). */
function deliver(event: Json, opts: { secret?: string; body?: string; signature?: string | null } = {}) {
  const payload = JSON.stringify(event);
  const signature =
    opts.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: opts.secret ?? WEBHOOK_SECRET,
          timestamp: Math.floor(t.clock.now().getTime() / 1000),
        })
      : opts.signature;
  return t.app.inject({
    method: "POST",
    url: "/api/billing/webhook",
    headers: { "content-type": "application/json", ...(signature !== null && { "stripe-signature": signature }) },
    payload: opts.body ?? payload,
  });
}

/** A checkout made through the API, and Stripe's subscription for it (trialing), ready to be announced. */
async function checkedOut() {
  const user = await subscriber();
  const res = await call("POST", "/api/billing/checkout", user.cookie);
  expect(res.statusCode, res.body).toBe(200);
  const form = stripe.calls("POST", "/v1/checkout/sessions").at(-1)?.form as Record<string, string>;
  const customer = form.customer as string;
  const trialEnd = new Date(t.clock.now().getTime() + 14 * DAY);
  const sub = fakeSubscription({
    id: `sub_${user.userId.slice(0, 8)}`,
    customer,
    price: PRICE,
    status: "trialing",
    periodEnd: trialEnd,
    trialEnd,
    userId: user.userId,
    workspaceId: user.workspaceId,
  });
  stripe.subscriptions.set(sub.id as string, sub);
  const completed = stripeEvent("checkout.session.completed", {
    id: "cs_test_1",
    object: "checkout.session",
    mode: "subscription",
    customer,
    subscription: sub.id,
    client_reference_id: user.workspaceId,
    metadata: { workspace_id: user.workspaceId, user_id: user.userId },
  });
  return { ...user, customer, sub, trialEnd, completed };
}

describe("checkout and portal", () => {
  test("checkout: a Checkout Session in subscription mode for Premium with a 14-day trial that needs no card", async () => {
    const { cookie, userId, workspaceId } = await subscriber();
    const res = await call("POST", "/api/billing/checkout", cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const [customer] = stripe.calls("POST", "/v1/customers");
    expect(customer?.authorization).toBe("Bearer sk_test_fake_key");
    expect(customer?.form).toMatchObject({
      email: expect.stringContaining("@example.com"),
      "metadata[workspace_id]": workspaceId,
      "metadata[user_id]": userId,
    });
    const [session] = stripe.calls("POST", "/v1/checkout/sessions");
    expect(session?.form).toMatchObject({
      mode: "subscription",
      customer: expect.stringMatching(/^cus_/),
      client_reference_id: workspaceId,
      "line_items[0][price]": PRICE,
      "line_items[0][quantity]": "1",
      "subscription_data[trial_period_days]": "14",
      "subscription_data[trial_settings][end_behavior][missing_payment_method]": "cancel",
      "subscription_data[metadata][workspace_id]": workspaceId,
      "subscription_data[metadata][user_id]": userId,
      "metadata[workspace_id]": workspaceId,
      "metadata[user_id]": userId,
      payment_method_collection: "if_required",
      success_url: `${t.baseUrl}/premium?success=true`,
      cancel_url: `${t.baseUrl}/free-plan?canceled=true`,
    });

    // The customer is made once and remembered.
    expect((await call("POST", "/api/billing/checkout", cookie)).statusCode).toBe(200);
    expect(stripe.calls("POST", "/v1/customers")).toHaveLength(1);
    expect(stripe.calls("POST", "/v1/checkout/sessions").at(-1)?.form.customer).toBe(session?.form.customer);
    // Until Stripe reports a subscription, the user is on Free.
    expect((await call("GET", "/api/billing/subscription", cookie)).json()).toMatchObject({
      subscribed: false,
      subscription_tier: null,
      subscription_end: null,
      provider: "stripe",
      trial_available: true,
    });
  });

  test("portal: a Billing Portal session for the user's customer, back to /premium; none before a checkout", async () => {
    const { cookie } = await subscriber();
    const none = await call("POST", "/api/billing/portal", cookie);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.message).toBe(BILLING_MESSAGES.noSubscription);
    expect(stripe.calls("POST", "/v1/billing_portal/sessions")).toHaveLength(0);

    await call("POST", "/api/billing/checkout", cookie);
    const customer = stripe.calls("POST", "/v1/checkout/sessions")[0]?.form.customer;
    const res = await call("POST", "/api/billing/portal", cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    expect(stripe.calls("POST", "/v1/billing_portal/sessions")[0]?.form).toEqual({
      customer,
      return_url: `${t.baseUrl}/premium`,
    });
  });

  test("Stripe refusing a checkout answers with the spec's message", async () => {
    const { cookie } = await subscriber();
    stripe.failNext("POST", "/v1/checkout/sessions", 400, "No such price");
    const res = await call("POST", "/api/billing/checkout", cookie);
    expect(res.statusCode).toBe(424);
    expect(res.json().error.message).toBe("Failed to create checkout session. Please try again.");
    expect(JSON.stringify(t.logs)).not.toContain("sk_test_fake_key");
  });

  test("Stripe's keys come together: a key without a price is a configuration error", () => {
    expect(() => loadConfig({ DATA_DIR: t.dataDir, STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/STRIPE_PRICE_ID/);
  });
});

describe("webhook", () => {
  test("a signed checkout.session.completed makes the user Premium, once; the same event again changes nothing", async () => {
    const { cookie, completed, trialEnd } = await checkedOut();
    const first = await deliver(completed);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, outcome: "applied" });
    expect(stripe.calls("GET", /^\/v1\/subscriptions\//)).toHaveLength(1);

    const status = (await call("GET", "/api/billing/subscription", cookie)).json();
    expect(status).toEqual({
      subscribed: true,
      subscription_tier: "Premium",
      subscription_end: new Date(Math.floor(trialEnd.getTime() / 1000) * 1000).toISOString(),
      plan: "premium",
      status: "trialing",
      cancel_at_period_end: false,
      trial_end: new Date(Math.floor(trialEnd.getTime() / 1000) * 1000).toISOString(),
      trial_available: false,
      provider: "stripe",
    });
    expect((await call("GET", "/api/me", cookie)).json().plan).toBe("premium");
    expect((await call("GET", "/api/usage", cookie)).json().limits).toEqual({
      socialAccounts: null,
      postsPerMonth: null,
    });

    const replay = await deliver(completed);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().outcome).toBe("duplicate");
    expect(stripe.calls("GET", /^\/v1\/subscriptions\//)).toHaveLength(1);
    expect(await t.db.select().from(billingEvents).where(eq(billingEvents.id, completed.id))).toHaveLength(1);
  });

  test("an older event delivered after a newer one does not roll the subscription back", async () => {
    const { cookie, workspaceId, sub, completed } = await checkedOut();
    await deliver(completed);
    const active = { ...sub, status: "active", trial_end: null };
    const canceled = { ...sub, status: "canceled" };

    // Stripe ends the subscription; its "deleted" event arrives first, the earlier "updated" (still active) after.
    stripe.subscriptions.set(sub.id as string, canceled);
    const deleted = await deliver(stripeEvent("customer.subscription.deleted", canceled, 120));
    expect(deleted.json().outcome).toBe("applied");
    const late = await deliver(stripeEvent("customer.subscription.updated", active, 60));
    expect(late.statusCode).toBe(200);

    const status = (await call("GET", "/api/billing/subscription", cookie)).json();
    expect(status).toMatchObject({ subscribed: false, plan: "free", status: "canceled", subscription_end: null });
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
    expect(row?.status).toBe("canceled");
    // The trial was used: a new checkout comes without one.
    expect(status.trial_available).toBe(false);
    await call("POST", "/api/billing/checkout", cookie);
    const form = stripe.calls("POST", "/v1/checkout/sessions").at(-1)?.form ?? {};
    expect(form["subscription_data[trial_period_days]"]).toBeUndefined();
    expect(form.payment_method_collection).toBeUndefined();
  });

  test("invoice.payment_failed reads the subscription again: past due is not Premium", async () => {
    const { cookie, sub, completed, customer } = await checkedOut();
    await deliver(completed);
    stripe.subscriptions.set(sub.id as string, { ...sub, status: "past_due" });
    const res = await deliver(
      stripeEvent("invoice.payment_failed", {
        id: "in_1",
        object: "invoice",
        customer,
        parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
      }),
    );
    expect(res.json().outcome).toBe("applied");
    expect((await call("GET", "/api/billing/subscription", cookie)).json()).toMatchObject({
      subscribed: false,
      status: "past_due",
    });
  });

  test("a bad signature is refused with 400 and changes nothing", async () => {
    const { cookie, workspaceId, completed } = await checkedOut();
    const before = await t.db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
    const cases = [
      await deliver(completed, { secret: "whsec_someone_else" }),
      await deliver(completed, { body: JSON.stringify({ ...completed, type: "customer.subscription.updated" }) }),
      await deliver(completed, { signature: null }),
      await deliver(completed, { signature: "t=1,v1=00ff" }),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: "INVALID_SIGNATURE", message: BILLING_MESSAGES.invalidSignature });
    }
    // An old, replayed signature is refused too (outside Stripe's tolerance of 5 minutes).
    const payload = JSON.stringify(completed);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(t.clock.now().getTime() / 1000) - 3600,
    });
    expect((await deliver(completed, { signature: stale })).statusCode).toBe(400);

    expect(stripe.calls("GET", /^\/v1\/subscriptions\//)).toHaveLength(0);
    expect(await t.db.select().from(billingEvents)).toHaveLength(0);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId))).toEqual(before);
    expect((await call("GET", "/api/billing/subscription", cookie)).json().subscribed).toBe(false);
  });

  test("a renewal not yet announced is read from Stripe when the status is checked", async () => {
    const { cookie, sub, completed, trialEnd } = await checkedOut();
    await deliver(completed);
    const renewedEnd = new Date(trialEnd.getTime() + 30 * DAY);
    stripe.subscriptions.set(sub.id as string, {
      ...fakeSubscription({
        id: sub.id as string,
        customer: sub.customer as string,
        price: PRICE,
        status: "active",
        periodEnd: renewedEnd,
      }),
    });
    t.clock.advance(15 * DAY);
    const status = (await call("GET", "/api/billing/subscription", cookie)).json();
    expect(status).toMatchObject({ subscribed: true, status: "active" });
    expect(new Date(status.subscription_end).getTime()).toBe(Math.floor(renewedEnd.getTime() / 1000) * 1000);
  });

  test("Premium from Stripe lifts the limits: a 4th account can be connected", async () => {
    const { cookie, completed } = await checkedOut();
    for (const p of ["twitter", "linkedin", "facebook"] as const)
      expect((await connect(t, cookie, p)).statusCode).toBe(200);
    expect((await call("POST", "/api/oauth/pinterest/initiate", cookie)).statusCode).toBe(403);
    await deliver(completed);
    expect((await connect(t, cookie, "pinterest")).statusCode).toBe(200);
  });
});

describe("the subscription is the workspace's", () => {
  test("a contributor working in the workspace is Premium with it, and may not check out or open the portal", async () => {
    const { cookie, workspaceId, completed } = await checkedOut();
    const contributor = await subscriber();
    await t.db
      .insert(workspaceMembers)
      .values({ id: "m-contributor", workspaceId, userId: contributor.userId, role: "contributor" });
    await t.db.update(sessions).set({ activeWorkspaceId: workspaceId }).where(eq(sessions.userId, contributor.userId));
    expect((await call("GET", "/api/me", contributor.cookie)).json()).toMatchObject({
      plan: "free",
      workspace: { id: workspaceId, role: "contributor" },
    });

    expect((await deliver(completed)).json().outcome).toBe("applied");
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId));
    expect(row).toMatchObject({ status: "trialing", userId: (await call("GET", "/api/me", cookie)).json().user.id });
    expect((await call("GET", "/api/me", contributor.cookie)).json().plan).toBe("premium");
    expect((await call("GET", "/api/billing/subscription", contributor.cookie)).json()).toMatchObject({
      subscribed: true,
      provider: "stripe",
    });

    const customers = stripe.calls("POST", "/v1/customers").length;
    const checkouts = stripe.calls("POST", "/v1/checkout/sessions").length;
    for (const url of ["/api/billing/checkout", "/api/billing/portal"]) {
      const res = await call("POST", url, contributor.cookie);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.message).toBe(WORKSPACE_MESSAGES.notAllowed(["owner"]));
    }
    expect(stripe.calls("POST", "/v1/customers")).toHaveLength(customers);
    expect(stripe.calls("POST", "/v1/checkout/sessions")).toHaveLength(checkouts);
    expect(stripe.calls("POST", "/v1/billing_portal/sessions")).toHaveLength(0);
    // The owner may.
    const portal = await call("POST", "/api/billing/portal", cookie);
    expect(portal.statusCode, portal.body).toBe(200);
  });

  test("a checkout made before workspaces (naming only its user) lands in their personal workspace", async () => {
    const { cookie, userId, workspaceId } = await subscriber();
    const sub = fakeSubscription({
      id: "sub_legacy",
      customer: "cus_legacy",
      price: PRICE,
      status: "active",
      periodEnd: new Date(t.clock.now().getTime() + 30 * DAY),
      userId,
    });
    stripe.subscriptions.set("sub_legacy", sub);
    const res = await deliver(
      stripeEvent("checkout.session.completed", {
        id: "cs_legacy",
        object: "checkout.session",
        mode: "subscription",
        customer: "cus_legacy",
        subscription: "sub_legacy",
        client_reference_id: userId,
        metadata: { user_id: userId },
      }),
    );
    expect(res.json().outcome).toBe("applied");
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.providerCustomerId, "cus_legacy"));
    expect(row).toMatchObject({ workspaceId, userId, status: "active" });
    expect((await call("GET", "/api/me", cookie)).json().plan).toBe("premium");
  });

  test("events of a workspace that is gone change nothing", async () => {
    const { workspaceId, completed } = await checkedOut();
    await t.db.delete(workspaces).where(eq(workspaces.id, workspaceId));
    const res = await deliver(completed);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().outcome).toBe("ignored");
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId))).toEqual([]);
  });
});
