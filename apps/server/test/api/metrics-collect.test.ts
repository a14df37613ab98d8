import { postFigures } from "@app/sandbox";
import { and, asc, eq, isNull } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { accountMetrics, jobs, postMetrics, posts, postTargets, socialAccounts } from "../../src/db/schema";
import { startMetricsSchedule } from "../../src/modules/metrics/metrics.collector";
import { createMetricsRepo } from "../../src/modules/metrics/metrics.repo";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { duePost, publishDue, publisherOn } from "../publishing";
import { workspaceOf } from "../results";

let t: NetworkTestApp;
afterEach(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
/** X's rate-limit window of post lookups. */
const X_WINDOW = 15 * 60_000;

/** Runs the jobs due now until none is left (the schedule queues its next run for later). */
async function runDue() {
  while ((await t.app.jobsWorker.runOnce()) > 0) {}
}

test("a published post is read at its ages and no more; X, which charges per read, only at 1 day and 7 days by default", async () => {
  t = await createNetworkTestApp();
  const x = await publisherOn(t, "twitter", "xmetrics");
  const li = await publisherOn(t, "linkedin", "limetrics");
  const xPost = await duePost(t, x.cookie, { accountIds: [x.accountId], content: "Figures on X" });
  const liPost = await duePost(t, li.cookie, { accountIds: [li.accountId], content: "Figures on LinkedIn" });
  const xTarget = (await publishDue(t, xPost)).targets[0];
  const liTarget = (await publishDue(t, liPost)).targets[0];
  expect(xTarget?.status).toBe("published");
  await startMetricsSchedule(t.db, t.clock.now());
  await runDue();

  // Each target's polls are queued once, at its ages.
  const queued = await t.db.select().from(jobs).where(eq(jobs.kind, "post-metrics")).orderBy(asc(jobs.runAt));
  const agesOf = (targetId: string) =>
    queued
      .filter((j) => j.payload.targetId === targetId)
      .map((j) => (j.runAt.getTime() - (xTarget?.publishedAt?.getTime() ?? 0)) / HOUR);
  expect(agesOf(xTarget?.id as string)).toEqual([24, 168]);
  expect(queued.filter((j) => j.payload.targetId === liTarget?.id)).toHaveLength(6);

  // Through a month, a sweep every few minutes queues nothing twice; each poll runs once, at its age.
  for (const hours of [1, 6, 24, 72, 168, 720]) {
    t.clock.advance(hours * HOUR - (t.clock.now().getTime() - (liTarget?.publishedAt?.getTime() ?? 0)));
    await startMetricsSchedule(t.db, t.clock.now());
    await runDue();
  }
  const snapshots = await t.db.select().from(postMetrics).orderBy(asc(postMetrics.capturedAt));
  expect(snapshots.filter((s) => s.platform === "linkedin")).toHaveLength(6);
  const onX = snapshots.filter((s) => s.platform === "twitter");
  expect(onX).toHaveLength(2);
  const [xItem] = t.sandbox.published("twitter");
  for (const snapshot of onX) {
    const expected = postFigures("twitter", xItem?.id as string, xItem?.at as Date, snapshot.capturedAt);
    expect(snapshot).toMatchObject({ views: expected.views, likes: expected.likes, comments: expected.comments });
  }
  expect((await t.db.select().from(jobs).where(eq(jobs.kind, "post-metrics"))).length).toBe(8);
});

/** X's post lookups the sandbox received. */
const xLookups = () =>
  t.sandbox.requests.filter((r) => r.platform === "twitter" && r.method === "GET" && r.path === "api.x.com/2/tweets")
    .length;

test("an account's polls due at once are read together, 100 posts a call on X; a failed call fails each of its polls", async () => {
  t = await createNetworkTestApp();
  const x = await publisherOn(t, "twitter", "xbatch");
  // 250 posts of one account on X, written due now and published together.
  const POSTS = 250;
  const owner = await workspaceOf(t, x.cookie);
  const due = t.clock.now();
  const written = await t.db
    .insert(posts)
    .values(
      Array.from({ length: POSTS }, (_, i) => ({
        workspaceId: owner.workspaceId,
        userId: owner.userId,
        content: `One of many, number ${i}`,
        status: "scheduled" as const,
        scheduledAt: due,
        timezone: "UTC",
      })),
    )
    .returning({ id: posts.id });
  await t.db
    .insert(postTargets)
    .values(written.map((p) => ({ postId: p.id, accountId: x.accountId, platform: "twitter", nextAttemptAt: due })));
  await publishDue(t, written[0]?.id as string);
  expect(t.sandbox.published("twitter")).toHaveLength(POSTS);
  await startMetricsSchedule(t.db, t.clock.now());
  await runDue();
  const polls = await t.db.select().from(jobs).where(eq(jobs.kind, "post-metrics"));
  expect(polls).toHaveLength(POSTS * 2);
  expect(polls.every((j) => j.payload.accountId === x.accountId)).toBe(true);

  // At 1 day, the 250 polls fall due together: 3 lookups (100, 100 and 50 ids), a snapshot each, each poll done once.
  t.clock.advance(24 * HOUR);
  await runDue();
  expect(xLookups()).toBe(3);
  let snapshots = await t.db.select().from(postMetrics);
  expect(snapshots).toHaveLength(POSTS);
  expect(new Set(snapshots.map((s) => s.targetId)).size).toBe(POSTS);
  const dayPolls = (await t.db.select().from(jobs).where(eq(jobs.kind, "post-metrics"))).filter((j) =>
    j.key.endsWith(`:${24 * HOUR}`),
  );
  expect(dayPolls.map((j) => [j.attempts, j.doneAt !== null, j.leaseOwner])).toEqual(
    dayPolls.map(() => [1, true, null]),
  );

  // At 7 days, on X's free tier (one lookup per 15 minutes), the first call reads 100 posts; the others are refused
  // (429, tried twice more at once by the adapter): each of their 150 polls fails alike, tried again when X's
  // 15-minute window resets (its x-rate-limit-reset, measured on X's clock: the moved one).
  t.clock.advance(144 * HOUR);
  t.sandbox.setReview({ twitter: { tier: "free" } });
  await runDue();
  expect(xLookups()).toBe(3 + 1 + 2 * 3);
  expect(await t.db.select().from(postMetrics)).toHaveLength(POSTS + 100);
  const failed = await t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, "post-metrics"), isNull(jobs.doneAt)));
  expect(failed).toHaveLength(150);
  for (const j of failed) {
    expect(j).toMatchObject({ attempts: 1, leaseOwner: null, leaseUntil: null });
    expect(j.lastError).toMatch(/too many requests/i);
    // The window opened at the first lookup, this moment; its reset is given in whole seconds.
    const wait = j.runAt.getTime() - t.clock.now().getTime();
    expect(wait).toBeGreaterThanOrEqual(X_WINDOW);
    expect(wait).toBeLessThanOrEqual(X_WINDOW + 1_000);
  }
  t.sandbox.setReview({ twitter: { tier: "basic" } });
  t.clock.advance(X_WINDOW + 1_000);
  await runDue();
  expect(xLookups()).toBe(3 + 7 + 2);
  snapshots = await t.db.select().from(postMetrics);
  expect(snapshots).toHaveLength(POSTS * 2);
  expect(snapshots.filter((s) => s.isLatest)).toHaveLength(POSTS);
  expect(
    await t.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "post-metrics"), isNull(jobs.doneAt))),
  ).toEqual([]);
});

