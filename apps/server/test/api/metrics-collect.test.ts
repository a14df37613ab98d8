import { postFigures } from "@app/sandbox";
import { asc, eq } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { jobs, postMetrics } from "../../src/db/schema";
import { startMetricsSchedule } from "../../src/modules/metrics/metrics.collector";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { duePost, publishDue, publisherOn } from "../publishing";

let t: NetworkTestApp;
afterEach(async () => {
  await t?.close();
});

const HOUR = 3_600_000;

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
