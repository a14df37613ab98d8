import type { MeResponse, NotificationKind } from "@app/shared";
import { and, eq, like } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { jobs, notificationPreferences, notifications, workspaceMembers } from "../../src/db/schema";
import { type NewNotification, NOTIFICATION_EMAIL_JOB, notify } from "../../src/modules/notifications/notify";
import { createTestApp, joinWorkspace, signedInUser, type TestApp } from "../helpers";

/**
 * notify(): an event told to its audience, one notification per current member who has not turned the kind
 * off, once per event (its dedupe key), with an e-mail job for those whose channel is "email".
 */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

const NOW = new Date("2026-03-02T10:00:00Z");

/** An owner's workspace with an admin, an editor and a contributor in it; and a user of another workspace. */
async function team() {
  const owner = await signedInUser(t.app);
  const me = (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: owner.cookie } })).json();
  const ownerId = (me as MeResponse).user.id;
  const admin = await joinWorkspace(t, owner, "admin");
  const editor = await joinWorkspace(t, owner, "editor");
  const contributor = await joinWorkspace(t, owner, "contributor");
  const stranger = await signedInUser(t.app);
  const strangerId = (
    (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: stranger.cookie } })).json() as MeResponse
  ).user.id;
  return {
    workspaceId: admin.workspaceId,
    owner: ownerId,
    admin: admin.userId,
    editor: editor.userId,
    contributor: contributor.userId,
    stranger: strangerId,
  };
}

type Team = Awaited<ReturnType<typeof team>>;

const event = (w: Team, over: Partial<NewNotification> = {}): NewNotification => ({
  workspaceId: w.workspaceId,
  kind: "publish_failed",
  dedupeKey: `publish_failed:${Math.random()}`,
  audience: "everyone",
  message: "The network refused it",
  ...over,
});

const recipientsOf = async (dedupeKey: string) =>
  (await t.db.select().from(notifications).where(eq(notifications.dedupeKey, dedupeKey))).map((n) => n.userId).sort();

const emailJobs = async () => (await t.db.select().from(jobs).where(eq(jobs.kind, NOTIFICATION_EMAIL_JOB))).length;

async function prefer(userId: string, kind: NotificationKind, channel: "email" | "in_app" | "off") {
  await t.db
    .insert(notificationPreferences)
    .values({ userId, kind, channel })
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { channel } });
}

describe("audiences", () => {
  test("named users: only those who are members now", async () => {
    const w = await team();
    const e = event(w, { audience: { userIds: [w.contributor, w.stranger] } });
    const written = await notify(t.db, e, NOW);
    expect(written.map((r) => r.userId)).toEqual([w.contributor]);
    expect(await recipientsOf(e.dedupeKey)).toEqual([w.contributor]);
    expect(await notify(t.db, event(w, { audience: { userIds: [] } }), NOW)).toEqual([]);
  });

  test("roles by permission: the members whose role may do it", async () => {
    const w = await team();
    const manage = event(w, { kind: "account_reconnect", audience: { can: ["account", "manage"] } });
    await notify(t.db, manage, NOW);
    expect(await recipientsOf(manage.dedupeKey)).toEqual([w.owner, w.admin].sort());
    const approve = event(w, { kind: "approval_requested", audience: { can: ["post", "approve"] } });
    await notify(t.db, approve, NOW);
    expect(await recipientsOf(approve.dedupeKey)).toEqual([w.owner, w.admin, w.editor].sort());
    const given = event(w, { kind: "task_due", audience: { roles: ["contributor"] } });
    await notify(t.db, given, NOW);
    expect(await recipientsOf(given.dedupeKey)).toEqual([w.contributor]);
  });

  test("everyone minus the actor, with who did it", async () => {
    const w = await team();
    const e = event(w, { kind: "task_assigned", audience: "everyone", exceptUserId: w.editor, actorId: w.editor });
    await notify(t.db, e, NOW);
    expect(await recipientsOf(e.dedupeKey)).toEqual([w.owner, w.admin, w.contributor].sort());
    const rows = await t.db.select().from(notifications).where(eq(notifications.dedupeKey, e.dedupeKey));
    expect(rows.every((r) => r.actorId === w.editor && r.workspaceId === w.workspaceId)).toBe(true);
    expect(rows.every((r) => r.createdAt.getTime() === NOW.getTime() && r.readAt === null)).toBe(true);
  });

  test("a member who left is no longer told", async () => {
    const w = await team();
    await t.db
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, w.workspaceId), eq(workspaceMembers.userId, w.admin)));
    const e = event(w);
    await notify(t.db, e, NOW);
    expect(await recipientsOf(e.dedupeKey)).toEqual([w.owner, w.editor, w.contributor].sort());
  });
});

