import { type MeResponse, NOTIFICATION_MESSAGES, NOTIFICATIONS_PAGE_SIZE, PLATFORM_LABELS } from "@app/shared";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, test } from "vitest";
import { jobs, notificationPreferences, notifications, postTargets, users } from "../../src/db/schema";
import { NOTIFICATION_EMAIL_JOB } from "../../src/modules/notifications/notify";
import { createQueueRepo } from "../../src/worker/queue.repo";
import {
  createNetworkTestApp,
  createTestApp,
  joinWorkspace,
  type NetworkTestApp,
  signedInUser,
  type TestApp,
  testClock,
} from "../helpers";
import { duePost, publishDue, publisherOn } from "../publishing";

let t: TestApp | NetworkTestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const app = () => (t as TestApp).app;
const get = async (cookie: string, query = "") => {
  const res = await app().inject({ method: "GET", url: `/api/notifications${query}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const post = (cookie: string, url: string) => app().inject({ method: "POST", url, headers: { cookie }, payload: {} });
const userIdOf = async (cookie: string) =>
  ((await app().inject({ method: "GET", url: "/api/me", headers: { cookie } })).json() as MeResponse).user.id;

const at = (iso: string) => new Date(iso);
const kindsOf = (list: { notifications: { kind: string }[] }) => list.notifications.map((n) => n.kind);

describe("the member's list", () => {
  // 23:00 on March 9 in New York (daylight saving time began on March 8: UTC-4 now, UTC-5 a week ago).
  const NOW = at("2026-03-10T03:00:00Z");

  async function seeded() {
    t = await createTestApp({ SESSION_CACHE_SECONDS: "0" }, { now: testClock(NOW).now });
    const owner = await signedInUser(t.app);
    const ownerId = await userIdOf(owner.cookie);
    const admin = await joinWorkspace(t, owner, "admin");
    const [adminRow] = await t.db.select().from(users).where(eq(users.id, admin.userId));
    const workspaceId = admin.workspaceId;
    const mine = (v: Partial<typeof notifications.$inferInsert> & { kind: string; createdAt: Date }) => ({
      workspaceId,
      userId: ownerId,
      message: `About ${v.kind}`,
      ...v,
    });
    await t.db.insert(notifications).values([
      // today in New York, and in UTC
      mine({ kind: "publish_failed", platform: "linkedin", createdAt: at("2026-03-10T02:00:00Z") }),
      // today in New York (01:00 on March 9), yesterday in UTC
      mine({ kind: "new_likes", platform: "linkedin", count: 12, createdAt: at("2026-03-09T05:00:00Z") }),
      // 23:30 on March 8 in New York: this week, not today
      mine({ kind: "publish_unconfirmed", platform: "twitter", createdAt: at("2026-03-09T03:30:00Z") }),
      // 00:30 on March 3 in New York: the first day of the 7, read
      mine({
        kind: "task_assigned",
        actorId: admin.userId,
        createdAt: at("2026-03-03T05:30:00Z"),
        readAt: at("2026-03-04T00:00:00Z"),
      }),
      // 23:30 on March 2 in New York: before the week, read
      mine({ kind: "account_expiring", platform: "facebook", createdAt: at("2026-03-03T04:30:00Z"), readAt: NOW }),
      // older ones, read
      ...Array.from({ length: 22 }, (_, i) =>
        mine({
          kind: "post_published",
          platform: "linkedin",
          createdAt: new Date(at("2026-02-01T00:00:00Z").getTime() + i * 60_000),
          readAt: NOW,
        }),
      ),
    ]);
    // Another member's, in the same workspace; and the owner's in another workspace: never in the owner's list.
    await t.db.insert(notifications).values([
      { workspaceId, userId: admin.userId, kind: "approval_requested", message: "Theirs", createdAt: NOW },
      {
        workspaceId: `personal-${admin.userId}`,
        userId: ownerId,
        kind: "payment_failed",
        message: "Elsewhere",
        createdAt: NOW,
      },
    ]);
    return { owner, ownerId, admin, adminName: adminRow?.name as string, workspaceId };
  }

  test("newest first, a page at a time, with the summary in the member's time zone whatever the filter", async () => {
    const { owner, ownerId, admin, adminName } = await seeded();
    await t?.db.update(users).set({ timezone: "America/New_York" }).where(eq(users.id, ownerId));

    const first = await get(owner.cookie);
    expect(first).toMatchObject({ page: 1, pageSize: NOTIFICATIONS_PAGE_SIZE, total: 27 });
    expect(first.notifications).toHaveLength(NOTIFICATIONS_PAGE_SIZE);
    expect(kindsOf(first).slice(0, 5)).toEqual([
      "publish_failed",
      "new_likes",
      "publish_unconfirmed",
      "task_assigned",
      "account_expiring",
    ]);
    const summary = {
      unread: 3,
      today: 2,
      thisWeek: 4,
      byCategory: { publishing: 2, accounts: 0, integrations: 0, team: 0, billing: 0, engagement: 1 },
    };
    expect(first.summary).toEqual(summary);
    const second = await get(owner.cookie, "?page=2");
    expect(second).toMatchObject({ page: 2, total: 27 });
    expect(second.notifications).toHaveLength(7);
    expect(new Set([...first.notifications, ...second.notifications].map((n: { id: string }) => n.id)).size).toBe(27);
    expect((await get(owner.cookie, "?page=3")).notifications).toEqual([]);

    // Each kind's title, link and what it names.
    const [failed, likes, unconfirmed, task, expiring] = first.notifications;
    expect(failed).toMatchObject({
      category: "publishing",
      title: "Publishing failed on LinkedIn",
      link: "/scheduler",
      actor: null,
      read: false,
      createdAt: "2026-03-10T02:00:00.000Z",
    });
    expect(likes).toMatchObject({
      category: "engagement",
      title: "12 new likes on LinkedIn",
      link: "/analytics",
      count: 12,
      platform: "linkedin",
    });
    expect(unconfirmed).toMatchObject({ title: NOTIFICATION_MESSAGES.publishUnconfirmed(PLATFORM_LABELS.twitter) });
    expect(task).toMatchObject({
      category: "team",
      title: `${adminName} assigned you a task`,
      link: "/team?tab=tasks",
      actor: { id: admin.userId, name: adminName, image: null },
      read: true,
    });
    expect(expiring).toMatchObject({ category: "accounts", link: "/connected-accounts", read: true });

    // Filters: by category, by kind, unread only; the summary stays the member's whole.
    const publishing = await get(owner.cookie, "?category=publishing");
    expect(publishing.total).toBe(24);
    expect(publishing.summary).toEqual(summary);
    const liked = await get(owner.cookie, "?kind=new_likes");
    expect(liked).toMatchObject({ total: 1, notifications: [{ kind: "new_likes" }], summary });
    const unread = await get(owner.cookie, "?unread=true");
    expect(kindsOf(unread)).toEqual(["publish_failed", "new_likes", "publish_unconfirmed"]);
    expect((await get(owner.cookie, "?unread=true&category=engagement")).total).toBe(1);
    expect((await get(owner.cookie, "?category=billing")).total).toBe(0);
    // Empty values are no filter (the screen's "All").
    expect((await get(owner.cookie, "?category=&kind=&unread=")).total).toBe(27);
    for (const bad of ["?kind=likes", "?category=nope", "?page=0", "?unread=yes"]) {
      const res = await app().inject({
        method: "GET",
        url: `/api/notifications${bad}`,
        headers: { cookie: owner.cookie },
      });
      expect(res.statusCode, bad).toBe(400);
    }

    // In UTC (no time zone chosen) the day began later: one today.
    await t?.db.update(users).set({ timezone: null }).where(eq(users.id, ownerId));
    expect((await get(owner.cookie)).summary).toMatchObject({ unread: 3, today: 1 });

    // The admin sees only their own.
    const theirs = await get(admin.cookie);
    expect(theirs).toMatchObject({ total: 1, notifications: [{ kind: "approval_requested", message: "Theirs" }] });
    expect(theirs.summary).toMatchObject({ unread: 1, byCategory: { team: 1 } });
  });

  test("read one or all: only the member's own, in this workspace; another's is a 404", async () => {
    const { owner, admin } = await seeded();
    const [adminsOwn] = (await get(admin.cookie)).notifications;
    const [ownersFirst] = (await get(owner.cookie)).notifications;

    // Neither may touch the other's.
    const foreign = await post(admin.cookie, `/api/notifications/${ownersFirst.id}/read`);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json().error.message).toBe(NOTIFICATION_MESSAGES.notFound);
    expect((await post(owner.cookie, `/api/notifications/${adminsOwn.id}/read`)).statusCode).toBe(404);
    expect((await get(owner.cookie)).summary.unread).toBe(3);
    expect((await post(owner.cookie, "/api/notifications/not-an-id/read")).statusCode).toBe(400);

    const one = await post(owner.cookie, `/api/notifications/${ownersFirst.id}/read`);
    expect(one.statusCode, one.body).toBe(200);
    // Again: still fine, nothing changes.
    expect((await post(owner.cookie, `/api/notifications/${ownersFirst.id}/read`)).statusCode).toBe(200);
    const after = await get(owner.cookie);
    expect(after.summary.unread).toBe(2);
    expect(after.notifications[0]).toMatchObject({ id: ownersFirst.id, read: true });

    // The admin's "all" leaves the owner's alone; the owner's leaves the admin's and the other workspace's.
    expect((await post(admin.cookie, "/api/notifications/read")).statusCode).toBe(200);
    expect((await get(admin.cookie)).summary.unread).toBe(0);
    expect((await get(owner.cookie)).summary.unread).toBe(2);
    await t?.db.update(notifications).set({ readAt: null }).where(eq(notifications.id, adminsOwn.id));
    expect((await post(owner.cookie, "/api/notifications/read")).statusCode).toBe(200);
    const done = await get(owner.cookie, "?unread=true");
    expect(done).toMatchObject({ total: 0, summary: { unread: 0 } });
    expect((await get(admin.cookie)).summary.unread).toBe(1);
    const elsewhere = await t?.db.select().from(notifications).where(eq(notifications.message, "Elsewhere"));
    expect(elsewhere?.[0]?.readAt).toBeNull();

    expect((await app().inject({ method: "GET", url: "/api/notifications" })).statusCode).toBe(401);
    expect((await app().inject({ method: "POST", url: "/api/notifications/read", payload: {} })).statusCode).toBe(401);
  });
});

describe("publishing tells", () => {
  /** The owner's workspace with its LinkedIn account, an editor who writes the posts, and a contributor. */
  async function publishingTeam() {
    const n = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
    t = n;
    const owner = await publisherOn(n, "linkedin");
    const ownerId = await userIdOf(owner.cookie);
    const editor = await joinWorkspace(n, owner, "editor");
    const contributor = await joinWorkspace(n, owner, "contributor");
    return { n, owner, ownerId, editor, contributor };
  }

  const notesOf = async (n: NetworkTestApp, targetId: string) =>
    (await n.db.select().from(notifications).where(eq(notifications.targetId, targetId))).sort((a, b) =>
      a.userId.localeCompare(b.userId),
    );

  test("a success: post_published to its author only", async () => {
    const { n, owner, editor, contributor } = await publishingTeam();
    const postId = await duePost(n, editor.cookie, { accountIds: [owner.accountId], content: "Going out today" });
    const { post: published, targets } = await publishDue(n, postId);
    expect(published?.status).toBe("published");
    const notes = await notesOf(n, targets[0]?.id as string);
    expect(notes.map((x) => [x.userId, x.kind])).toEqual([[editor.userId, "post_published"]]);
    expect((await get(editor.cookie)).notifications).toMatchObject([
      {
        kind: "post_published",
        title: "Published on LinkedIn",
        link: "/scheduler",
        postId,
        postExcerpt: "Going out today",
        platform: "linkedin",
        read: false,
      },
    ]);
    expect((await get(owner.cookie)).total).toBe(0);
    expect((await get(contributor.cookie)).total).toBe(0);
    // In the app only by default: no e-mail.
    expect(await n.db.select().from(jobs).where(eq(jobs.kind, NOTIFICATION_EMAIL_JOB))).toEqual([]);
  });

  test("a failure: to the author and who may schedule, once however often it is settled, again on a later attempt", async () => {
    const { n, owner, ownerId, editor, contributor } = await publishingTeam();
    const queue = createQueueRepo(n.db);
    const postId = await duePost(n, editor.cookie, { accountIds: [owner.accountId], content: "Will not go" });
    // The owner hears of failures in the app only.
    await n.db.insert(notificationPreferences).values({ userId: ownerId, kind: "publish_failed", channel: "in_app" });

    // Worker A claims it and stalls; its lease runs out and worker B takes over and settles it failed.
    const [mine] = await queue.claim("worker-a", n.clock.now(), 60_000, 10);
    expect(mine?.postId).toBe(postId);
    const targetId = mine?.id as string;
    n.clock.advance(61_000);
    const [taken] = await queue.claimExpired("worker-b", n.clock.now(), 60_000, 10);
    expect(taken?.id).toBe(targetId);
    const settled = await Promise.all([
      queue.failed(targetId, "worker-b", n.clock.now(), "LinkedIn refused the post"),
      queue.failed(targetId, "worker-a", n.clock.now(), "A late answer"),
    ]);
    expect(settled.map((s) => s.held).sort()).toEqual([false, true]);
    // B settles again (a retried settle): nothing more.
    expect((await queue.failed(targetId, "worker-b", n.clock.now(), "Again")).held).toBe(false);

    const notes = await notesOf(n, targetId);
    expect(notes.map((x) => x.userId).sort()).toEqual([ownerId, editor.userId].sort());
    expect(notes.every((x) => x.kind === "publish_failed" && x.message === "LinkedIn refused the post")).toBe(true);
    expect(notes.map((x) => x.dedupeKey)).toEqual([`publish_failed:${targetId}:2`, `publish_failed:${targetId}:2`]);
    expect((await get(contributor.cookie)).total).toBe(0);
    const [told] = (await get(editor.cookie)).notifications;
    expect(told).toMatchObject({
      kind: "publish_failed",
      title: "Publishing failed on LinkedIn",
      message: "LinkedIn refused the post",
      postId,
      postExcerpt: "Will not go",
      link: "/scheduler",
    });
    // The editor keeps the default (e-mail at once): one e-mail job, theirs; the owner chose the app only.
    const emails = await n.db.select().from(jobs).where(eq(jobs.kind, NOTIFICATION_EMAIL_JOB));
    const editorsNote = notes.find((x) => x.userId === editor.userId);
    expect(emails.map((j) => j.key)).toEqual([`${NOTIFICATION_EMAIL_JOB}:${editorsNote?.id}`]);

    // Retried later (back to the queue), it fails again: told again, once more each.
    await n.db
      .update(postTargets)
      .set({ status: "pending", nextAttemptAt: n.clock.now() })
      .where(eq(postTargets.id, targetId));
    const [again] = await queue.claim("worker-c", n.clock.now(), 60_000, 10);
    expect(again?.id).toBe(targetId);
    await queue.failed(targetId, "worker-c", n.clock.now(), "Refused again", "unconfirmed");
    await queue.failed(targetId, "worker-c", n.clock.now(), "Refused again", "unconfirmed");
    const later = await n.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.targetId, targetId), eq(notifications.kind, "publish_unconfirmed")));
    expect(later.map((x) => x.userId).sort()).toEqual([ownerId, editor.userId].sort());
    expect((await notesOf(n, targetId)).length).toBe(4);
  });

  test("through the running worker: one per recipient", async () => {
    const { n, owner, ownerId, editor } = await publishingTeam();
    n.sandbox.failNext("linkedin", { status: 422, pathIncludes: "rest/posts" });
    const postId = await duePost(n, editor.cookie, { accountIds: [owner.accountId], content: "Refused" });
    const { targets } = await publishDue(n, postId);
    expect(targets[0]?.status).toBe("failed");
    const notes = await notesOf(n, targets[0]?.id as string);
    expect(notes.map((x) => x.userId).sort()).toEqual([ownerId, editor.userId].sort());
    expect((await get(owner.cookie)).summary).toMatchObject({ unread: 1, byCategory: { publishing: 1 } });
  });
});

describe("accounts tell", () => {
  test("a refused connection: account_reconnect to who may manage accounts, once however often it is found", async () => {
    const n = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
    t = n;
    const owner = await publisherOn(n, "twitter");
    const ownerId = await userIdOf(owner.cookie);
    const admin = await joinWorkspace(n, owner, "admin");
    const editor = await joinWorkspace(n, owner, "editor");
    n.sandbox.revoke("twitter");
    const refresh = () => post(owner.cookie, `/api/accounts/${owner.accountId}/refresh`);
    const refused = await Promise.all([refresh(), refresh()]);
    expect(refused.every((r) => r.statusCode >= 400)).toBe(true);
    expect((await refresh()).statusCode).toBeGreaterThanOrEqual(400);

    const told = await n.db.select().from(notifications).where(eq(notifications.kind, "account_reconnect"));
    expect(told.map((x) => x.userId).sort()).toEqual([ownerId, admin.userId].sort());
    expect((await get(editor.cookie)).total).toBe(0);
    expect((await get(admin.cookie)).notifications).toMatchObject([
      {
        kind: "account_reconnect",
        category: "accounts",
        title: NOTIFICATION_MESSAGES.accountReconnect(PLATFORM_LABELS.twitter),
        link: "/connected-accounts",
        platform: "twitter",
      },
    ]);
    // E-mailed at once by default.
    const emails = await n.db.select().from(jobs).where(eq(jobs.kind, NOTIFICATION_EMAIL_JOB));
    expect(emails).toHaveLength(2);
  });
});
