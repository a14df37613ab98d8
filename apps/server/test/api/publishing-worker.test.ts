import { PUBLISH_MESSAGES, wallClock } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { posts, postTargets } from "../../src/db/schema";
import { NetworkError } from "../../src/platforms/http";
import {
  createPublishingWorker,
  type LookupOutcome,
  type Publisher,
  type PublishOutcome,
  retryDelayMs,
} from "../../src/worker/publishing-worker";
import { type ClaimedTarget, createQueueRepo, derivePostStatus } from "../../src/worker/queue.repo";
import { createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const TZ = "UTC";

/** A fake network: records every call, answers from a script (default: a new post each time). */
function fakeNetwork() {
  const published: ClaimedTarget[] = [];
  const lookups: ClaimedTarget[] = [];
  let script: ((target: ClaimedTarget) => PublishOutcome | Error) | undefined;
  let lookupAnswer: (target: ClaimedTarget) => LookupOutcome = () => "unsupported";
  const publisher: Publisher = {
    async publish(target) {
      published.push(target);
      const out = script?.(target) ?? { externalId: `ext-${target.id}`, url: `https://example.test/${target.id}` };
      if (out instanceof Error) throw out;
      return out;
    },
    async lookup(target) {
      lookups.push(target);
      return lookupAnswer(target);
    },
  };
  return {
    publisher,
    published,
    lookups,
    answer(f: typeof script) {
      script = f;
    },
    lookupAnswers(f: typeof lookupAnswer) {
      lookupAnswer = f;
    },
  };
}

async function userWith(...platforms: ("linkedin" | "twitter")[]) {
  const { cookie } = await signedInUser(t.app);
  const ids: string[] = [];
  for (const p of platforms) ids.push((await connect(t, cookie, p)).json().account.id);
  return { cookie, ids };
}

/** A post scheduled `inMs` from the test clock, through the API. */
async function schedule(cookie: string, accountIds: string[], inMs = HOUR, content = "Going out") {
  const at = wallClock(new Date(t.clock.now().getTime() + inMs), TZ);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/posts",
    headers: { cookie },
    payload: { content, accountIds, scheduledDate: at.date, scheduledTime: at.time, timezone: TZ, status: "scheduled" },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().post as { id: string };
}

const worker = (network: ReturnType<typeof fakeNetwork>, id: string, extra = {}) =>
  createPublishingWorker({
    queue: createQueueRepo(t.db),
    publisher: network.publisher,
    now: t.clock.now,
    id,
    ...extra,
  });

const postStatus = async (id: string) =>
  (await t.db.select({ status: posts.status }).from(posts).where(eq(posts.id, id)))[0]?.status;
const targetsOf = (postId: string) => t.db.select().from(postTargets).where(eq(postTargets.postId, postId));

test("the post's status follows its targets", () => {
  expect(derivePostStatus(["published", "published"])).toBe("published");
  expect(derivePostStatus(["published", "failed"])).toBe("partially_published");
  expect(derivePostStatus(["published", "unconfirmed"])).toBe("partially_published");
  expect(derivePostStatus(["failed", "unconfirmed"])).toBe("failed");
  expect(derivePostStatus(["published", "pending"])).toBe("publishing");
  expect(derivePostStatus(["publishing"])).toBe("publishing");
});

test("backoff doubles from 30 s to at most 30 min, and never comes before Retry-After", () => {
  expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
  expect(retryDelayMs(20)).toBe(30 * 60_000);
  expect(retryDelayMs(1, 600)).toBe(600_000);
});

describe("on time, once", () => {
  test("a post goes out when it is due, not before; the post records where it went", async () => {
    const { cookie, ids } = await userWith("linkedin", "twitter");
    const post = await schedule(cookie, ids, HOUR);
    const network = fakeNetwork();
    const w = worker(network, "w1");
    expect(await w.tick()).toBe(0);
    t.clock.advance(HOUR - 60_000);
    expect(await w.tick()).toBe(0);
    t.clock.advance(61_000);
    expect(await w.tick()).toBe(2);
    expect(network.published).toHaveLength(2);
    expect(await postStatus(post.id)).toBe("published");
    for (const target of await targetsOf(post.id)) {
      expect(target).toMatchObject({ status: "published", externalId: `ext-${target.id}`, leaseOwner: null });
      expect(target.publishedAt?.getTime()).toBe(t.clock.now().getTime());
    }
    expect(await w.tick()).toBe(0);
    expect(network.published).toHaveLength(2);
  });

  test("two workers on one database never publish the same target twice", async () => {
    const { cookie, ids } = await userWith("linkedin", "twitter");
    for (let i = 0; i < 5; i++) await schedule(cookie, ids, HOUR, `Post ${i}`); // the Free plan's month
    t.clock.advance(2 * HOUR);
    const network = fakeNetwork();
    const a = worker(network, "a", { batch: 2 });
    const b = worker(network, "b", { batch: 2 });
    for (let round = 0; round < 6; round++) await Promise.all([a.tick(), b.tick()]);
    const published = network.published.map((p) => p.id);
    expect(published).toHaveLength(10);
    expect(new Set(published).size).toBe(10);
  });

  test("running, a worker publishes up to `concurrency` targets at once and stop() waits for those under way", async () => {
    const { cookie, ids } = await userWith("linkedin", "twitter");
    for (let i = 0; i < 5; i++) await schedule(cookie, ids, HOUR, `Post ${i}`);
    t.clock.advance(2 * HOUR);
    const network = fakeNetwork();
    let underWay = 0;
    let most = 0;
    const publish = network.publisher.publish;
    network.publisher.publish = async (target, hooks) => {
      most = Math.max(most, ++underWay);
      await new Promise((resolve) => setTimeout(resolve, 40));
      underWay--;
      return publish(target, hooks);
    };
    const w = worker(network, "loop", { concurrency: 4, batch: 4, pollMs: 20 });
    w.start();
    for (let i = 0; i < 200 && network.published.length < 3; i++) await new Promise((r) => setTimeout(r, 10));
    await w.stop();
    expect(underWay).toBe(0);
    const settled = network.published.length;
    expect(settled).toBeGreaterThanOrEqual(3);
    // What it had taken was finished before stop() returned; the rest waits for the next worker.
    const rows = await t.db.select().from(postTargets);
    expect(rows.filter((r) => r.status === "published")).toHaveLength(settled);
    expect(rows.filter((r) => r.status === "publishing")).toHaveLength(0);
    w.start();
    for (let i = 0; i < 200 && network.published.length < 10; i++) await new Promise((r) => setTimeout(r, 10));
    await w.stop();
    expect(most).toBe(4);
    expect(new Set(network.published.map((p) => p.id)).size).toBe(10);
    expect(network.published).toHaveLength(10);
  });

  test("targets of one post settled at the same moment leave the post's status right", async () => {
    const { cookie, ids } = await userWith("linkedin", "twitter");
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await schedule(cookie, ids, HOUR, `Post ${i}`)).id);
    t.clock.advance(2 * HOUR);
    const queue = createQueueRepo(t.db);
    const now = t.clock.now();
    // Two workers each hold one target of every post, and finish them at once (on PostgreSQL, truly at once).
    const [a, b] = [await queue.claimDue("a", now, 60_000, 5), await queue.claimDue("b", now, 60_000, 5)];
    expect([...(a ?? []), ...(b ?? [])]).toHaveLength(10);
    const settle = (worker: string) => (target: ClaimedTarget) =>
      target.platform === "twitter"
        ? queue.failed(target.id, worker, now, "Refused")
        : queue.published(target.id, worker, now, { externalId: `x-${target.id}`, url: null });
    await Promise.all([...a.map(settle("a")), ...b.map(settle("b"))]);
    for (const id of made) expect(await postStatus(id)).toBe("partially_published");
  });

  test("once publishing has begun the post can no longer be edited or deleted", async () => {
    const { cookie, ids } = await userWith("linkedin");
    const post = await schedule(cookie, ids, HOUR);
    t.clock.advance(2 * HOUR);
    const [claimed] = await createQueueRepo(t.db).claimDue("w", t.clock.now(), 60_000, 5);
    expect(claimed?.postId).toBe(post.id);
    const remove = await t.app.inject({ method: "DELETE", url: `/api/posts/${post.id}`, headers: { cookie } });
    expect(remove.statusCode).toBe(409);
    const move = await t.app.inject({
      method: "PATCH",
      url: `/api/posts/${post.id}`,
      headers: { cookie },
      payload: { scheduledDate: wallClock(new Date(t.clock.now().getTime() + 48 * HOUR), TZ).date },
    });
    expect(move.statusCode).toBe(409);
    expect(await postStatus(post.id)).toBe("publishing");
  });
});

