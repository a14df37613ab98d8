import {
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_HEADERS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOKS_PER_WORKSPACE,
} from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { webhookDeliveries, webhookEndpoints } from "../../src/db/schema";
import { emitWebhookEvents } from "../../src/modules/webhooks/webhook-events";
import { createTestApp, joinWorkspace, signedInUser, type TestApp } from "../helpers";
import { addEndpoint, signedWith, webhookReceiver } from "../webhooks";

/** A public address (an IP, so nothing is resolved); nothing is sent to it in these tests. */
const PUBLIC_URL = "https://93.184.215.14/hooks";

let t: TestApp;
const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
  await t?.close();
});

const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });

describe("endpoints", () => {
  test("added with its secret shown once and kept encrypted; listed, changed and deleted", async () => {
    t = await createTestApp();
    const { cookie } = await signedInUser(t.app);
    const res = await call("POST", "/api/webhooks", cookie, {
      url: PUBLIC_URL,
      description: "Our CRM",
      events: ["post.published", "post.failed", "post.published"],
    });
    expect(res.statusCode, res.body).toBe(201);
    const { webhook, secret } = res.json();
    expect(secret).toMatch(new RegExp(`^${WEBHOOK_SECRET_PREFIX}[A-Za-z0-9_-]{43}$`));
    expect(webhook).toMatchObject({
      url: PUBLIC_URL,
      description: "Our CRM",
      events: ["post.published", "post.failed"],
      enabled: true,
      disabledReason: null,
      consecutiveFailures: 0,
    });
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, webhook.id));
    expect(row?.secretEncrypted).not.toContain(secret.slice(WEBHOOK_SECRET_PREFIX.length));
    const list = await call("GET", "/api/webhooks", cookie);
    expect(list.json().webhooks).toEqual([webhook]);
    expect(list.body).not.toContain(secret);

    const changed = await call("PATCH", `/api/webhooks/${webhook.id}`, cookie, {
      events: ["comment.received"],
      enabled: false,
    });
    expect(changed.json().webhook).toMatchObject({ events: ["comment.received"], enabled: false });

    // Deleted with its deliveries (those waiting are not sent).
    await emitWebhookEvents(
      t.db,
      [{ workspaceId: row?.workspaceId as string, event: "comment.received", eventId: "x", data: {} }],
      new Date(),
    );
    await call("PATCH", `/api/webhooks/${webhook.id}`, cookie, { enabled: true });
    await emitWebhookEvents(
      t.db,
      [{ workspaceId: row?.workspaceId as string, event: "comment.received", eventId: "y", data: {} }],
      new Date(),
    );
    expect(await t.db.select().from(webhookDeliveries)).toHaveLength(1);
    expect((await call("DELETE", `/api/webhooks/${webhook.id}`, cookie)).statusCode).toBe(204);
    expect(await t.db.select().from(webhookDeliveries)).toHaveLength(0);
    expect((await call("DELETE", `/api/webhooks/${webhook.id}`, cookie)).json().error.message).toBe(
      WEBHOOK_MESSAGES.notFound,
    );
  });

  test("turned on again, its failures and the reason it was turned off are cleared", async () => {
    t = await createTestApp();
    const { cookie } = await signedInUser(t.app);
    const { id } = await addEndpoint(t, cookie, { url: PUBLIC_URL, events: ["post.failed"] });
    await t.db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: WEBHOOK_MESSAGES.disabledAfterFailures(20), consecutiveFailures: 20 })
      .where(eq(webhookEndpoints.id, id));
    const on = await call("PATCH", `/api/webhooks/${id}`, cookie, { enabled: true });
    expect(on.json().webhook).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
  });

  test(`at most ${WEBHOOKS_PER_WORKSPACE} endpoints a workspace`, async () => {
    t = await createTestApp();
    const { cookie } = await signedInUser(t.app);
    for (let i = 0; i < WEBHOOKS_PER_WORKSPACE; i++)
      await addEndpoint(t, cookie, { url: `${PUBLIC_URL}/${i}`, events: ["post.failed"] });
    const more = await call("POST", "/api/webhooks", cookie, { url: PUBLIC_URL, events: ["post.failed"] });
    expect(more.statusCode).toBe(409);
    expect(more.json().error.message).toBe(WEBHOOK_MESSAGES.tooMany);
  });

  test("refuses control characters and bad input with the shared messages", async () => {
    t = await createTestApp();
    const { cookie } = await signedInUser(t.app);
    const cases: [object, string | RegExp][] = [
      [{ url: PUBLIC_URL, events: ["post.failed"], description: "bad\u0000text" }, /Description/],
      [{ url: `${PUBLIC_URL}\u0007`, events: ["post.failed"] }, /URL/],
      [{ url: PUBLIC_URL, events: [] }, WEBHOOK_MESSAGES.eventsRequired],
      [{ url: "ftp://93.184.215.14/x", events: ["post.failed"] }, WEBHOOK_MESSAGES.urlInvalid],
      [{ url: PUBLIC_URL, events: ["post.deleted"] }, /./],
    ];
    for (const [payload, message] of cases) {
      const res = await call("POST", "/api/webhooks", cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toMatch(message);
    }
    expect((await call("GET", "/api/webhooks", cookie)).json().webhooks).toEqual([]);
  });
});

