import { eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import type { Db } from "../../src/db/client";
import { jobs } from "../../src/db/schema";
import { NetworkError } from "../../src/platforms/http";
import { createJobsRepo, enqueue, type JobsRepo } from "../../src/worker/jobs.repo";
import { createJobsWorker, type JobHandler, jobRetryDelayMs } from "../../src/worker/jobs-worker";
import { openTestDatabase, type TestDatabase, testClock } from "../helpers";

const MIN = 60_000;

let tdb: TestDatabase;
let db: Db;
let repo: JobsRepo;
let clock: ReturnType<typeof testClock>;
beforeEach(async () => {
  tdb = await openTestDatabase();
  db = tdb.database.db;
  repo = createJobsRepo(db);
  clock = testClock(new Date("2025-03-03T10:00:00Z"));
});
afterEach(async () => {
  await tdb.close();
});

/** A handler that records the keys it ran, and fails while `fail` says so. */
function recorder(fail: (key: string, attempts: number) => Error | undefined = () => undefined) {
  const ran: string[] = [];
  const handler: JobHandler = async (job) => {
    ran.push(job.key);
    const err = fail(job.key, job.attempts);
    if (err) throw err;
  };
  return { ran, handler };
}

const worker = (handlers: Record<string, JobHandler>, extra: Partial<Parameters<typeof createJobsWorker>[0]> = {}) =>
  createJobsWorker({ repo, handlers, now: clock.now, concurrency: 4, pollMs: 5, ...extra });

const row = async (key: string) => {
  const [r] = await db.select().from(jobs).where(eq(jobs.key, key));
  if (!r) throw new Error(`no job ${key}`);
  return r;
};

describe("enqueue", () => {
  test("one key is queued once, even when enqueued again or in one batch with itself", async () => {
    const job = { kind: "post-metrics", key: "post-metrics:t1:24h", payload: { targetId: "t1" }, runAt: clock.now() };
    expect(await enqueue(db, job)).toBe(true);
    expect(await enqueue(db, { ...job, payload: { targetId: "other" } })).toBe(false);
    expect(await repo.enqueueMany([job, { ...job, key: "k2" }, { ...job, key: "k2" }])).toBe(1);
    const all = await db.select().from(jobs);
    expect(all.map((j) => j.key).sort()).toEqual(["k2", "post-metrics:t1:24h"]);
    expect((await row("post-metrics:t1:24h")).payload).toEqual({ targetId: "t1" });
  });

  test("inside a transaction: queued with the change that calls for it, or not at all", async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueue(tx, { kind: "digest", key: "rolled-back", runAt: clock.now() });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.select().from(jobs)).toEqual([]);
  });

  test("refuses a malformed job", async () => {
    const ok = { kind: "digest", key: "k", runAt: clock.now() };
    await expect(enqueue(db, { ...ok, kind: "" })).rejects.toThrow(/kind/);
    await expect(enqueue(db, { ...ok, kind: "Has Spaces" })).rejects.toThrow(/kind/);
    await expect(enqueue(db, { ...ok, key: "" })).rejects.toThrow(/key/);
    await expect(enqueue(db, { ...ok, key: "x".repeat(513) })).rejects.toThrow(/key/);
    await expect(enqueue(db, { ...ok, runAt: new Date(Number.NaN) })).rejects.toThrow(/runAt/);
    await expect(enqueue(db, { ...ok, payload: [] as unknown as Record<string, unknown> })).rejects.toThrow(/payload/);
    expect(await db.select().from(jobs)).toEqual([]);
  });
});

