import { eq, sql } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { loadConfig } from "../../src/config/env";
import { accountMetrics, jobs, postMetrics } from "../../src/db/schema";
import { startMetricsSchedule } from "../../src/modules/metrics/metrics.collector";
import { createTestApp, signedInUser, type TestApp, testClock } from "../helpers";
import { seedAccount, seedPublishedPost, workspaceOf } from "../results";

let t: TestApp;
let opened: TestApp[] = [];
afterEach(async () => {
  for (const app of opened) await app.close();
  opened = [];
});

/** The app on a clock set to START, kept to close after the test. */
async function openApp(env: Record<string, string>) {
  const clock = testClock(START);
  t = await createTestApp(env, { now: clock.now });
  opened.push(t);
  return clock;
}

const DAY = 24 * 3_600_000;
const START = new Date("2025-06-30T12:00:00Z");
const daysBefore = (n: number, from = START) => new Date(from.getTime() - n * DAY);

/** Runs the jobs due now until none is left. */
async function runDue() {
  while ((await t.app.jobsWorker.runOnce()) > 0) {}
}

/** A post published 200 days before START, read every 10 days since; an account read every day for a year. */
async function seed() {
  const { cookie } = await signedInUser(t.app);
  const owner = await workspaceOf(t, cookie);
  const account = await seedAccount(t.db, owner, "linkedin");
  const published = daysBefore(200);
  const snapshots = Array.from({ length: 20 }, (_, i) => ({ at: daysBefore(199 - i * 10), figures: { likes: i } }));
  const { targetId } = await seedPublishedPost(t.db, owner, account, published, snapshots);
  // An older post read once, long ago: its only (newest) snapshot is kept whatever its age.
  const old = await seedPublishedPost(t.db, owner, account, daysBefore(400), [
    { at: daysBefore(399), figures: { likes: 3 } },
  ]);
  await t.db.insert(accountMetrics).values(
    Array.from({ length: 365 }, (_, i) => ({
      workspaceId: owner.workspaceId,
      accountId: account.id,
      platform: account.platform,
      day: daysBefore(i).toISOString().slice(0, 10),
      followers: 1_000 + i,
      capturedAt: daysBefore(i),
    })),
  );
  return { targetId, oldTargetId: old.targetId };
}

const snapshotsOf = (targetId: string) =>
  t.db.select().from(postMetrics).where(eq(postMetrics.targetId, targetId)).orderBy(postMetrics.capturedAt);
const accountDays = async () =>
  (await t.db.select({ day: accountMetrics.day }).from(accountMetrics).orderBy(accountMetrics.day)).map((r) => r.day);

test("by default results are kept for ever: no deletion is queued", async () => {
  const clock = await openApp({});
  const { targetId } = await seed();
  await startMetricsSchedule(t.db, clock.now());
  await runDue();
  expect(await snapshotsOf(targetId)).toHaveLength(20);
  expect(await accountDays()).toHaveLength(365);
  expect(await t.db.select().from(jobs).where(eq(jobs.kind, "metrics-retention"))).toEqual([]);
});

test("METRICS_RETENTION_DAYS: once a day, snapshots and account readings older than that go, each post's newest kept", async () => {
  const clock = await openApp({ METRICS_RETENTION_DAYS: "90" });
  const { targetId, oldTargetId } = await seed();
  await startMetricsSchedule(t.db, clock.now());
  await runDue();

  const cutoff = daysBefore(90);
  let kept = await snapshotsOf(targetId);
  expect(kept.map((s) => s.likes)).toEqual([11, 12, 13, 14, 15, 16, 17, 18, 19]);
  expect(kept.every((s) => s.capturedAt >= cutoff)).toBe(true);
  expect((await snapshotsOf(oldTargetId)).map((s) => [s.likes, s.isLatest])).toEqual([[3, true]]);
  let days = await accountDays();
  expect(days[0]).toBe(cutoff.toISOString().slice(0, 10));
  expect(days).toHaveLength(91);

  // Later the same day: already done today (one run a day).
  clock.advance(3_600_000);
  await startMetricsSchedule(t.db, clock.now());
  await runDue();
  expect(await t.db.select().from(jobs).where(eq(jobs.kind, "metrics-retention"))).toHaveLength(1);

  // 45 days on: the next day's run takes what has grown old since; the newest snapshot stays however old.
  clock.advance(45 * DAY - 3_600_000);
  await startMetricsSchedule(t.db, clock.now());
  await runDue();
  kept = await snapshotsOf(targetId);
  expect(kept.map((s) => s.likes)).toEqual([16, 17, 18, 19]);
  days = await accountDays();
  expect(days[0]).toBe(daysBefore(90, clock.now()).toISOString().slice(0, 10));
  expect(days).toHaveLength(46);

  clock.advance(400 * DAY);
  await startMetricsSchedule(t.db, clock.now());
  await runDue();
  expect((await snapshotsOf(targetId)).map((s) => [s.likes, s.isLatest])).toEqual([[19, true]]);
  expect(await accountDays()).toEqual([]);
});

test("a large history goes in batches of 5,000 rows, all of it in one run", async () => {
  const clock = await openApp({ METRICS_RETENTION_DAYS: "30" });
  const { targetId } = await seed();
  // 12,000 more old snapshots of the post (not its newest).
  await t.db.execute(sql`
    insert into post_metrics (workspace_id, post_id, target_id, account_id, platform, captured_at, published_at,
                              is_latest, likes)
    select workspace_id, post_id, target_id, account_id, platform, captured_at - g * interval '1 minute',
           published_at, false, g
    from post_metrics, generate_series(1, 12000) g
    where target_id = ${targetId} and not is_latest and likes = 0`);
  expect(await snapshotsOf(targetId)).toHaveLength(12_020);
  await startMetricsSchedule(t.db, clock.now());
  await runDue();
  expect((await snapshotsOf(targetId)).map((s) => s.likes)).toEqual([17, 18, 19]);
  const [retention] = await t.db.select().from(jobs).where(eq(jobs.kind, "metrics-retention"));
  expect(retention).toMatchObject({ attempts: 1, lastError: null });
  expect(retention?.doneAt).not.toBeNull();
});

test("METRICS_RETENTION_DAYS must be a whole number of days, 0 or more", () => {
  const base = { DATA_DIR: "/tmp/orbitpost-retention-config" };
  expect(loadConfig(base).metricsRetentionDays).toBe(0);
  expect(loadConfig({ ...base, METRICS_RETENTION_DAYS: "395" }).metricsRetentionDays).toBe(395);
  for (const bad of ["-1", "1.5", "a year", "100000"]) {
    expect(() => loadConfig({ ...base, METRICS_RETENTION_DAYS: bad })).toThrow(/METRICS_RETENTION_DAYS/);
  }
});
