import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { postTargets } from "../../src/db/schema";
import { createPublishingWorker } from "../../src/worker/publishing-worker";
import { createQueueRepo } from "../../src/worker/queue.repo";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { publisherOn } from "../publishing";

/**
 * A post scheduled for 09:00 in Berlin goes out at 09:00 Berlin time on both sides of a daylight saving
 * change: 08:00Z in winter (CET, UTC+1), 07:00Z in summer (CEST, UTC+2). Each post is written before the
 * change (on the Friday), so the one after it must not be computed with the offset of the day it was made.
 */
const ZONE = "Europe/Berlin";
const MINUTE = 60_000;

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

/** Moves the app's (and its sandbox's) clock to an instant, forwards or back. */
const setClock = (iso: string) => t.clock.advance(Date.parse(iso) - t.clock.now().getTime());

interface Change {
  name: string;
  /** when the posts are written: the Friday before the change, at noon in Berlin */
  writtenAt: string;
  /** the day before and the day after the change (and the Sunday itself), with 09:00 Berlin in UTC */
  days: { date: string; due: string }[];
}

const CHANGES: Change[] = [
  {
    name: "summer time begins (Sunday 28 March 2027)",
    writtenAt: "2027-03-26T11:00:00Z",
    days: [
      { date: "2027-03-27", due: "2027-03-27T08:00:00.000Z" },
      { date: "2027-03-28", due: "2027-03-28T07:00:00.000Z" },
      { date: "2027-03-29", due: "2027-03-29T07:00:00.000Z" },
    ],
  },
  {
    name: "summer time ends (Sunday 25 October 2026)",
    writtenAt: "2026-10-23T10:00:00Z",
    days: [
      { date: "2026-10-24", due: "2026-10-24T07:00:00.000Z" },
      { date: "2026-10-25", due: "2026-10-25T08:00:00.000Z" },
      { date: "2026-10-26", due: "2026-10-26T08:00:00.000Z" },
    ],
  },
  {
    name: "summer time ends (Sunday 31 October 2027)",
    writtenAt: "2027-10-29T10:00:00Z",
    days: [
      { date: "2027-10-30", due: "2027-10-30T07:00:00.000Z" },
      { date: "2027-10-31", due: "2027-10-31T08:00:00.000Z" },
      { date: "2027-11-01", due: "2027-11-01T08:00:00.000Z" },
    ],
  },
];

describe.each(CHANGES)("09:00 in Berlin when $name", (change) => {
  test("each post goes out at 09:00 Berlin time, not a minute before, as the network records it", async () => {
    setClock(change.writtenAt);
    const { cookie, accountId } = await publisherOn(t, "linkedin");
    const scheduled: { id: string; due: string; content: string }[] = [];
    for (const day of change.days) {
      const content = `Good morning Berlin, ${day.date}`;
      const res = await t.app.inject({
        method: "POST",
        url: "/api/posts",
        headers: { cookie },
        payload: {
          content,
          accountIds: [accountId],
          scheduledDate: day.date,
          scheduledTime: "09:00",
          timezone: ZONE,
          status: "scheduled",
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const post = res.json().post;
      expect(post).toMatchObject({ scheduledAt: day.due, scheduledDate: day.date, scheduledTime: "09:00" });
      scheduled.push({ id: post.id, due: day.due, content });
    }

    const worker = createPublishingWorker({
      queue: createQueueRepo(t.db),
      publisher: t.app.publisher,
      now: t.clock.now,
      id: "berlin-worker",
    });
    for (const [i, post] of scheduled.entries()) {
      // 08:59 in Berlin: nothing is claimed yet.
      setClock(new Date(Date.parse(post.due) - MINUTE).toISOString());
      expect(await worker.tick()).toBe(0);
      expect(t.sandbox.published("linkedin")).toHaveLength(i);
      const [waiting] = await t.db.select().from(postTargets).where(eq(postTargets.postId, post.id));
      expect(waiting).toMatchObject({ status: "pending", attempts: 0 });

      // 09:00 in Berlin: it goes out, and only this one.
      setClock(post.due);
      expect(await worker.tick()).toBe(1);
      const [target] = await t.db.select().from(postTargets).where(eq(postTargets.postId, post.id));
      expect(target).toMatchObject({ status: "published", attempts: 1 });
      expect(target?.publishedAt?.toISOString()).toBe(post.due);
      const items = t.sandbox.published("linkedin");
      expect(items).toHaveLength(i + 1);
      expect(items[i]?.text).toBe(post.content);
      expect(items[i]?.at.toISOString()).toBe(post.due);
      expect(
        new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, hour: "2-digit", minute: "2-digit" }).format(items[i]?.at),
      ).toBe("09:00");
    }
    await worker.stop();
  });
});
