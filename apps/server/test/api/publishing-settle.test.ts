import { wallClock } from "@app/shared";
import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, expect, test } from "vitest";
import type { Db } from "../../src/db/client";
import { notifications, posts, postTargets } from "../../src/db/schema";
import { createPublishingWorker, type Publisher } from "../../src/worker/publishing-worker";
import { createQueueRepo } from "../../src/worker/queue.repo";
import { createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";

/**
 * The queue in set-based statements: a claim of any number of targets is one statement, settling any number
 * is one transaction (a locking read and one statement), whatever their posts; leases, post statuses and
 * notifications as when each was settled alone.
 */

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const HOUR = 3_600_000;

async function userWith(...platforms: ("linkedin" | "twitter" | "facebook")[]) {
  const { cookie } = await signedInUser(t.app);
  const ids: string[] = [];
  for (const p of platforms) ids.push((await connect(t, cookie, p)).json().account.id);
  return { cookie, ids };
}

async function schedule(cookie: string, accountIds: string[], content: string) {
  const at = wallClock(new Date(t.clock.now().getTime() + HOUR), "UTC");
  const res = await t.app.inject({
    method: "POST",
    url: "/api/posts",
    headers: { cookie },
    payload: {
      content,
      accountIds,
      scheduledDate: at.date,
      scheduledTime: at.time,
      timezone: "UTC",
      status: "scheduled",
    },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().post.id as string;
}

/** The database with every statement the queue sends counted (a transaction's BEGIN and COMMIT as two). */
function counted(db: Db) {
  const count = { statements: 0 };
  const STATEMENTS = new Set(["execute", "select", "insert", "update", "delete"]);
  const wrap = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(obj, key, receiver) {
        const value = Reflect.get(obj, key, receiver);
        if (typeof value !== "function") return value;
        if (key === "transaction")
          return (work: (tx: unknown) => Promise<unknown>, ...rest: unknown[]) => {
            count.statements += 2;
            return value.call(obj, (tx: object) => work(wrap(tx)), ...rest);
          };
        if (typeof key === "string" && STATEMENTS.has(key))
          return (...args: unknown[]) => {
            count.statements++;
            return value.apply(obj, args);
          };
        return value.bind(obj);
      },
    });
  return { db: wrap(db), count };
}

test("ten targets of five posts are claimed in one statement and settled in one transaction of four", async () => {
  const { cookie, ids } = await userWith("linkedin", "twitter");
  const made: string[] = [];
  for (let i = 0; i < 5; i++) made.push(await schedule(cookie, ids, `Post ${i}`));
  t.clock.advance(2 * HOUR);
  const { db, count } = counted(t.db);
  const queue = createQueueRepo(db);
  const now = t.clock.now();

  const claimed = await queue.claim("w", now, 60_000, 20);
  expect(count.statements).toBe(1);
  expect(claimed).toHaveLength(10);
  // Each with its post, so the publisher need not read it; the posts are going out.
  expect(new Set(claimed.map((c) => c.post?.content))).toEqual(new Set(made.map((_, i) => `Post ${i}`)));
  const rows = await t.db.select({ status: posts.status }).from(posts).where(inArray(posts.id, made));
  expect(rows.map((r) => r.status)).toEqual(Array(5).fill("publishing"));

  count.statements = 0;
  const results = await queue.settle(
    "w",
    now,
    claimed.map((c, i) => ({
      targetId: c.id,
      outcome:
        c.platform === "linkedin"
          ? { status: "published" as const, externalId: `li-${i}`, url: null }
          : i < 4
            ? { status: "failed" as const, error: "Refused" }
            : { status: "pending" as const, at: new Date(now.getTime() + 60_000), error: "Busy", verifyFirst: true },
    })),
  );
  expect(count.statements).toBe(4);
  expect([...results.values()].every((r) => r.held)).toBe(true);

  const byPost = new Map((await t.db.select().from(posts).where(inArray(posts.id, made))).map((p) => [p.id, p.status]));
  const targets = await t.db.select().from(postTargets).where(inArray(postTargets.postId, made));
  for (const target of targets) {
    const c = claimed.find((x) => x.id === target.id);
    const i = claimed.indexOf(c as (typeof claimed)[number]);
    expect(target.leaseOwner).toBeNull();
    if (target.platform === "linkedin") {
      expect(target).toMatchObject({ status: "published", externalId: `li-${i}`, lastError: null });
      expect(target.publishedAt?.getTime()).toBe(now.getTime());
    } else if (i < 4) {
      expect(target).toMatchObject({ status: "failed", lastError: "Refused", nextAttemptAt: null });
      expect(byPost.get(target.postId)).toBe("partially_published");
      expect(results.get(target.id)).toMatchObject({ postStatus: "partially_published", notified: true });
    } else {
      expect(target).toMatchObject({ status: "pending", lastError: "Busy", verifyFirst: true, externalId: null });
      expect(target.nextAttemptAt?.getTime()).toBe(now.getTime() + 60_000);
      expect(byPost.get(target.postId)).toBe("publishing");
    }
  }
  // A notification for each failure, none for the retry.
  const notes = await t.db.select().from(notifications).where(eq(notifications.kind, "publish_failed"));
  expect(notes.map((n) => n.message).sort()).toEqual(
    claimed.filter((c, i) => c.platform === "twitter" && i < 4).map(() => "Refused"),
  );
});

test("a settle whose lease is no longer the caller's changes nothing; the others of the batch are settled", async () => {
  const { cookie, ids } = await userWith("linkedin");
  const a = await schedule(cookie, ids, "A");
  const b = await schedule(cookie, ids, "B");
  t.clock.advance(2 * HOUR);
  const queue = createQueueRepo(t.db);
  const [first] = await queue.claimDue("old", t.clock.now(), 60_000, 1);
  t.clock.advance(61_000);
  // The lease ran out: another worker takes the target over first, then the due one.
  const taken = await queue.claim("new", t.clock.now(), 60_000, 1);
  expect(taken.map((x) => [x.id, x.recovered])).toEqual([[first?.id, true]]);
  const [second] = await queue.claim("new", t.clock.now(), 60_000, 5);
  expect(second?.recovered).toBe(false);
  const results = await queue.settle("old", t.clock.now(), [
    { targetId: first?.id as string, outcome: { status: "published", externalId: "late", url: null } },
  ]);
  expect(results.get(first?.id as string)).toEqual({ held: false });
  const mixed = await queue.settle("new", t.clock.now(), [
    { targetId: first?.id as string, outcome: { status: "published", externalId: "x1", url: null } },
    { targetId: second?.id as string, outcome: { status: "failed", error: "No" } },
  ]);
  expect([...mixed.values()].map((r) => r.held)).toEqual([true, true]);
  const statuses = new Map(
    (
      await t.db
        .select()
        .from(posts)
        .where(inArray(posts.id, [a, b]))
    ).map((p) => [p.id, p.status]),
  );
  expect(statuses.get(first?.postId as string)).toBe("published");
  expect(statuses.get(second?.postId as string)).toBe("failed");
});

test("the running worker settles targets that finish together in one transaction", async () => {
  const { cookie, ids } = await userWith("linkedin", "twitter", "facebook");
  for (let i = 0; i < 5; i++) await schedule(cookie, ids.slice(0, 2), `Post ${i}`);
  t.clock.advance(2 * HOUR);
  const { db, count } = counted(t.db);
  const queue = createQueueRepo(db);
  let settles = 0;
  const settle = queue.settle;
  queue.settle = (...args) => {
    settles++;
    return settle(...args);
  };
  // Every call answers at once: the targets of one claim finish together.
  const publisher: Publisher = {
    publish: async (target) => ({ externalId: `ext-${target.id}`, url: null }),
    lookup: async () => null,
  };
  const announced: string[] = [];
  const w = createPublishingWorker({
    queue,
    publisher,
    now: t.clock.now,
    id: "w",
    batch: 10,
    concurrency: 10,
    pollMs: HOUR,
    onSettled: (target) => announced.push(target.postId),
  });
  w.start();
  await w.idle();
  await w.stop();
  const rows = await t.db.select().from(postTargets);
  expect(rows.filter((r) => r.status === "published")).toHaveLength(10);
  // Settled together: fewer settles than targets, and announcements per post settled, not per target.
  expect(settles).toBeLessThan(10);
  expect(new Set(announced).size).toBe(5);
  expect(announced.length).toBeLessThan(10);
  // beat, claim, settles (4 statements each: these posts have two targets), the empty claim, forget
  expect(count.statements).toBeLessThanOrEqual(4 + 4 * settles + 1);
});

test("posts with one target each are settled in one statement, with their statuses and notifications", async () => {
  const { cookie, ids } = await userWith("linkedin", "twitter");
  const single = [] as string[];
  for (let i = 0; i < 3; i++) single.push(await schedule(cookie, ids.slice(0, 1), `Alone ${i}`));
  const pair = await schedule(cookie, ids, "Pair");
  t.clock.advance(2 * HOUR);
  const { db, count } = counted(t.db);
  const queue = createQueueRepo(db);
  const now = t.clock.now();
  const claimed = await queue.claim("w", now, 60_000, 10);
  // The claim tells how many targets each post has.
  expect(claimed.map((c) => [c.postId, c.postTargets]).sort()).toEqual(
    [...single.map((id) => [id, 1]), [pair, 2], [pair, 2]].sort(),
  );
  const alone = claimed.filter((c) => c.postTargets === 1);
  count.statements = 0;
  const results = await queue.settle(
    "w",
    now,
    alone.map((c, i) => ({
      targetId: c.id,
      alone: true,
      outcome:
        i === 0
          ? { status: "failed" as const, error: "Refused" }
          : { status: "published" as const, externalId: `x${i}`, url: null },
    })),
  );
  expect(count.statements).toBe(1);
  expect(alone.map((c) => results.get(c.id)?.postStatus)).toEqual(["failed", "published", "published"]);
  const statuses = new Map(
    (await t.db.select().from(posts).where(inArray(posts.id, single))).map((p) => [p.id, p.status]),
  );
  expect(alone.map((c) => statuses.get(c.postId))).toEqual(["failed", "published", "published"]);
  const notes = await t.db.select().from(notifications).where(eq(notifications.kind, "publish_failed"));
  expect(notes.map((n) => n.postId)).toEqual([alone[0]?.postId]);
  // The claim and the notification carry the post's workspace (and its author).
  const [first] = await t.db
    .select()
    .from(posts)
    .where(eq(posts.id, alone[0]?.postId as string));
  expect(first?.workspaceId).toBe(`personal-${first?.userId}`);
  expect(alone[0]).toMatchObject({ workspaceId: first?.workspaceId, userId: first?.userId });
  expect(notes[0]).toMatchObject({ workspaceId: first?.workspaceId, userId: first?.userId });

  // A batch with a target that has a sibling takes the transaction (the settles of a post's targets take turns).
  count.statements = 0;
  const pairs = claimed.filter((c) => c.postTargets === 2);
  await queue.settle(
    "w",
    now,
    pairs.map((c) => ({
      targetId: c.id,
      alone: false,
      outcome: { status: "published" as const, externalId: c.id, url: null },
    })),
  );
  expect(count.statements).toBe(4);
  expect((await t.db.select().from(posts).where(eq(posts.id, pair)))[0]?.status).toBe("published");
});

test("progress recorded by targets in one turn is written in one statement, each only while its lease is the caller's", async () => {
  const { cookie, ids } = await userWith("linkedin");
  for (let i = 0; i < 3; i++) await schedule(cookie, ids, `Step ${i}`);
  t.clock.advance(2 * HOUR);
  const { db, count } = counted(t.db);
  const queue = createQueueRepo(db);
  const [a, b, c] = await queue.claim("w", t.clock.now(), 60_000, 3);
  count.statements = 0;
  const written = await Promise.all([
    queue.recordProgress(a?.id as string, "w", { postSent: true }),
    queue.recordProgress(b?.id as string, "w", { thread: ["1"] }),
    // Not this worker's lease: nothing is written for it.
    queue.recordProgress(c?.id as string, "someone-else", { postSent: true }),
    // The same target twice in a turn: the later record is kept.
    queue.recordProgress(b?.id as string, "w", { thread: ["1", "2"] }),
  ]);
  expect(written).toEqual([true, true, false, true]);
  expect(count.statements).toBe(1);
  const rows = new Map((await t.db.select().from(postTargets)).map((r) => [r.id, r.progress]));
  expect(rows.get(a?.id as string)).toEqual({ postSent: true });
  expect(rows.get(b?.id as string)).toEqual({ thread: ["1", "2"] });
  expect(rows.get(c?.id as string)).toBeNull();
});