describe("addresses", () => {
  test("a private address is refused when saved, and at delivery if it became one", async () => {
    t = await createTestApp();
    const { cookie } = await signedInUser(t.app);
    for (const url of ["http://127.0.0.1:8080/hook", "http://localhost/hook", "http://[::1]/x", "http://10.0.0.5/x"]) {
      const res = await call("POST", "/api/webhooks", cookie, { url, events: ["post.failed"] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toBe(WEBHOOK_MESSAGES.urlNotPublic);
    }
    const { id } = await addEndpoint(t, cookie, { url: PUBLIC_URL, events: ["post.failed"] });
    const moved = await call("PATCH", `/api/webhooks/${id}`, cookie, { url: "http://169.254.169.254/latest" });
    expect(moved.json().error.message).toBe(WEBHOOK_MESSAGES.urlNotPublic);
    // Its name now leads somewhere private (written directly, as a DNS change would): the delivery refuses it.
    await t.db.update(webhookEndpoints).set({ url: "http://127.0.0.1:9/hook" }).where(eq(webhookEndpoints.id, id));
    const test = await call("POST", `/api/webhooks/${id}/test`, cookie);
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json().delivery).toMatchObject({
      event: "webhook.test",
      status: "failed",
      responseStatus: null,
      error: WEBHOOK_MESSAGES.urlNotPublic,
    });
  });

  test("WEBHOOK_ALLOW_PRIVATE_URLS lets an endpoint be on the server's own network; send test delivers at once", async () => {
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: "true" });
    const receiver = await webhookReceiver();
    closing.push(receiver.close);
    const { cookie } = await signedInUser(t.app);
    const { id, secret } = await addEndpoint(t, cookie, { url: receiver.url, events: ["post.failed"] });
    const res = await call("POST", `/api/webhooks/${id}/test`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().delivery).toMatchObject({
      event: "webhook.test",
      status: "delivered",
      attempts: 1,
      responseStatus: 200,
      responseBody: "thanks",
      error: null,
      nextAttemptAt: null,
    });
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    if (!got) throw new Error("nothing received");
    expect(signedWith(secret, got)).toBe(true);
    expect(got.headers[WEBHOOK_HEADERS.event]).toBe("webhook.test");
    expect(JSON.parse(got.body)).toEqual(res.json().delivery.payload);
    // A failing test is kept as failed, not tried again, and not counted against the endpoint.
    receiver.answer(500);
    const failed = (await call("POST", `/api/webhooks/${id}/test`, cookie)).json().delivery;
    expect(failed).toMatchObject({ status: "failed", responseStatus: 500, error: WEBHOOK_MESSAGES.answered(500) });
    const log = (await call("GET", `/api/webhooks/${id}/deliveries`, cookie)).json();
    expect(log.deliveries.map((d: { id: string }) => d.id)).toEqual([failed.id, res.json().delivery.id]);
    expect((await call("GET", "/api/webhooks", cookie)).json().webhooks[0].consecutiveFailures).toBe(0);
  });
});

