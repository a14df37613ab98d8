import { wallClock } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import type { Notifications } from "../../src/db/client";
import { postTargets } from "../../src/db/schema";
import { createRealtimeHub } from "../../src/realtime/hub";
import { createPublishingWorker } from "../../src/worker/publishing-worker";
import { type ClaimedTarget, createQueueRepo } from "../../src/worker/queue.repo";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { publisherOn } from "../publishing";

/**
 * A post made due now wakes the publishing worker at once: in the process that saved it through the realtime
 * hub, and in every other process on PostgreSQL through NOTIFY. The worker here polls once an hour and the
 * test clock never moves, so only the wake can make it publish.
 */

const HOUR = 3_600_000;

let t: NetworkTestApp | undefined;
afterEach(async () => {
  await t?.app.publishingWorker.stop();
  await t?.close();
  t = undefined;
});

/** The app's own worker, polling once an hour; `published` lists what its publisher was handed. */
async function appWithIdleWorker() {
  t = await createNetworkTestApp({ PUBLISHING_POLL_MS: String(HOUR) });
  const app = t.app;
  const published: ClaimedTarget[] = [];
  let onPublished: (() => void) | undefined;
  const publish = app.publisher.publish.bind(app.publisher);
  app.publisher.publish = async (target, hooks) => {
    const out = await publish(target, hooks);
    published.push(target);
    onPublished?.();
    return out;
  };
  const nextPublication = () => new Promise<void>((resolve) => (onPublished = resolve));
  app.publishingWorker.start();
  // Its first round found nothing due: it now waits an hour for the next.
  await app.publishingWorker.idle();
  return { t, published, nextPublication };
}

const post = (cookie: string, accountIds: string[], extra: Record<string, unknown>) =>
  (t as NetworkTestApp).app.inject({
    method: "POST",
    url: "/api/posts",
    headers: { cookie },
    payload: { content: "Out at once", accountIds, timezone: "UTC", status: "scheduled", ...extra },
  });

describe("in one process", () => {
  test("a post published now goes out at once, without waiting for the worker's next poll", async () => {
    const { t, published, nextPublication } = await appWithIdleWorker();
    const { cookie, accountId } = await publisherOn(t, "twitter");
    // One scheduled for later wakes nothing: it is not due.
    const later = wallClock(new Date(t.clock.now().getTime() + HOUR), "UTC");
    const laterRes = await post(cookie, [accountId], {
      content: "Later",
      scheduledDate: later.date,
      scheduledTime: later.time,
    });
    expect(laterRes.statusCode, laterRes.body).toBe(200);

    const out = nextPublication();
    const res = await post(cookie, [accountId], { publishNow: true });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().post.id as string;
    await out;
    await t.app.publishingWorker.idle();

    expect(published.map((p) => p.postId)).toEqual([id]);
    const [target] = await t.db.select().from(postTargets).where(eq(postTargets.postId, id));
    expect(target).toMatchObject({ status: "published", attempts: 1 });
    expect(t.sandbox.published("twitter").map((i) => i.text)).toEqual(["Out at once"]);
    const [waiting] = await t.db
      .select()
      .from(postTargets)
      .where(eq(postTargets.postId, laterRes.json().post.id as string));
    expect(waiting).toMatchObject({ status: "pending", attempts: 0 });
  });

  test("Publish now on a scheduled post wakes the worker too", async () => {
    const { t, published, nextPublication } = await appWithIdleWorker();
    const { cookie, accountId } = await publisherOn(t, "twitter");
    const later = wallClock(new Date(t.clock.now().getTime() + HOUR), "UTC");
    const made = await post(cookie, [accountId], { scheduledDate: later.date, scheduledTime: later.time });
    const id = made.json().post.id as string;
    const out = nextPublication();
    const res = await t.app.inject({ method: "POST", url: `/api/posts/${id}/publish`, headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    await out;
    expect(published.map((p) => p.postId)).toEqual([id]);
  });
});

describe("between polls", () => {
  test("a target falling due before the next poll is taken when it falls due, not at the poll", async () => {
    t = await createNetworkTestApp();
    const { cookie, accountId } = await publisherOn(t, "linkedin");
    const later = wallClock(new Date(t.clock.now().getTime() + HOUR), "UTC");
    const made = await post(cookie, [accountId], { scheduledDate: later.date, scheduledTime: later.time });
    const id = made.json().post.id as string;
    // Due a second from now on the real clock, which this worker reads; it polls once an hour.
    const dueAt = Date.now() + 1_000;
    await t.db
      .update(postTargets)
      .set({ nextAttemptAt: new Date(dueAt) })
      .where(eq(postTargets.postId, id));
    let published: (at: number) => void = () => {};
    const out = new Promise<number>((resolve) => (published = resolve));
    const worker = createPublishingWorker({
      queue: createQueueRepo(t.db),
      publisher: {
        publish: async (target) => {
          published(Date.now());
          return { externalId: `x-${target.id}`, url: null };
        },
        lookup: async () => null,
      },
      id: "between-polls",
      pollMs: HOUR,
    });
    worker.start();
    const at = await out;
    expect(at).toBeGreaterThanOrEqual(dueAt);
    await worker.idle();
    await worker.stop();
    const [target] = await t.db.select().from(postTargets).where(eq(postTargets.postId, id));
    expect(target).toMatchObject({ status: "published" });
  });
});

/** Notifications between hubs of one "database", as PostgreSQL's LISTEN/NOTIFY passes them. */
function sharedNotifications() {
  const listeners = new Map<string, Set<(payload: string) => void>>();
  const notifications: Notifications = {
    async listen(channel, onPayload) {
      const set = listeners.get(channel) ?? new Set();
      set.add(onPayload);
      listeners.set(channel, set);
      return async () => {
        set.delete(onPayload);
      };
    },
    async notify(channel, payload) {
      for (const l of listeners.get(channel) ?? []) l(payload);
    },
  };
  return notifications;
}

describe("across processes", () => {
  test("a post due in one process wakes the workers of the others once, and its own once", async () => {
    const relay = sharedNotifications();
    const api = createRealtimeHub({ relay });
    const worker = createRealtimeHub({ relay });
    await api.start();
    await worker.start();
    const woken = { api: 0, worker: 0 };
    api.onDue(() => woken.api++);
    const stop = worker.onDue(() => woken.worker++);
    api.due();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(woken).toEqual({ api: 1, worker: 1 });
    stop();
    api.due();
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(woken).toEqual({ api: 2, worker: 1 });
    await api.stop();
    await worker.stop();
  });
});