describe("failures", () => {
  test("a 429 goes back to the queue until its Retry-After has passed, then it goes out", async () => {
    const { cookie, ids } = await userWith("linkedin");
    const post = await schedule(cookie, ids);
    t.clock.advance(2 * HOUR);
    const network = fakeNetwork();
    network.answer(() => new NetworkError("Too Many Requests", 429, true, false, 900));
    const w = worker(network, "w");
    await w.tick();
    const [target] = await targetsOf(post.id);
    expect(target).toMatchObject({
      status: "pending",
      attempts: 1,
      lastError: "Too Many Requests",
      verifyFirst: false,
    });
    expect(target?.nextAttemptAt?.getTime()).toBe(t.clock.now().getTime() + 900_000);
    expect(await postStatus(post.id)).toBe("publishing");
    network.answer(undefined);
    t.clock.advance(899_000);
    expect(await w.tick()).toBe(0);
    t.clock.advance(1_000);
    expect(await w.tick()).toBe(1);
    expect(await postStatus(post.id)).toBe("published");
    expect(network.lookups).toHaveLength(0);
  });

  test("after a 5xx the network is asked first: a post it already made is not made again", async () => {
    const { cookie, ids } = await userWith("linkedin");
    const post = await schedule(cookie, ids);
    t.clock.advance(2 * HOUR);
    const network = fakeNetwork();
    network.answer(() => new NetworkError("Internal Server Error", 503, true, false));
    const w = worker(network, "w");
    const failedAt = t.clock.now().getTime();
    await w.tick();
    expect((await targetsOf(post.id))[0]).toMatchObject({ status: "pending", verifyFirst: true });
    network.lookupAnswers(() => ({ externalId: "made-anyway", url: "https://example.test/made-anyway" }));
    // However long the retry waits, the lookup is told when the attempt that may have posted began.
    t.clock.advance(3 * HOUR);
    await w.tick();
    expect(network.lookups[0]?.previousAttemptStartedAt?.getTime()).toBe(failedAt);
    expect(network.published).toHaveLength(1); // only the first, failed call
    expect(network.lookups).toHaveLength(1);
    expect((await targetsOf(post.id))[0]).toMatchObject({ status: "published", externalId: "made-anyway" });
  });

  test("a refusal fails the target with the network's message; the other network's target still goes out", async () => {
    const { cookie, ids } = await userWith("linkedin", "twitter");
    const post = await schedule(cookie, ids);
    t.clock.advance(2 * HOUR);
    const network = fakeNetwork();
    network.answer((target) =>
      target.platform === "twitter"
        ? new NetworkError("You are not allowed to create a Tweet with duplicate content.", 403, false, false)
        : { externalId: "li-1", url: null },
    );
    await worker(network, "w").tick();
    const byPlatform = Object.fromEntries((await targetsOf(post.id)).map((x) => [x.platform, x]));
    expect(byPlatform.twitter).toMatchObject({
      status: "failed",
      lastError: "You are not allowed to create a Tweet with duplicate content.",
    });
    expect(byPlatform.linkedin).toMatchObject({ status: "published" });
    expect(await postStatus(post.id)).toBe("partially_published");
  });

  test("a passing failure that never passes is failed after the last attempt, with its message", async () => {
    const { cookie, ids } = await userWith("linkedin");
    const post = await schedule(cookie, ids);
    t.clock.advance(2 * HOUR);
    const network = fakeNetwork();
    network.answer(() => new NetworkError("Too Many Requests", 429, true, false));
    const w = worker(network, "w", { maxAttempts: 3 });
    for (let i = 0; i < 3; i++) {
      await w.tick();
      t.clock.advance(HOUR);
    }
    expect((await targetsOf(post.id))[0]).toMatchObject({
      status: "failed",
      attempts: 3,
      lastError: PUBLISH_MESSAGES.gaveUp(3, "Too Many Requests"),
    });
    expect(await postStatus(post.id)).toBe("failed");
  });
});

