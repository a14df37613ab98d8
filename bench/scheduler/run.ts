/**
 * bench/scheduler: 10,000 posts due at the same moment, published by `npm run worker` processes (one, then
 * two) against the sandbox, each network call taking 50 ms, on a fresh PostgreSQL database per run.
 * Prints, as one JSON line, for each run: the time until the last post was out (all_out_s), the lag from the
 * due time to publication (p50, p99, max), the workers' CPU per post (from /proc, over the run), the posts
 * that went out twice or not at all according to the sandbox's record (must be 0), and the lag of a lone post
 * made due now through the API (Publish now, 20 one at a time, the workers idle: they are woken through
 * LISTEN/NOTIFY, p50 and p95) and of a lone post scheduled for a moment unrelated to their polling (10).
 * Then two workers against one. Targets: all out within 20 s, at most 1 ms of worker CPU a post, a lone post
 * made due now out within 200 ms (p50), two workers faster than one. Nothing is asserted.
 *
 * BENCH_WORKER_NODE_ARGS passes flags to the worker processes (e.g. "--cpu-prof --cpu-prof-dir=prof").
 * BENCH_WORKERS picks the runs (default "1,2"), BENCH_POSTS the number of posts (default 10,000).
 * BENCH_DATABASE_URL names the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres); the
 * bench creates its databases there and drops them. PUBLISHING_* variables reach the workers.
 */
