import { afterEach, beforeEach, expect, test } from "vitest";
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
