import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, test } from "vitest";
import { notifications, sessions, users, workspaceMembers } from "../../src/db/schema";
import { createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { duePost, publishDue, publisherOn } from "../publishing";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const list = async (cookie: string) =>
  (await t.app.inject({ method: "GET", url: "/api/notifications", headers: { cookie } })).json();

test("each failure becomes one notification with the network's words; read one, then all; nothing for a success", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  expect(await list(cookie)).toEqual({ notifications: [], unread: 0 });

  const ok = await duePost(t, cookie, { accountIds: [accountId], content: "This one goes out" });
  expect((await publishDue(t, ok)).post?.status).toBe("published");
  expect((await list(cookie)).unread).toBe(0);

  const ids: string[] = [];
  for (const content of ["First refusal", "Second refusal"]) {
    t.sandbox.failNext("linkedin", { status: 422, pathIncludes: "rest/posts" });
    const postId = await duePost(t, cookie, { accountIds: [accountId], content });
    const { targets } = await publishDue(t, postId);
    expect(targets[0]?.status).toBe("failed");
    ids.push(postId);
  }
  const { notifications, unread } = await list(cookie);
  expect(unread).toBe(2);
  expect(notifications).toHaveLength(2);
  expect(notifications[0]).toMatchObject({
    kind: "publish_failed",
    title: "Publishing failed on LinkedIn",
    postId: ids[1],
    postExcerpt: "Second refusal",
    platform: "linkedin",
    read: false,
  });
  expect(notifications[0].message).not.toBe("");

  const one = await t.app.inject({
    method: "POST",
    url: `/api/notifications/${notifications[1].id}/read`,
    headers: { cookie },
    payload: {},
  });
  expect(one.statusCode).toBe(200);
  expect((await list(cookie)).unread).toBe(1);
  const all = await t.app.inject({ method: "POST", url: "/api/notifications/read", headers: { cookie }, payload: {} });
  expect(all.statusCode).toBe(200);
  const after = await list(cookie);
  expect(after.unread).toBe(0);
  expect(after.notifications.every((n: { read: boolean }) => n.read)).toBe(true);
});

test("another user sees none of them and cannot mark them; no session is a 401", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  t.sandbox.failNext("linkedin", { status: 422, pathIncludes: "rest/posts" });
  await publishDue(t, await duePost(t, cookie, { accountIds: [accountId], content: "Refused" }));
  const [mine] = (await list(cookie)).notifications;

  const other = await signedInUser(t.app);
  expect(await list(other.cookie)).toEqual({ notifications: [], unread: 0 });
  const res = await t.app.inject({
    method: "POST",
    url: `/api/notifications/${mine.id}/read`,
    headers: { cookie: other.cookie },
    payload: {},
  });
  expect(res.statusCode).toBe(404);
  expect((await list(cookie)).unread).toBe(1);
  expect((await t.app.inject({ method: "GET", url: "/api/notifications" })).statusCode).toBe(401);
  const bad = await t.app.inject({
    method: "POST",
    url: "/api/notifications/nope/read",
    headers: { cookie },
    payload: {},
  });
  expect(bad.statusCode).toBe(400);
});

test("every member of the workspace sees its notifications and may mark them read, for all of them", async () => {
  await t.close();
  t = await createNetworkTestApp({ SESSION_CACHE_SECONDS: "0" });
  const idOf = async (email: string) =>
    (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id as string;
  const owner = await signedInUser(t.app);
  const ownerId = await idOf(owner.user.email);
  const workspaceId = `personal-${ownerId}`;
  const contributor = await signedInUser(t.app);
  const contributorId = await idOf(contributor.user.email);
  await t.db.insert(workspaceMembers).values({ id: "m-1", workspaceId, userId: contributorId, role: "contributor" });
  await t.db.update(sessions).set({ activeWorkspaceId: workspaceId }).where(eq(sessions.userId, contributorId));
  const [first, second] = await t.db
    .insert(notifications)
    .values([
      { workspaceId, userId: ownerId, kind: "account_expiring", platform: "linkedin", message: "Reconnect soon" },
      { workspaceId, userId: ownerId, kind: "publish_failed", platform: "linkedin", message: "Refused" },
    ])
    .returning();
  // The contributor's own personal workspace holds one of its own, which the workspace's members do not see.
  await t.db.insert(notifications).values({
    workspaceId: `personal-${contributorId}`,
    userId: contributorId,
    kind: "publish_failed",
    message: "Elsewhere",
  });

  const seen = await list(contributor.cookie);
  expect(seen.unread).toBe(2);
  expect(seen.notifications.map((n: { id: string }) => n.id).sort()).toEqual([first?.id, second?.id].sort());
  const one = await t.app.inject({
    method: "POST",
    url: `/api/notifications/${first?.id}/read`,
    headers: { cookie: contributor.cookie },
    payload: {},
  });
  expect(one.statusCode, one.body).toBe(200);
  expect((await list(owner.cookie)).unread).toBe(1);
  const all = await t.app.inject({
    method: "POST",
    url: "/api/notifications/read",
    headers: { cookie: contributor.cookie },
    payload: {},
  });
  expect(all.statusCode, all.body).toBe(200);
  expect((await list(owner.cookie)).unread).toBe(0);
  // Marking all read in the workspace left the contributor's other workspace alone.
  await t.db.update(sessions).set({ activeWorkspaceId: null }).where(eq(sessions.userId, contributorId));
  expect(await list(contributor.cookie)).toMatchObject({ unread: 1, notifications: [{ message: "Elsewhere" }] });
});