describe("a worker that stops in the middle", () => {
  /** Worker "dead" claims the post's target and never finishes; the lease then runs out. */
  async function interrupted() {
    const { cookie, ids } = await userWith("linkedin");
    const post = await schedule(cookie, ids);
    t.clock.advance(2 * HOUR);
    const [claimed] = await createQueueRepo(t.db).claimDue("dead", t.clock.now(), 60_000, 5);
    const startedAt = claimed?.attemptStartedAt;
    t.clock.advance(61_000);
    return { post, startedAt };
  }

  test("its target is taken over and the network asked: found, it is recorded as published, not posted again", async () => {
    const { post, startedAt } = await interrupted();
    const network = fakeNetwork();
    network.lookupAnswers(() => ({ externalId: "found", url: "https://example.test/found" }));
    await worker(network, "w2", { leaseMs: 60_000 }).tick();
    expect(network.published).toHaveLength(0);
    expect(network.lookups[0]).toMatchObject({ recovered: true, attemptStartedAt: startedAt });
    expect((await targetsOf(post.id))[0]).toMatchObject({ status: "published", externalId: "found", attempts: 2 });
    // The dead worker's late answer changes nothing: its lease is gone.
    const late = await createQueueRepo(t.db).published(
      (await targetsOf(post.id))[0]?.id as string,
      "dead",
      t.clock.now(),
      {
        externalId: "late",
        url: null,
      },
    );
    expect(late.held).toBe(false);
  });

  test("not found on the network: it is published now", async () => {
    const { post } = await interrupted();
    const network = fakeNetwork();
    network.lookupAnswers(() => null);
    await worker(network, "w2").tick();
    expect(network.published).toHaveLength(1);
    expect(await postStatus(post.id)).toBe("published");
  });

  test("a network that cannot be asked: never retried blindly, the user is asked to check", async () => {
    const { post } = await interrupted();
    const network = fakeNetwork();
    await worker(network, "w2").tick();
    expect(network.published).toHaveLength(0);
    expect((await targetsOf(post.id))[0]).toMatchObject({
      status: "unconfirmed",
      lastError: PUBLISH_MESSAGES.unconfirmed("LinkedIn"),
    });
    expect(await postStatus(post.id)).toBe("failed");
  });
});