describe("running", () => {
  test("due jobs run once, later ones when their time comes", async () => {
    const r = recorder();
    const w = worker({ digest: r.handler });
    await repo.enqueueMany([
      { kind: "digest", key: "a", runAt: new Date(clock.now().getTime() - MIN) },
      { kind: "digest", key: "b", runAt: clock.now() },
      { kind: "digest", key: "later", runAt: new Date(clock.now().getTime() + 60 * MIN) },
    ]);
    expect(await w.runOnce()).toBe(2);
    expect(r.ran).toEqual(["a", "b"]);
    expect(await w.runOnce()).toBe(0);
    expect(await repo.nextDue(clock.now())).toEqual(new Date(clock.now().getTime() + 60 * MIN));

    clock.advance(60 * MIN);
    expect(await w.runOnce()).toBe(1);
    expect(await w.runOnce()).toBe(0);
    expect(r.ran).toEqual(["a", "b", "later"]);
    const done = await row("later");
    expect(done.doneAt).toEqual(clock.now());
    expect(done).toMatchObject({ attempts: 1, leaseOwner: null, leaseUntil: null, lastError: null });
    // A finished job keeps its key: it is not queued again.
    expect(await enqueue(db, { kind: "digest", key: "later", runAt: clock.now() })).toBe(false);
  });

  test("a failing job is tried again after 1, 5, 30 and 30 minutes, then given up with its error kept", async () => {
    const errors: unknown[] = [];
    const r = recorder(() => new Error("boom"));
    const w = worker({ digest: r.handler }, { onError: (e) => errors.push(e) });
    const start = clock.now().getTime();
    await enqueue(db, { kind: "digest", key: "k", runAt: clock.now() });

    const waits = [1 * MIN, 5 * MIN, 30 * MIN, 30 * MIN];
    for (const [i, wait] of waits.entries()) {
      expect(await w.runOnce()).toBe(1);
      const j = await row("k");
      expect(j).toMatchObject({ attempts: i + 1, lastError: "boom", doneAt: null, leaseOwner: null });
      expect(j.runAt.getTime()).toBe(clock.now().getTime() + wait);
      clock.advance(wait - 1);
      expect(await w.runOnce()).toBe(0);
      clock.advance(1);
    }
    expect(clock.now().getTime() - start).toBe(66 * MIN);
    expect(await w.runOnce()).toBe(1);
    const given = await row("k");
    expect(given).toMatchObject({ attempts: 5, lastError: "gave up after 5 attempts: boom" });
    expect(given.doneAt).toEqual(clock.now());
    clock.advance(24 * 60 * MIN);
    expect(await w.runOnce()).toBe(0);
    expect(r.ran).toHaveLength(5);
    // Unexpected errors are reported (network errors are not).
    expect(errors).toHaveLength(5);
  });

  test("a job that succeeds on a retry is done, its error cleared", async () => {
    const r = recorder((_key, attempts) => (attempts === 1 ? new Error("once") : undefined));
    const w = worker({ digest: r.handler });
    await enqueue(db, { kind: "digest", key: "k", runAt: clock.now() });
    await w.runOnce();
    clock.advance(MIN);
    expect(await w.runOnce()).toBe(1);
    const j = await row("k");
    expect(j).toMatchObject({ attempts: 2, lastError: null });
    expect(j.doneAt).toEqual(clock.now());
  });

  test("a network's Retry-After is waited for; a refusal for good is given up at once", async () => {
    const r = recorder((key) =>
      key === "limited"
        ? new NetworkError("rate limited", 429, true, false, 3600)
        : new NetworkError("scope refused", 403, false, false),
    );
    const w = worker({ poll: r.handler });
    await repo.enqueueMany([
      { kind: "poll", key: "limited", runAt: clock.now() },
      { kind: "poll", key: "refused", runAt: clock.now() },
    ]);
    await w.runOnce();
    const limited = await row("limited");
    expect(limited.runAt.getTime()).toBe(clock.now().getTime() + 3_600_000);
    expect(limited.doneAt).toBeNull();
    const refused = await row("refused");
    expect(refused).toMatchObject({ attempts: 1, lastError: "scope refused" });
    expect(refused.doneAt).toEqual(clock.now());
    expect(jobRetryDelayMs(1)).toBe(MIN);
    expect(jobRetryDelayMs(4, 10)).toBe(30 * MIN);
  });

  test("a kind without a handler fails with a clear error (tried again: a newer worker may know it)", async () => {
    const errors: unknown[] = [];
    const w = worker({}, { onError: (e) => errors.push(e) });
    await enqueue(db, { kind: "mystery", key: "m", runAt: clock.now() });
    await w.runOnce();
    const j = await row("m");
    expect(j.lastError).toBe('no handler for job kind "mystery"');
    expect(j.runAt.getTime()).toBe(clock.now().getTime() + MIN);
    expect(String(errors[0])).toContain('no handler for job kind "mystery"');
    // Nor is a name inherited from Object a handler.
    await enqueue(db, { kind: "constructor", key: "c", runAt: clock.now() });
    await w.runOnce();
    expect((await row("c")).lastError).toBe('no handler for job kind "constructor"');
  });
});

