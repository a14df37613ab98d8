import {
  WEBHOOK_ATTEMPT_OFFSETS_MS,
  WEBHOOK_DISABLE_AFTER_FAILURES,
  WEBHOOK_EVENTS,
  WEBHOOK_HEADERS,
  WEBHOOK_MESSAGES,
} from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { notifications, socialAccounts, webhookDeliveries, webhookEndpoints } from "../../src/db/schema";
import { createCipher } from "../../src/lib/crypto";
import { createAccountsRepo } from "../../src/modules/accounts/accounts.repo";
import { webhookJobHandlers } from "../../src/modules/webhooks/webhook-delivery";
import { emitWebhookEvents, WEBHOOK_DELIVERY_JOB } from "../../src/modules/webhooks/webhook-events";
import { createWebhooksRepo } from "../../src/modules/webhooks/webhooks.repo";
import { createJobsRepo } from "../../src/worker/jobs.repo";
import { createJobsWorker } from "../../src/worker/jobs-worker";
import { createNetworkTestApp, joinWorkspace, type NetworkTestApp } from "../helpers";
import { comment, ingest } from "../inbox";
import { duePost, publishDue, publisherOn } from "../publishing";
import { addEndpoint, runJobs, signedWith, webhookReceiver } from "../webhooks";

let t: NetworkTestApp;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

beforeEach(async () => {
  t = await createNetworkTestApp({ WEBHOOK_ALLOW_PRIVATE_URLS: "true", SESSION_CACHE_SECONDS: "0" });
  receiver = await webhookReceiver();
});
afterEach(async () => {
  await t.close();
  await receiver.close();
});

const workspaceOf = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).json().workspace.id as string;

const deliveriesOf = (endpointId: string) =>
  t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));

/** A second jobs worker, as another process runs one, with the same webhook handler. */
const secondWorker = () =>
  createJobsWorker({
    repo: createJobsRepo(t.db),
    handlers: webhookJobHandlers({
      repo: createWebhooksRepo(t.db),
      cipher: createCipher("test-secret-test-secret-test-secret-0123"),
      allowPrivateUrls: true,
      now: t.clock.now,
    }),
    now: t.clock.now,
    id: "second-worker",
  });