describe("preferences", () => {
  test('"off" skips the member, "email" queues an e-mail job, "in_app" does not', async () => {
    const w = await team();
    await prefer(w.admin, "publish_failed", "off");
    await prefer(w.editor, "publish_failed", "in_app");
    await prefer(w.contributor, "publish_failed", "email");
    // The owner keeps the default: e-mail for a failure.
    const e = event(w);
    const written = await notify(t.db, e, NOW);
    expect(await recipientsOf(e.dedupeKey)).toEqual([w.owner, w.editor, w.contributor].sort());
    const byUser = new Map(written.map((r) => [r.userId, r]));
    expect(byUser.get(w.editor)?.channel).toBe("in_app");
    expect(byUser.get(w.contributor)?.channel).toBe("email");
    const queued = await t.db
      .select()
      .from(jobs)
      .where(like(jobs.key, `${NOTIFICATION_EMAIL_JOB}:%`));
    expect(queued.map((j) => j.key).sort()).toEqual(
      [byUser.get(w.owner)?.id, byUser.get(w.contributor)?.id].map((id) => `${NOTIFICATION_EMAIL_JOB}:${id}`).sort(),
    );
    expect(queued.every((j) => j.kind === NOTIFICATION_EMAIL_JOB && j.workspaceId === w.workspaceId)).toBe(true);
    expect(queued.map((j) => j.payload.notificationId).sort()).toEqual(
      [byUser.get(w.owner)?.id, byUser.get(w.contributor)?.id].sort(),
    );
  });

  test("a kind e-mailed in the digest, or in the app by default, queues no e-mail at once", async () => {
    const w = await team();
    await prefer(w.owner, "new_likes", "email");
    await notify(t.db, event(w, { kind: "new_likes", count: 12, platform: "linkedin" }), NOW);
    await notify(t.db, event(w, { kind: "post_published" }), NOW);
    expect(await emailJobs()).toBe(0);
    expect((await t.db.select().from(notifications)).length).toBe(8);
  });
});

describe("once per event", () => {
  test("the same dedupe key twice adds nothing, nor a second e-mail", async () => {
    const w = await team();
    const e = event(w, { dedupeKey: "publish_failed:target-1:1" });
    expect(await notify(t.db, e, NOW)).toHaveLength(4);
    expect(await emailJobs()).toBe(4);
    expect(await notify(t.db, { ...e, message: "Again" }, new Date(NOW.getTime() + 1000))).toEqual([]);
    expect((await t.db.select().from(notifications)).length).toBe(4);
    expect(await emailJobs()).toBe(4);
    // A later event (the next attempt) is told again.
    expect(await notify(t.db, { ...e, dedupeKey: "publish_failed:target-1:2" }, NOW)).toHaveLength(4);
  });

  test("two concurrent calls, each in its own transaction, add one per member", async () => {
    const w = await team();
    const e = event(w, { dedupeKey: "account_reconnect:acct:1", kind: "account_reconnect" });
    const results = await Promise.all([
      t.db.transaction((tx) => notify(tx, e, NOW)),
      t.db.transaction((tx) => notify(tx, e, NOW)),
      notify(t.db, e, NOW),
    ]);
    expect(results.flat()).toHaveLength(4);
    expect(await recipientsOf(e.dedupeKey)).toEqual([w.owner, w.admin, w.editor, w.contributor].sort());
    expect(await emailJobs()).toBe(4);
  });
});
