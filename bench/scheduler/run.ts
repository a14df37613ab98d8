/**
 * bench/scheduler: 10,000 posts due at the same moment, published by `npm run worker` processes (one, then
 * two) against the sandbox, each network call taking 50 ms, on a fresh PostgreSQL database per run.
 * Prints, as one JSON line: for each run the lag from the due time to publication (p50, p99, max), the
 * time until the last one was out, the posts that went out twice or not at all according to the sandbox's
 * record (must be 0), and the lag of a lone post sent to idle workers (p50 and max of 15).
 * Targets: all published within 60 s, a lone post's p50 lag under 1 s. Nothing is asserted.
 *
 * BENCH_WORKER_NODE_ARGS passes flags to the worker processes (e.g. "--cpu-prof --cpu-prof-dir=prof").
 * BENCH_WORKERS picks the runs (default "1,2"), BENCH_POSTS the number of posts (default 10,000).
 * BENCH_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); the
 * bench creates its databases there and drops them. PUBLISHING_* variables reach the workers.
 */
import { readFileSync } from "node:fs";
import type { Platform } from "@app/shared";
import { inArray } from "drizzle-orm";
import { postTargets } from "../../apps/server/src/db/schema";
import {
  connectAccounts,
  createPostgresDatabase,
  sleep,
  spawnWorker,
  startHub,
  stopWorker,
  unsettled,
  waitForWorker,
  writeDuePosts,
} from "../../apps/server/test/worker-fleet";

const SERVER = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const LATENCY_MS = 50;
const LONE_RUNS = 15;
/** 40 people with an X, a LinkedIn and a Facebook account each: 120 accounts */
const USERS = 40;
const PLATFORMS: Platform[] = ["twitter", "linkedin", "facebook"];
const TARGET = { all_published_within_s: 60, lone_post_p50_lag_ms: 1000 };

/** CPU seconds a process has used (Linux; 0 elsewhere). */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

const pct = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? Number.NaN;
const ms = (x: number) => Math.round(x);

async function run(workerCount: number) {
  const database = await createPostgresDatabase(SERVER, "bench_scheduler");
  const hub = await startHub({ databaseUrl: database.url, publishedLimit: POSTS * 2 + 1_000 });
  const workers = [];
  try {
    const accounts = await connectAccounts(hub, USERS, PLATFORMS);
    const nodeArgs = process.env.BENCH_WORKER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
    for (let i = 0; i < workerCount; i++) workers.push(spawnWorker(hub, {}, nodeArgs));
    await Promise.all(workers.map((w) => waitForWorker(hub.db, w)));
    hub.sandbox.setLatency(LATENCY_MS);

    // All due at one moment a few seconds ahead, written before it comes (the workers are idle, polling).
    const dueAt = new Date(Math.ceil((Date.now() + 8_000) / 1_000) * 1_000);
    const written = await writeDuePosts(hub.db, accounts, POSTS, {
      dueAt,
      text: (i) => `Scheduler bench post ${i}, marker sb${i}x`,
    });
    if (Date.now() >= dueAt.getTime()) throw new Error("writing the posts took longer than the lead time");
    const cpuBefore = { hub: process.cpuUsage(), workers: workers.map((w) => cpuOf(w.pid)) };
    while ((await unsettled(hub.db)) > 0) await sleep(250);
    const hubCpu = process.cpuUsage(cpuBefore.hub);
    const cpu_s = {
      hub_and_sandbox: Math.round((hubCpu.user + hubCpu.system) / 1e5) / 10,
      workers: workers.map((w, i) => Math.round((cpuOf(w.pid) - (cpuBefore.workers[i] ?? 0)) * 10) / 10),
    };

    const ids = written.map((w) => w.targetId);
    const rows = [];
    for (let i = 0; i < ids.length; i += 1_000) {
      rows.push(
        ...(await hub.db
          .select({ id: postTargets.id, status: postTargets.status, publishedAt: postTargets.publishedAt })
          .from(postTargets)
          .where(inArray(postTargets.id, ids.slice(i, i + 1_000)))),
      );
    }
    const lags = rows
      .filter((r) => r.publishedAt)
      .map((r) => (r.publishedAt as Date).getTime() - dueAt.getTime())
      .sort((a, b) => a - b);
    const notPublished = rows.filter((r) => r.status !== "published").length;

    const received = new Map<string, number>();
    for (const item of hub.sandbox.published()) {
      const marker = /\bsb\d+x\b/.exec(item.text)?.[0];
      if (marker) received.set(marker, (received.get(marker) ?? 0) + 1);
    }
    let duplicates = 0;
    let missing = 0;
    for (let i = 0; i < POSTS; i++) {
      const n = received.get(`sb${i}x`) ?? 0;
      if (n === 0) missing++;
      else duplicates += n - 1;
    }

    // A lone post: one due at a time, the workers idle; due at a moment unrelated to their polling.
    const lone: number[] = [];
    for (let r = 0; r < LONE_RUNS; r++) {
      const at = new Date(Date.now() + 1_000 + Math.floor(Math.random() * 1_000));
      const [post] = await writeDuePosts(hub.db, accounts.slice(r % accounts.length), 1, {
        dueAt: at,
        text: () => `Lone post ${r}, marker lp${r}x`,
      });
      for (;;) {
        const [row] = await hub.db
          .select({ publishedAt: postTargets.publishedAt })
          .from(postTargets)
          .where(inArray(postTargets.id, [post?.targetId as string]));
        if (row?.publishedAt) {
          lone.push(row.publishedAt.getTime() - at.getTime());
          break;
        }
        await sleep(20);
      }
      await sleep(Math.floor(Math.random() * 500));
    }
    lone.sort((a, b) => a - b);

    return {
      workers: workerCount,
      lag_ms: { p50: ms(pct(lags, 0.5)), p99: ms(pct(lags, 0.99)), max: ms(lags.at(-1) ?? Number.NaN) },
      all_published_s: Math.round((lags.at(-1) ?? Number.NaN) / 100) / 10,
      per_second: Math.round(lags.length / ((lags.at(-1) ?? 1) / 1_000)),
      not_published: notPublished,
      duplicates,
      missing,
      lone_post_lag_ms: { p50: ms(pct(lone, 0.5)), max: ms(lone.at(-1) ?? Number.NaN) },
      cpu_s,
    };
  } finally {
    await Promise.all(workers.map((w) => stopWorker(w)));
    await hub.close();
    await database.drop();
  }
}

async function main() {
  const runs = [];
  const counts = (process.env.BENCH_WORKERS ?? "1,2").split(",").map(Number);
  for (const n of counts) {
    runs.push(await run(n));
    if (process.env.BENCH_DEBUG) console.error(runs.at(-1));
  }
  console.log(JSON.stringify({ bench: "scheduler", posts: POSTS, latency_ms: LATENCY_MS, runs, target: TARGET }));
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