describe("every event reaches the endpoint once, signed", () => {
  test("post scheduled, published, failed, approval requested, comment received and account expired", async () => {
    const { cookie, accountId } = await publisherOn(t, "linkedin");
    const workspaceId = await workspaceOf(cookie);
    const { id, secret } = await addEndpoint(t, cookie, { url: receiver.url, events: [...WEBHOOK_EVENTS] });

    // A contributor's post waits for approval.
    const contributor = await joinWorkspace(t, { cookie }, "contributor");
    const at = new Date(t.clock.now().getTime() + 86_400_000);
    const submitted = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie: contributor.cookie },
      payload: {
        content: "Please approve",
        accountIds: [accountId],
        scheduledDate: at.toISOString().slice(0, 10),
        scheduledTime: "10:00",
        timezone: "UTC",
        status: "pending_approval",
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    // Scheduled, then published by the publishing worker against the sandbox.
    const published = await duePost(t, cookie, { accountIds: [accountId], content: "Out it goes" });
    expect((await publishDue(t, published)).post?.status).toBe("published");
    // Refused by the network for good: failed.
    const failed = await duePost(t, cookie, { accountIds: [accountId], content: "Refused" });
    t.sandbox.failNext("linkedin", { status: 422, pathIncludes: "rest/posts" });
    expect((await publishDue(t, failed)).post?.status).toBe("failed");
    // A comment read from the network, read twice.
    const c = comment("net-post", t.clock.now(), { networkId: "hook-comment", text: "Nice one" });
    const account = { workspaceId, id: accountId, platform: "linkedin" as const };
    await ingest(t.db, account, [c], t.clock.now());
    await ingest(t.db, account, [c], t.clock.now());
    // The account's access ended for good, told twice (two sweeps).
    const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
    if (!row) throw new Error("no account");
    const end = new Date(t.clock.now().getTime() - 60_000);
    const accounts = createAccountsRepo(t.db);
    await accounts.tellEnded(row, end, t.clock.now(), "ended");
    await accounts.tellEnded(row, end, t.clock.now(), "ended");

    // Each event told once more (a settle or a save repeated): nothing new.
    const stored = await deliveriesOf(id);
    const again = await emitWebhookEvents(
      t.db,
      stored.map((d) => ({
        workspaceId,
        event: d.event as (typeof WEBHOOK_EVENTS)[number],
        eventId: d.eventId,
        data: {},
      })),
      t.clock.now(),
    );
    expect(again).toBe(0);

    // Two workers take the deliveries' jobs at once.
    const other = secondWorker();
    for (let round = 0; round < 10; round++) {
      const [a, b] = await Promise.all([t.app.jobsWorker.runOnce(), other.runOnce()]);
      if (a + b === 0) break;
    }
    await runJobs(t);

    const events = receiver.received.map((r) => r.headers[WEBHOOK_HEADERS.event]);
    expect(events.sort()).toEqual(
      [
        "account.expired",
        "approval.requested",
        "comment.received",
        "post.failed",
        "post.published",
        "post.scheduled",
        "post.scheduled",
      ].sort(),
    );
    const ids = receiver.received.map((r) => r.headers[WEBHOOK_HEADERS.id]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of receiver.received) {
      expect(signedWith(secret, r)).toBe(true);
      expect(r.headers["content-type"]).toBe("application/json");
      expect(r.headers["user-agent"]).toMatch(/Orbitpost/);
      const body = JSON.parse(r.body);
      expect(body).toMatchObject({
        id: r.headers[WEBHOOK_HEADERS.id],
        event: r.headers[WEBHOOK_HEADERS.event],
        workspaceId,
      });
      expect(Number(r.headers[WEBHOOK_HEADERS.timestamp])).toBe(Math.floor(t.clock.now().getTime() / 1000));
    }
    const byEvent = (e: string) =>
      JSON.parse(receiver.received.find((r) => r.headers[WEBHOOK_HEADERS.event] === e)?.body ?? "{}");
    expect(byEvent("post.published").data).toMatchObject({ postId: published, network: "linkedin", accountId });
    expect(byEvent("post.published").data.url).toEqual(expect.any(String));
    expect(byEvent("post.failed").data).toMatchObject({
      postId: failed,
      network: "linkedin",
      error: expect.any(String),
    });
    expect(byEvent("comment.received").data).toMatchObject({ text: "Nice one", accountId, network: "linkedin" });
    expect(byEvent("account.expired").data).toMatchObject({ accountId, expiredAt: end.toISOString() });
    expect(byEvent("approval.requested").data).toMatchObject({ requestedBy: contributor.userId });
    expect((await deliveriesOf(id)).every((d) => d.status === "delivered" && d.attempts === 1)).toBe(true);
  });

  test("only the events an enabled endpoint chose, and only its workspace's", async () => {
    const { cookie, accountId } = await publisherOn(t, "linkedin");
    const chosen = await addEndpoint(t, cookie, { url: receiver.url, events: ["post.published"] });
    const off = await addEndpoint(t, cookie, { url: receiver.url, events: ["post.scheduled"] });
    await t.app.inject({
      method: "PATCH",
      url: `/api/webhooks/${off.id}`,
      headers: { cookie },
      payload: { enabled: false },
    });
    const stranger = await publisherOn(t, "linkedin", "stranger");
    await addEndpoint(t, stranger.cookie, { url: `${receiver.url}?stranger`, events: [...WEBHOOK_EVENTS] });
    const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Chosen events" });
    await publishDue(t, postId);
    await runJobs(t);
    expect(receiver.received.map((r) => r.headers[WEBHOOK_HEADERS.event])).toEqual(["post.published"]);
    expect(await deliveriesOf(chosen.id)).toHaveLength(1);
    expect(await deliveriesOf(off.id)).toHaveLength(0);
  });
});

