/**
 * bench/analytics (npm run bench:analytics): the results screens' API and the collection of results.
 *
 * 1. One Premium workspace with 50 accounts (the 7 networks), 20,000 posts published over the last year with 4 to 6
 *    snapshots each, and a year of daily account readings, written in bulk with SQL. Then the API is timed through
 *    HTTP (app.inject): the Dashboard, Analytics (the default 30 days, and 365 days), Engagement, the posts table
 *    sorted by engagements and the best times; 3 warm-up runs, then the median and p95 of 20 runs each, beside the
 *    target (50 ms). On the embedded database (PGlite, in a data directory of its own) and, when DATABASE_URL names
 *    a PostgreSQL server, on a fresh database there (dropped afterwards).
 * 2. Collecting results for 10,000 posts spread over the 7 networks, published at one moment, the clock moved past
 *    the 1-hour age (X_METRICS=full, so X is read then too), against the sandbox: the jobs worker runs until no job
 *    is due; prints the duration, the calls per network (every request the sandbox received: the reads, and the
 *    accounts' daily reads and token renewals that fall due then too), the polls done and the snapshots saved
 *    (one per poll done). The posts are registered in the sandbox as published by the accounts' people
 *    (control.seedPublished, without the publishing calls), so the networks answer with their figures.
 *
 * Prints one JSON line per part and database. Nothing is asserted. BENCH_POSTS (default 20,000) and
 * BENCH_COLLECT_POSTS (default 10,000) change the sizes; BENCH_PARTS (default "screens,collection") picks the parts.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSandbox, personOf } from "@app/sandbox";
import { oauthCallbackPath, PLATFORMS } from "@app/shared";
import { eq, sql } from "drizzle-orm";
import { buildApp, closeApp } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/config/env";
import { openDatabase } from "../../apps/server/src/db/client";
import { posts, postTargets, socialAccounts } from "../../apps/server/src/db/schema";
import { startMetricsSchedule } from "../../apps/server/src/modules/metrics/metrics.collector";
import { createTestApp, signedInUser, type TestApp, testClock, withOrigin } from "../../apps/server/test/helpers";
import { upgradeToPremium, workspaceOf } from "../../apps/server/test/results";
import {
  connectAccounts,
  createPostgresDatabase,
  type FleetAccount,
  freePort,
} from "../../apps/server/test/worker-fleet";

const POSTS = Number(process.env.BENCH_POSTS ?? 20_000);
const COLLECT_POSTS = Number(process.env.BENCH_COLLECT_POSTS ?? 10_000);
const ACCOUNTS = 50;
const TARGET_MS = 50;
const WARMUP = 3;
const RUNS = 20;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const pct = (sorted: number[], p: number) => sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? Number.NaN;
const round = (x: number) => Math.round(x * 10) / 10;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The app on a database of its own: PGlite in a fresh data directory, or a fresh database on `server`. */
async function openApp(server: string | undefined): Promise<TestApp & { kind: string }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "orbitpost-bench-analytics-"));
  const created = server ? await createPostgresDatabase(server, "bench_analytics") : undefined;
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    APP_SECRET: "bench-secret-bench-secret-bench-secret-01",
    PUBLIC_URL: "http://localhost:3000",
    WEB_DIST: path.join(dataDir, "no-web-build"),
    AUTH_RATE_LIMIT: "1000",
    PUBLISHING_WORKER: "off",
  });
  const database = await openDatabase({ databaseUrl: created?.url, dataDir });
  const startServer = async () => {
    const built = withOrigin(await buildApp({ config, database, logger: false }), "http://localhost:3000");
    await built.ready();
    return built;
  };
  const app = await startServer();
  const others: (typeof app)[] = [];
  return {
    kind: created ? "postgres" : "pglite",
    app,
    dataDir,
    db: database.db,
    async anotherServer() {
      const other = await startServer();
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await closeApp(other);
      await closeApp(app);
      await database.close();
      await created?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The workspace's year: accounts, published posts (one target each, spread over the year and the accounts),
 * their snapshots at the polling ages (4 to 6, figures growing with age) and every account's daily followers.
 */
async function seed(t: TestApp, owner: { workspaceId: string; userId: string }, now: Date) {
  const started = performance.now();
  const { workspaceId, userId } = owner;
  await t.db.execute(sql`
    insert into social_accounts (workspace_id, user_id, platform, platform_account_id, username, display_name,
                                 follower_count, access_token)
    select ${workspaceId}, ${userId}, (${`{${PLATFORMS.join(",")}}`}::text[])[1 + (g % 7)],
           'bench-' || g, 'bench_' || g, 'Bench ' || g, 1000 + g * 37, 'seeded'
    from generate_series(0, ${ACCOUNTS - 1}) g`);
  // Published over the last 365 days, at any hour; post g goes to account g % 50.
  await t.db.execute(sql`
    insert into posts (workspace_id, user_id, content, status, platforms, scheduled_at, timezone)
    select ${workspaceId}, ${userId}, 'Bench post ' || g, 'published', '{}',
           ${now}::timestamptz - (g::float8 / ${POSTS} * 365 * interval '1 day') - interval '1 hour', 'UTC'
    from generate_series(0, ${POSTS - 1}) g`);
  await t.db.execute(sql`
    with acc as (
      select id, platform, row_number() over (order by platform_account_id) - 1 as n
      from social_accounts where workspace_id = ${workspaceId}
    ), p as (
      select id, scheduled_at, row_number() over (order by scheduled_at) - 1 as n
      from posts where workspace_id = ${workspaceId}
    )
    insert into post_targets (post_id, account_id, platform, status, external_id, published_at)
    select p.id, acc.id, acc.platform, 'published', 'bench-' || p.n, p.scheduled_at
    from p join acc on acc.n = p.n % ${ACCOUNTS}`);
  // 4 to 6 snapshots a target at 1 h, 6 h, 1 day, 3 days, 7 days and 30 days, none after now; the last is the newest.
  await t.db.execute(sql`
    with s as (
      select t.id as target_id, t.post_id, t.account_id, t.platform, t.published_at,
             4 + abs(hashtext(t.id::text)) % 3 as snapshots, abs(hashtext(t.id::text || 'f')) % 1000 as f
      from post_targets t join posts p on p.id = t.post_id
      where p.workspace_id = ${workspaceId}
    ), ages(i, hours) as (values (1, 1), (2, 6), (3, 24), (4, 72), (5, 168), (6, 720)),
    taken as (
      select s.*, a.i, least(s.published_at + a.hours * interval '1 hour', ${now}::timestamptz - (7 - a.i) * interval '1 second') as at
      from s join ages a on a.i <= s.snapshots
    )
    insert into post_metrics (workspace_id, post_id, target_id, account_id, platform, captured_at, published_at,
                              is_latest, views, reach, likes, comments, shares, saves, clicks, unavailable)
    select ${workspaceId}, post_id, target_id, account_id, platform, at, published_at, i = snapshots,
           (100 + f * 5) * i, case when platform in ('twitter', 'youtube') then null else (80 + f * 4) * i end,
           (5 + f % 50) * i, (f % 13) * i, (f % 7) * i, case when platform = 'linkedin' then null else (f % 5) * i end,
           (f % 11) * i, '{}'::jsonb
    from taken`);
  await t.db.execute(sql`
    insert into account_metrics (workspace_id, account_id, platform, day, followers, captured_at, unavailable)
    select ${workspaceId}, a.id, a.platform, (${dayOf(now)}::date - d)::date, a.follower_count - d * 2,
           ${now}::timestamptz - d * interval '1 day', '{}'::jsonb
    from social_accounts a, generate_series(0, 364) d
    where a.workspace_id = ${workspaceId}`);
  const counts = (await t.db.execute(sql`
    select (select count(*) from post_targets)::int as targets, (select count(*) from post_metrics)::int as snapshots,
           (select count(*) from account_metrics)::int as readings`)) as unknown as {
    rows: { targets: number; snapshots: number; readings: number }[];
  };
  await t.db.execute(sql`analyze`);
  return { seconds: round((performance.now() - started) / 1000), ...counts.rows[0] };
}

/** The median and p95 of RUNS calls of `url` after WARMUP, and the status it answered. */
async function time(t: TestApp, cookie: string, url: string) {
  let status = 0;
  const call = async () => {
    const started = performance.now();
    const res = await t.app.inject({ method: "GET", url, headers: { cookie } });
    status = res.statusCode;
    return performance.now() - started;
  };
  for (let i = 0; i < WARMUP; i++) await call();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) ms.push(await call());
  ms.sort((a, b) => a - b);
  const median = round(pct(ms, 0.5));
  const p95 = round(pct(ms, 0.95));
  return { status, median_ms: median, p95_ms: p95, target_ms: TARGET_MS, met: status === 200 && p95 <= TARGET_MS };
}

async function screens(server: string | undefined) {
  const t = await openApp(server);
  try {
    const { cookie } = await signedInUser(t.app);
    await upgradeToPremium(t, cookie);
    const owner = await workspaceOf(t, cookie);
    const now = new Date();
    const seeded = await seed(t, owner, now);
    const year = `from=${dayOf(new Date(now.getTime() - 364 * DAY))}&to=${dayOf(now)}`;
    const endpoints: Record<string, string> = {
      dashboard: "/api/dashboard?tz=UTC",
      analytics_30_days: "/api/analytics?tz=UTC",
      analytics_365_days: `/api/analytics?tz=UTC&${year}`,
      engagement: "/api/engagement?tz=UTC",
      posts_by_engagements: "/api/analytics/posts?tz=UTC&sort=engagements&order=desc",
      best_times: "/api/results/best-times?tz=UTC",
    };
    const results: Record<string, Awaited<ReturnType<typeof time>>> = {};
    for (const [name, url] of Object.entries(endpoints)) results[name] = await time(t, cookie, url);
    return { part: "screens", database: t.kind, seeded, endpoints: results };
  } finally {
    await t.close();
  }
}

/**
 * The name the account's person signs in with on the sandbox (connectAccounts' `fleet_<network>_0`), checked
 * against the network's id of the account the app stored.
 */
async function usernameOf(t: TestApp, a: FleetAccount): Promise<string> {
  const username = `fleet_${a.platform}_0`;
  const [row] = await t.db
    .select({ id: socialAccounts.platformAccountId })
    .from(socialAccounts)
    .where(eq(socialAccounts.id, a.accountId));
  if (row?.id !== personOf(a.platform, username).id)
    throw new Error(`the ${a.platform} account ${row?.id} is not ${username}'s on the sandbox`);
  return username;
}

async function collection(server: string | undefined) {
  // The app on its own sandbox and a clock moved by hand, listening (the sandbox's OAuth comes back to it); no logs.
  const before = process.env.TEST_DATABASE_URL;
  if (server) process.env.TEST_DATABASE_URL = server;
  else delete process.env.TEST_DATABASE_URL;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const clock = testClock();
  const sandbox = createSandbox({
    now: clock.now,
    redirectUris: (platform) => [`${baseUrl}${oauthCallbackPath(platform)}`],
    publishedLimit: COLLECT_POSTS,
  });
  const t = await createTestApp(
    { PUBLIC_URL: baseUrl, INTERNAL_URL: baseUrl, PORT: String(port), X_METRICS: "full" },
    { sandbox, now: clock.now, logger: false },
  );
  if (before === undefined) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = before;
  await t.app.listen({ port, host: "127.0.0.1" });
  try {
    const hub = { ...t, baseUrl, databaseUrl: server ?? "memory://", sandbox: sandbox.control };
    const accounts: FleetAccount[] = [];
    for (const platform of PLATFORMS) accounts.push(...(await connectAccounts(hub, 1, [platform])));
    const publishedAt = clock.now();
    // Post n goes to account n % 7; each account's posts are published on its network first, by its person.
    const externalIds: string[] = [];
    for (const [i, a] of accounts.entries()) {
      const mine = Array.from({ length: COLLECT_POSTS }, (_, n) => n).filter((n) => n % accounts.length === i);
      const items = sandbox.control.seedPublished(
        a.platform,
        await usernameOf(t, a),
        mine.map((n) => ({
          text: `Collected post ${n}`,
          at: publishedAt,
          ...(a.platform === "facebook" && a.pageId && { pageId: a.pageId }),
          ...(a.platform === "linkedin" && a.pageId && { organizationId: a.pageId }),
        })),
      );
      for (const [k, n] of mine.entries()) externalIds[n] = (items[k] as { id: string }).id;
    }
    for (let start = 0; start < COLLECT_POSTS; start += 1_000) {
      const slice = Array.from({ length: Math.min(1_000, COLLECT_POSTS - start) }, (_, k) => start + k);
      const written = await t.db
        .insert(posts)
        .values(
          slice.map((n) => {
            const a = accounts[n % accounts.length] as (typeof accounts)[number];
            return {
              workspaceId: a.workspaceId,
              userId: a.userId,
              content: `Collected post ${n}`,
              status: "published" as const,
              facebookPageId: a.platform === "facebook" ? a.pageId : null,
              ...(a.platform === "linkedin" && {
                options: { linkedin: { postAs: "company" as const, organizationId: a.pageId ?? undefined } },
              }),
              scheduledAt: publishedAt,
              timezone: "UTC",
            };
          }),
        )
        .returning({ id: posts.id });
      await t.db.insert(postTargets).values(
        slice.map((n, k) => {
          const a = accounts[n % accounts.length] as (typeof accounts)[number];
          return {
            postId: (written[k] as { id: string }).id,
            accountId: a.accountId,
            platform: a.platform,
            pageId: a.platform === "facebook" ? a.pageId : null,
            status: "published" as const,
            externalId: externalIds[n] as string,
            publishedAt,
          };
        }),
      );
    }
    // Queue the polls, then move past the 1-hour age and run the due jobs until none is left.
    await startMetricsSchedule(t.db, clock.now());
    while ((await t.app.jobsWorker.runOnce()) > 0) {}
    clock.advance(HOUR + 1_000);
    // The sandbox keeps its last 5,000 requests: those after the last one counted are counted after each round of
    // the worker (a round makes a few calls). Not by reset(), which would forget the published posts too.
    const calls = new Map<string, number>();
    let counted = sandbox.control.requests.at(-1);
    const tally = () => {
      const list = sandbox.control.requests;
      for (const r of list.slice(counted ? list.lastIndexOf(counted) + 1 : 0))
        calls.set(r.platform, (calls.get(r.platform) ?? 0) + 1);
      counted = list.at(-1) ?? counted;
    };
    const started = performance.now();
    for (;;) {
      const taken = await t.app.jobsWorker.runOnce();
      tally();
      if (taken === 0) break;
    }
    const seconds = round((performance.now() - started) / 1000);
    const counts = (await t.db.execute(sql`
      select count(*) filter (where done_at is not null and last_error is null)::int as done,
             count(*) filter (where done_at is null)::int as waiting,
             count(*) filter (where last_error is not null)::int as failed,
             (select count(*) from post_metrics)::int as snapshots
      from jobs where kind = 'post-metrics' and key like ${`%:${HOUR}`}`)) as unknown as {
      rows: { done: number; waiting: number; failed: number; snapshots: number }[];
    };
    const { snapshots, ...polls } = counts.rows[0] as (typeof counts.rows)[number];
    return {
      part: "collection",
      database: server ? "postgres" : "pglite",
      posts: COLLECT_POSTS,
      seconds,
      calls_per_network: Object.fromEntries([...calls.entries()].sort()),
      calls: [...calls.values()].reduce((a, b) => a + b, 0),
      polls,
      snapshots,
      // each poll done saves its post's snapshot: the networks found every post
      snapshots_equal_polls_done: snapshots === polls.done,
    };
  } finally {
    await t.close();
  }
}

const servers: (string | undefined)[] = [undefined, ...(process.env.DATABASE_URL ? [process.env.DATABASE_URL] : [])];
const parts = (process.env.BENCH_PARTS ?? "screens,collection").split(",");
if (parts.includes("screens")) for (const server of servers) console.log(JSON.stringify(await screens(server)));
if (parts.includes("collection")) for (const server of servers) console.log(JSON.stringify(await collection(server)));
