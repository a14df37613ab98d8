import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "vitest";
import { openDatabase } from "../../src/db/client";
import { jobs } from "../../src/db/schema";
import { createJobsRepo } from "../../src/worker/jobs.repo";
import { createJobsWorker } from "../../src/worker/jobs-worker";
import { batchOutcome, batchWorkers, seedDuePolls } from "../metrics-batches";
import { createPostgresDatabase } from "../worker-fleet";

const JOBS = 600;

/**
 * PostgreSQL only (this lane always has TEST_DATABASE_URL): two processes' connection pools claim from one jobs
 * table at the same time, with the real clock; SKIP LOCKED and the lease must keep each job to one run.
 */
test("on PostgreSQL, workers of two pools run each job exactly once", async () => {
  const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string, "jobs");
  const dataDir = await mkdtemp(path.join(tmpdir(), "orbitpost-jobs-"));
  const one = await openDatabase({ databaseUrl: created.url, dataDir });
  const other = await openDatabase({ databaseUrl: created.url, dataDir });
  try {
    const runs = new Map<string, number>();
    const handler = async (job: { key: string }) => {
      runs.set(job.key, (runs.get(job.key) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
    };
    await createJobsRepo(one.db).enqueueMany(
      Array.from({ length: JOBS }, (_, i) => ({ kind: "digest", key: `job-${i}`, runAt: new Date() })),
    );
    const workers = [one, other].flatMap((d, n) =>
      [0, 1].map((k) =>
        createJobsWorker({
          repo: createJobsRepo(d.db),
          handlers: { digest: handler },
          id: `w${n}-${k}`,
          concurrency: 6,
          pollMs: 20,
        }),
      ),
    );
    for (const w of workers) w.start();
    const deadline = Date.now() + 60_000;
    while ((await one.db.select({ doneAt: jobs.doneAt }).from(jobs)).some((j) => j.doneAt === null)) {
      if (Date.now() > deadline) throw new Error("jobs still queued after 60 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(workers.map((w) => w.stop()));
    expect(runs.size).toBe(JOBS);
    expect([...runs.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  } finally {
    await other.close();
    await one.close();
    await created.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
});

/**
 * Batched post polls (a poll reads its account's other due polls in the same call): workers of two pools, each
 * claiming along for its own reads, must still read each post once for its age.
 */
test("on PostgreSQL, workers of two pools reading polls in batches read each post once", async () => {
  const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string, "jobs");
  const dataDir = await mkdtemp(path.join(tmpdir(), "orbitpost-jobs-"));
  const one = await openDatabase({ databaseUrl: created.url, dataDir });
  const other = await openDatabase({ databaseUrl: created.url, dataDir });
  try {
    const count = await seedDuePolls(one.db, new Date(Date.now() - 3_600_000 - 1_000));
    const { reads, workers } = batchWorkers([one.db, other.db], 2, () => new Date());
    for (const w of workers) w.start();
    const deadline = Date.now() + 60_000;
    while ((await one.db.select({ doneAt: jobs.doneAt }).from(jobs)).some((j) => j.doneAt === null)) {
      if (Date.now() > deadline) throw new Error("polls still queued after 60 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(workers.map((w) => w.stop()));
    const outcome = await batchOutcome(one.db, reads);
    expect(outcome).toMatchObject({
      postsRead: count,
      readTwice: [],
      oversized: [],
      snapshots: count,
      pollsNotDone: 0,
    });
  } finally {
    await other.close();
    await one.close();
    await created.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