describe("retries", () => {
  test("a failing endpoint is tried again on the schedule, counted from the event, then given up", async () => {
    const { cookie } = await publisherOn(t, "linkedin");
    const workspaceId = await workspaceOf(cookie);
    const { id } = await addEndpoint(t, cookie, { url: receiver.url, events: ["post.scheduled"] });
    receiver.answer(500);
    const created = t.clock.now();
    await emitWebhookEvents(t.db, [{ workspaceId, event: "post.scheduled", eventId: "retry-me", data: {} }], created);
    for (let n = 1; n <= WEBHOOK_ATTEMPT_OFFSETS_MS.length; n++) {
      await runJobs(t);
      const [d] = await deliveriesOf(id);
      expect(d?.attempts).toBe(n);
      expect(d?.responseStatus).toBe(500);
      expect(d?.responseBody).toBe("not now");
      expect(d?.error).toBe(WEBHOOK_MESSAGES.answered(500));
      const next = WEBHOOK_ATTEMPT_OFFSETS_MS[n];
      if (next === undefined) {
        expect(d).toMatchObject({ status: "failed", nextAttemptAt: null });
        break;
      }
      expect(d?.status).toBe("retrying");
      expect(d?.nextAttemptAt?.getTime()).toBe(created.getTime() + next);
      // Not before its time.
      t.clock.advance(created.getTime() + next - t.clock.now().getTime() - 1_000);
      await runJobs(t);
      expect((await deliveriesOf(id))[0]?.attempts).toBe(n);
      t.clock.advance(1_000);
    }
    expect(receiver.received).toHaveLength(WEBHOOK_ATTEMPT_OFFSETS_MS.length);
    // The same bytes every time, under the same webhook-id.
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.headers[WEBHOOK_HEADERS.id]))).toEqual(new Set(["retry-me"]));
    const [endpoint] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(endpoint?.consecutiveFailures).toBe(WEBHOOK_ATTEMPT_OFFSETS_MS.length);

    // A success resets the failures in a row.
    receiver.answer(204);
    await emitWebhookEvents(t.db, [{ workspaceId, event: "post.scheduled", eventId: "fine", data: {} }], t.clock.now());
    await runJobs(t);
    const [after] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(after).toMatchObject({ consecutiveFailures: 0, enabled: true });
    expect((await deliveriesOf(id)).find((d) => d.eventId === "fine")).toMatchObject({ status: "delivered" });
  });

  test("an attempt whose worker stopped counts as failed and the next one follows", async () => {
    const { cookie } = await publisherOn(t, "linkedin");
    const workspaceId = await workspaceOf(cookie);
    const { id } = await addEndpoint(t, cookie, { url: receiver.url, events: ["post.scheduled"] });
    await emitWebhookEvents(t.db, [{ workspaceId, event: "post.scheduled", eventId: "lost", data: {} }], t.clock.now());
    // A worker claims the job and begins the attempt, then stops.
    const jobs = createJobsRepo(t.db);
    const [job] = await jobs.claimDue("stopped-worker", t.clock.now(), 10, 60_000);
    expect(job?.kind).toBe(WEBHOOK_DELIVERY_JOB);
    const [d] = await deliveriesOf(id);
    await createWebhooksRepo(t.db).startAttempt(d?.id as string, 1, t.clock.now());
    t.clock.advance(2 * 60_000);
    await runJobs(t);
    const [after] = await deliveriesOf(id);
    expect(after).toMatchObject({ attempts: 2, status: "delivered" });
    expect(receiver.received).toHaveLength(1);
  });
});

test("an endpoint failing WEBHOOK_DISABLE_AFTER_FAILURES times in a row is turned off, the owner told once", async () => {
  const { cookie } = await publisherOn(t, "linkedin");
  const admin = await joinWorkspace(t, { cookie }, "admin");
  const workspaceId = await workspaceOf(cookie);
  const { id } = await addEndpoint(t, cookie, { url: receiver.url, events: ["post.scheduled"] });
  receiver.answer(503);
  const events = Array.from({ length: WEBHOOK_DISABLE_AFTER_FAILURES + 3 }, (_, i) => ({
    workspaceId,
    event: "post.scheduled" as const,
    eventId: `failing-${i}`,
    data: {},
  }));
  await emitWebhookEvents(t.db, events, t.clock.now());
  await runJobs(t);
  const [endpoint] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  expect(endpoint).toMatchObject({
    enabled: false,
    disabledReason: WEBHOOK_MESSAGES.disabledAfterFailures(WEBHOOK_DISABLE_AFTER_FAILURES),
  });
  const told = await t.db.select().from(notifications).where(eq(notifications.kind, "webhook_disabled"));
  expect(told).toHaveLength(1);
  expect(told[0]?.userId).not.toBe(admin.userId);
  // Its retries are not sent while it is off.
  const sent = receiver.received.length;
  expect(sent).toBe(WEBHOOK_DISABLE_AFTER_FAILURES);
  t.clock.advance(WEBHOOK_ATTEMPT_OFFSETS_MS[1]);
  await runJobs(t);
  expect(receiver.received).toHaveLength(sent);
  const settled = await deliveriesOf(id);
  expect(settled.map((d) => [d.status, d.error])).toEqual(
    settled.map(() => ["failed", WEBHOOK_MESSAGES.notSentEndpointOff]),
  );
  // Turned on again: its failures and the reason are cleared.
  const on = await t.app.inject({
    method: "PATCH",
    url: `/api/webhooks/${id}`,
    headers: { cookie },
    payload: { enabled: true },
  });
  expect(on.json().webhook).toMatchObject({ enabled: true, disabledReason: null, consecutiveFailures: 0 });
});