test("the delivery log pages newest first", async () => {
  t = await createTestApp();
  const { cookie } = await signedInUser(t.app);
  const { id } = await addEndpoint(t, cookie, { url: PUBLIC_URL, events: ["post.scheduled"] });
  const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  const total = WEBHOOK_DELIVERIES_PAGE_SIZE + 7;
  const start = Date.now();
  for (let i = 0; i < total; i++)
    await emitWebhookEvents(
      t.db,
      [{ workspaceId: row?.workspaceId as string, event: "post.scheduled", eventId: `e-${i}`, data: { i } }],
      new Date(start + (i % 10) * 1000),
    );
  const first = (await call("GET", `/api/webhooks/${id}/deliveries`, cookie)).json();
  expect(first.deliveries).toHaveLength(WEBHOOK_DELIVERIES_PAGE_SIZE);
  expect(first.next).toBe(first.deliveries.at(-1).id);
  const second = (await call("GET", `/api/webhooks/${id}/deliveries?before=${first.next}`, cookie)).json();
  expect(second.deliveries).toHaveLength(7);
  expect(second.next).toBeNull();
  const all = [...first.deliveries, ...second.deliveries];
  expect(new Set(all.map((d) => d.eventId)).size).toBe(total);
  const times = all.map((d) => Date.parse(d.createdAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  expect(all[0]).toMatchObject({ status: "pending", attempts: 0, payload: { event: "post.scheduled" } });
});

describe("who may", () => {
  test("the owner and admins manage webhooks; editors and contributors get 403 on every route", async () => {
    t = await createTestApp({ SESSION_CACHE_SECONDS: "0" });
    const owner = await signedInUser(t.app);
    const { id } = await addEndpoint(t, owner.cookie, { url: PUBLIC_URL, events: ["post.failed"] });
    const admin = await joinWorkspace(t, owner, "admin");
    expect((await call("GET", "/api/webhooks", admin.cookie)).json().webhooks).toHaveLength(1);
    for (const role of ["editor", "contributor"] as const) {
      const member = await joinWorkspace(t, owner, role);
      const calls = [
        call("GET", "/api/webhooks", member.cookie),
        call("POST", "/api/webhooks", member.cookie, { url: PUBLIC_URL, events: ["post.failed"] }),
        call("PATCH", `/api/webhooks/${id}`, member.cookie, { enabled: false }),
        call("DELETE", `/api/webhooks/${id}`, member.cookie),
        call("POST", `/api/webhooks/${id}/test`, member.cookie),
        call("GET", `/api/webhooks/${id}/deliveries`, member.cookie),
      ];
      for (const res of await Promise.all(calls)) expect(res.statusCode, `${role}: ${res.body}`).toBe(403);
    }
  });

  test("another workspace's endpoint is not found", async () => {
    t = await createTestApp();
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const { id } = await addEndpoint(t, a.cookie, { url: PUBLIC_URL, events: ["post.failed"] });
    for (const res of [
      await call("PATCH", `/api/webhooks/${id}`, b.cookie, { enabled: false }),
      await call("DELETE", `/api/webhooks/${id}`, b.cookie),
      await call("POST", `/api/webhooks/${id}/test`, b.cookie),
      await call("GET", `/api/webhooks/${id}/deliveries`, b.cookie),
      await call("GET", "/api/webhooks/not-a-uuid/deliveries", b.cookie),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(WEBHOOK_MESSAGES.notFound);
    }
    expect((await call("GET", "/api/webhooks", b.cookie)).json().webhooks).toEqual([]);
    expect((await call("GET", "/api/webhooks", a.cookie)).json().webhooks[0]).toMatchObject({ enabled: true });
  });
});