describe("leases", () => {
  test("a job whose worker died is taken over once its lease runs out, and the dead worker's late word is ignored", async () => {
    await enqueue(db, { kind: "digest", key: "k", runAt: clock.now() });
    // Worker "dead" claims it and stops before finishing.
    const [claimed] = await repo.claimDue("dead", clock.now(), 10, 5 * MIN);
    expect(claimed).toMatchObject({ key: "k", attempts: 1, recovered: false });

    const r = recorder();
    const w = worker({ digest: r.handler }, { leaseMs: 5 * MIN });
    clock.advance(5 * MIN);
    expect(await w.runOnce()).toBe(0);
    clock.advance(1);
    expect(await w.runOnce()).toBe(1);
    expect(r.ran).toEqual(["k"]);
    expect((await row("k")).attempts).toBe(2);
    expect(await repo.complete(claimed?.id as string, "dead", clock.now())).toBe(false);
    expect(await repo.fail(claimed?.id as string, "dead", clock.now(), "late", null)).toBe(false);
    expect((await row("k")).lastError).toBeNull();
  });

  test("a taken-over job says so, and keepAlive keeps a long job from being taken over", async () => {
    await enqueue(db, { kind: "long", key: "k", runAt: clock.now() });
    await repo.claimDue("dead", clock.now(), 1, MIN);
    clock.advance(MIN + 1);
    const seen: boolean[] = [];
    const other = worker({ long: async () => {} }, { id: "other" });
    const w = worker(
      {
        long: async (job, hooks) => {
          seen.push(job.recovered);
          clock.advance(4 * MIN);
          await hooks.keepAlive();
          // The lease now runs 5 min from here: another worker finds nothing to take.
          clock.advance(4 * MIN);
          expect(await other.runOnce()).toBe(0);
        },
      },
      { leaseMs: 5 * MIN },
    );
    expect(await w.runOnce()).toBe(1);
    expect(seen).toEqual([true]);
    expect((await row("k")).doneAt).not.toBeNull();
  });

  test("a job that keeps stopping its worker is given up", async () => {
    await enqueue(db, { kind: "digest", key: "k", runAt: clock.now() });
    for (let i = 0; i < 5; i++) {
      await repo.claimDue(`dead-${i}`, clock.now(), 1, MIN);
      clock.advance(MIN + 1);
    }
    const r = recorder();
    expect(await worker({ digest: r.handler }).runOnce()).toBe(1);
    expect(r.ran).toEqual([]);
    const j = await row("k");
    expect(j.lastError).toBe("gave up after 5 attempts: its worker stopped while it ran");
    expect(j.doneAt).not.toBeNull();
  });
});

describe("two workers on one database", () => {
  const N = 120;
  const many = () =>
    repo.enqueueMany(
      Array.from({ length: N }, (_, i) => ({ kind: "digest", key: `job-${i}`, payload: { i }, runAt: clock.now() })),
    );
  const countOnce = (ran: string[]) => {
    const counts = new Map<string, number>();
    for (const k of ran) counts.set(k, (counts.get(k) ?? 0) + 1);
    return counts;
  };

  test("rounds run side by side: each job runs exactly once", async () => {
    await many();
    const ran: string[] = [];
    const handler: JobHandler = async (job) => {
      ran.push(job.key);
      await new Promise((resolve) => setImmediate(resolve));
    };
    const drain = async (w: ReturnType<typeof worker>) => {
      while ((await w.runOnce()) > 0);
    };
    await Promise.all([
      drain(worker({ digest: handler }, { id: "a" })),
      drain(worker({ digest: handler }, { id: "b" })),
    ]);
    const counts = countOnce(ran);
    expect(counts.size).toBe(N);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect((await db.select().from(jobs)).every((j) => j.doneAt !== null && j.attempts === 1)).toBe(true);
  });

  test("running loops: each job runs exactly once, and stop() lets the jobs under way finish", async () => {
    await many();
    const ran: string[] = [];
    const byWorker = new Map<string, number>();
    const make = (id: string) =>
      worker(
        {
          digest: async (job) => {
            ran.push(job.key);
            byWorker.set(id, (byWorker.get(id) ?? 0) + 1);
            await new Promise((resolve) => setImmediate(resolve));
          },
        },
        { id, concurrency: 8 },
      );
    const a = make("a");
    const b = make("b");
    a.start();
    b.start();
    await Promise.all([a.idle(), b.idle()]);
    // Both may have gone idle before the other finished: wait until the queue is empty for both.
    while ((await db.select().from(jobs)).some((j) => j.doneAt === null)) await Promise.all([a.idle(), b.idle()]);
    await Promise.all([a.stop(), b.stop()]);
    const counts = countOnce(ran);
    expect(counts.size).toBe(N);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect((byWorker.get("a") ?? 0) + (byWorker.get("b") ?? 0)).toBe(N);
  });
});

