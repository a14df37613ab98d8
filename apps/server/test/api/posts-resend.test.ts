import { wallClock } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, test } from "vitest";
import { posts, postTargets } from "../../src/db/schema";
import { createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const at = (inMs: number) => wallClock(new Date(t.clock.now().getTime() + inMs), "UTC");

/** A post on X and LinkedIn that went out on LinkedIn only: X stopped its thread after one part. */
async function partlyPublished() {
  const { cookie } = await signedInUser(t.app);
  const x = (await connect(t, cookie, "twitter")).json().account.id as string;
  const li = (await connect(t, cookie, "linkedin")).json().account.id as string;
  const when = at(HOUR);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/posts",
    headers: { cookie },
    payload: {
      content: "Launch day",
      accountIds: [x, li],
      scheduledDate: when.date,
      scheduledTime: when.time,
      timezone: "UTC",
      status: "scheduled",
    },
  });
  const id = res.json().post.id as string;
  await t.db
    .update(postTargets)
    .set({ status: "failed", lastError: "X said no", attempts: 3, progress: { thread: ["1"] } })
    .where(eq(postTargets.accountId, x));
  await t.db
    .update(postTargets)
    .set({ status: "published", externalId: "li-1", publishedAt: t.clock.now(), progress: { kept: true } })
    .where(eq(postTargets.accountId, li));
  await t.db.update(posts).set({ status: "partially_published" }).where(eq(posts.id, id));
  return { cookie, id, x, li };
}

const patch = (cookie: string, id: string, payload: object) =>
  t.app.inject({ method: "PATCH", url: `/api/posts/${id}`, headers: { cookie }, payload });
const targets = (postId: string) => t.db.select().from(postTargets).where(eq(postTargets.postId, postId));

test("an edited partly published post goes again only to the network that failed it, its thread started afresh", async () => {
  const { cookie, id, x, li } = await partlyPublished();
  const when = at(2 * HOUR);
  const res = await patch(cookie, id, {
    content: "Launch day, take two",
    scheduledDate: when.date,
    scheduledTime: when.time,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().post.status).toBe("scheduled");
  const rows = await targets(id);
  const failed = rows.find((r) => r.accountId === x);
  const published = rows.find((r) => r.accountId === li);
  expect(failed).toMatchObject({ status: "pending", lastError: null, attempts: 0, progress: null });
  expect(failed?.nextAttemptAt?.getTime()).toBe(new Date(res.json().post.scheduledAt).getTime());
  expect(published).toMatchObject({ status: "published", externalId: "li-1", progress: { kept: true } });
});

test("an edit that keeps the text keeps the thread's posted parts, and the accounts picked again keep what went out", async () => {
  const { cookie, id, x, li } = await partlyPublished();
  const when = at(3 * HOUR);
  const res = await patch(cookie, id, { accountIds: [x], scheduledDate: when.date, scheduledTime: when.time });
  expect(res.statusCode, res.body).toBe(200);
  const rows = await targets(id);
  expect(rows.find((r) => r.accountId === x)).toMatchObject({ status: "pending", progress: { thread: ["1"] } });
  expect(rows.find((r) => r.accountId === li)).toMatchObject({ status: "published" });
});

test("leaving out the only network that failed leaves the post as its targets made it", async () => {
  const { cookie, id, li } = await partlyPublished();
  const res = await patch(cookie, id, { accountIds: [li], content: "Only LinkedIn" });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().post.status).toBe("published");
  expect((await targets(id)).map((r) => r.status)).toEqual(["published"]);
});

test("drafts and failed posts can be deleted; a post going out cannot", async () => {
  const del = (cookie: string, postId: string) =>
    t.app.inject({ method: "DELETE", url: `/api/posts/${postId}`, headers: { cookie } });
  const failed = await partlyPublished();
  await t.db.update(posts).set({ status: "failed" }).where(eq(posts.id, failed.id));
  expect((await del(failed.cookie, failed.id)).statusCode).toBe(200);

  const going = await partlyPublished();
  await t.db.update(posts).set({ status: "publishing" }).where(eq(posts.id, going.id));
  const refused = await del(going.cookie, going.id);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().error.message).toMatch(/going out right now/);
});