import { readFileSync } from "node:fs";
import type { Platform } from "@app/shared";
import { inArray } from "drizzle-orm";
import { posts, postTargets } from "../../apps/server/src/db/schema";
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
/** lone posts made due now through the API, one at a time */
const LONE_NOW_RUNS = 20;
/** lone posts written due a moment ahead, one at a time */
const LONE_SCHEDULED_RUNS = 10;
/** people posting the lone posts through the API: the Free plan takes 5 a month each */
const LONE_USERS = 5;
/** 40 people with an X, a LinkedIn and a Facebook account each: 120 accounts */
const USERS = 40;
const PLATFORMS: Platform[] = ["twitter", "linkedin", "facebook"];
const TARGET = {
  all_out_s: 20,
  worker_cpu_ms_per_post: 1,
  lone_now_p50_lag_ms: 200,
  two_workers_faster_than_one: true,
};

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
  /** When the target was published (ms since the epoch), looked for every 10 ms. */
  const publishedAt = async (targetId: string): Promise<number> => {
    for (;;) {
      const [row] = await hub.db
        .select({ publishedAt: postTargets.publishedAt })
        .from(postTargets)
        .where(inArray(postTargets.id, [targetId]));
      if (row?.publishedAt) return row.publishedAt.getTime();
      await sleep(10);
    }
  };
  try {
    const accounts = await connectAccounts(hub, USERS, PLATFORMS);
    const loneAccounts = await connectAccounts(hub, LONE_USERS, ["twitter"]);
    const nodeArgs = process.env.BENCH_WORKER_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
    for (let i = 0; i < workerCount; i++) workers.push(spawnWorker(hub, {}, nodeArgs));
    await Promise.all(workers.map((w) => waitForWorker(hub.db, w)));
    hub.sandbox.setLatency(LATENCY_MS);

    // All written for later (the workers are idle, polling), then made due at one moment just ahead, at once.
    const written = await writeDuePosts(hub.db, accounts, POSTS, {
      dueAt: new Date(Date.now() + 3_600_000),
      text: (i) => `Scheduler bench post ${i}, marker sb${i}x`,
    });
    const dueAt = new Date(Math.ceil((Date.now() + 1_000) / 1_000) * 1_000);
    await hub.db.update(posts).set({ scheduledAt: dueAt });
    await hub.db.update(postTargets).set({ nextAttemptAt: dueAt });
    if (Date.now() >= dueAt.getTime()) throw new Error("making the posts due took longer than the lead time");
    const cpuBefore = { hub: process.cpuUsage(), workers: workers.map((w) => cpuOf(w.pid)) };
    while ((await unsettled(hub.db)) > 0) await sleep(250);
    const hubCpu = process.cpuUsage(cpuBefore.hub);
    const workerCpus = workers.map((w, i) => cpuOf(w.pid) - (cpuBefore.workers[i] ?? 0));
    const workerCpu = workerCpus.reduce((a, b) => a + b, 0);
    const cpu_s = {
      hub_and_sandbox: Math.round((hubCpu.user + hubCpu.system) / 1e5) / 10,
      workers: workerCpus.map((c) => Math.round(c * 10) / 10),
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

    // A lone post made due now through the API (Publish now), the workers idle: they are woken at once.
    const loneNow: number[] = [];
    for (let r = 0; r < LONE_NOW_RUNS; r++) {
      const account = loneAccounts[r % loneAccounts.length] as (typeof loneAccounts)[number];
      const sentAt = Date.now();
      const res = await hub.app.inject({
        method: "POST",
        url: "/api/posts",
        headers: { cookie: account.cookie },
        payload: {
          content: `Lone post ${r} made due now, marker ln${r}x`,
          accountIds: [account.accountId],
          timezone: "UTC",
          status: "scheduled",
          publishNow: true,
        },
      });
      if (res.statusCode !== 200) throw new Error(`publish now: ${res.statusCode} ${res.body}`);
      const targetId = res.json().post.targets[0].id as string;
      loneNow.push((await publishedAt(targetId)) - sentAt);
      await sleep(100 + Math.floor(Math.random() * 300));
    }
    loneNow.sort((a, b) => a - b);

    // A lone post due a moment ahead, written to the database (no wake): an idle worker sleeps until the next
    // target falls due (or pollMs), so this shows how on time a scheduled post goes out.
    const loneScheduled: number[] = [];
    for (let r = 0; r < LONE_SCHEDULED_RUNS; r++) {
      const at = new Date(Date.now() + 1_000 + Math.floor(Math.random() * 1_000));
      const [post] = await writeDuePosts(hub.db, accounts.slice(r % accounts.length), 1, {
        dueAt: at,
        text: () => `Lone post ${r}, marker lp${r}x`,
      });
      loneScheduled.push((await publishedAt(post?.targetId as string)) - at.getTime());
      await sleep(Math.floor(Math.random() * 300));
    }
    loneScheduled.sort((a, b) => a - b);

    return {
      workers: workerCount,
      all_out_s: Math.round((lags.at(-1) ?? Number.NaN) / 100) / 10,
      lag_ms: { p50: ms(pct(lags, 0.5)), p99: ms(pct(lags, 0.99)), max: ms(lags.at(-1) ?? Number.NaN) },
      per_second: Math.round(lags.length / ((lags.at(-1) ?? 1) / 1_000)),
      worker_cpu_ms_per_post: Math.round((workerCpu / POSTS) * 1e6) / 1e3,
      not_published: notPublished,
      duplicates,
      missing,
      lone_now_lag_ms: { p50: ms(pct(loneNow, 0.5)), p95: ms(pct(loneNow, 0.95)), max: ms(loneNow.at(-1) ?? 0) },
      lone_scheduled_lag_ms: {
        p50: ms(pct(loneScheduled, 0.5)),
        p95: ms(pct(loneScheduled, 0.95)),
        max: ms(loneScheduled.at(-1) ?? 0),
      },
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
  const one = runs.find((r) => r.workers === 1);
  const two = runs.find((r) => r.workers === 2);
  const two_vs_one = one && two ? Math.round((one.all_out_s / two.all_out_s) * 100) / 100 : null;
  console.log(
    JSON.stringify({ bench: "scheduler", posts: POSTS, latency_ms: LATENCY_MS, runs, two_vs_one, target: TARGET }),
  );
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