test("each account is read once a day, and its follower count follows its newest reading", async () => {
  t = await createNetworkTestApp();
  const li = await publisherOn(t, "linkedin", "lifollowers");
  const count = async () =>
    (await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, li.accountId)))[0]?.followerCount;
  const readings = () => t.db.select().from(accountMetrics).where(eq(accountMetrics.accountId, li.accountId));
  await startMetricsSchedule(t.db, t.clock.now());
  for (let day = 0; day < 3; day++) {
    await runDue();
    t.clock.advance(24 * HOUR);
    await startMetricsSchedule(t.db, t.clock.now());
  }
  await runDue();
  const rows = (await readings()).sort((a, b) => a.day.localeCompare(b.day));
  // One reading a day (today's may still be ahead of its moment in the day).
  expect(rows.length).toBeGreaterThanOrEqual(3);
  expect(new Set(rows.map((r) => r.day)).size).toBe(rows.length);
  expect(rows.every((r) => typeof r.followers === "number")).toBe(true);
  expect(await count()).toBe(rows.at(-1)?.followers);
  // An older day read late does not move the count back.
  const [first] = rows;
  await createMetricsRepo(t.db).saveAccountReading(
    { id: li.accountId, workspaceId: first?.workspaceId as string, platform: "linkedin" },
    first?.day as string,
    t.clock.now(),
    { figures: { followers: 1 }, unavailable: {} },
  );
  expect(await count()).toBe(rows.at(-1)?.followers);
});