describe("retention", () => {
  test("purgeDone deletes jobs done before the date, freeing their keys; queued ones stay", async () => {
    await repo.enqueueMany([
      { kind: "digest", key: "old", runAt: clock.now() },
      { kind: "digest", key: "queued", runAt: new Date(clock.now().getTime() + 60 * MIN) },
    ]);
    await worker({ digest: async () => {} }).runOnce();
    clock.advance(30 * MIN);
    expect(await repo.purgeDone(new Date(clock.now().getTime() - 31 * MIN))).toBe(0);
    expect(await repo.purgeDone(clock.now())).toBe(1);
    expect((await db.select().from(jobs)).map((j) => j.key)).toEqual(["queued"]);
    expect(await enqueue(db, { kind: "digest", key: "old", runAt: clock.now() })).toBe(true);
  });
});

describe("claiming along", () => {
  test("claimAlong takes due jobs of the same kind and payload value: free ones (an attempt) and the owner's own", async () => {
    const now = clock.now();
    const job = (key: string, accountId: string, extra: Partial<{ kind: string; runAt: Date }> = {}) => ({
      kind: "post-metrics",
      key,
      payload: { targetId: key, accountId },
      runAt: now,
      ...extra,
    });
    await repo.enqueueMany([
      job("mine-1", "a"),
      job("mine-2", "a"),
      job("free-1", "a"),
      job("free-2", "a"),
      job("theirs", "a"),
      job("later", "a", { runAt: new Date(now.getTime() + MIN) }),
      job("other-account", "b"),
      job("other-kind", "a", { kind: "digest" }),
      job("tired", "a"),
    ]);
    await db.update(jobs).set({ attempts: 5 }).where(eq(jobs.key, "tired"));
    // "w1" holds mine-1 and mine-2 (it runs mine-1); "w2" holds theirs.
    const lease = { leaseUntil: new Date(now.getTime() + 5 * MIN), attempts: 1 };
    await db
      .update(jobs)
      .set({ leaseOwner: "w1", ...lease })
      .where(inArray(jobs.key, ["mine-1", "mine-2"]));
    await db
      .update(jobs)
      .set({ leaseOwner: "w2", ...lease })
      .where(eq(jobs.key, "theirs"));
    const first = await row("mine-1");
    const options = {
      kind: "post-metrics",
      field: "accountId",
      value: "a",
      limit: 10,
      leaseMs: 5 * MIN,
      maxAttempts: 5,
    };
    const along = await repo.claimAlong("w1", now, options, [first.id]);
    expect(along.map((j) => j.key).sort()).toEqual(["free-1", "free-2", "mine-2"]);
    const attempts = Object.fromEntries((await db.select().from(jobs)).map((j) => [j.key, j.attempts]));
    // Held ones were counted by claimDue already; free ones count now.
    expect(along.every((j) => j.attempts === 1 && attempts[j.key] === 1)).toBe(true);
    expect(await repo.holder(first)).toBe("w1");
    expect(await repo.holder({ id: first.id, attempts: 2 })).toBeNull();

    // Only the caller's claims are completed.
    const theirs = await row("theirs");
    const ids = [first.id, ...along.map((j) => j.id), theirs.id];
    expect((await repo.completeMany(ids, "w1", now)).length).toBe(4);
    expect((await row("theirs")).doneAt).toBeNull();
    expect(await repo.claimAlong("w1", now, options, [])).toEqual([]);
  });
});
