/**
 * The inbox's actions and replies against the sandbox (issue 21): a Facebook Page's post published through the
 * app, a comment of the audience collected by the inbox's jobs, then liked, hidden and deleted through the API
 * (the network changes at once, the message keeps what was done), and answered once; what the network refuses
 * is told in its words, and a connection without the permission says which one.
 */
import { INBOX_MESSAGES, type InboxConversationDetail } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, test } from "vitest";
import { inboxMessages, socialAccounts } from "../../src/db/schema";
import { startInboxSchedule } from "../../src/modules/inbox/inbox.jobs";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { duePost, publishDue, publisherWithScopes } from "../publishing";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const runDue = async () => {
  while ((await t.app.jobsWorker.runOnce()) > 0) {}
};

let posted = 0;
/** A Page's post published through the app with a comment of the audience, collected: the conversation. */
async function collectedComment(scopes: { remove?: string[] } = {}) {
  const { cookie, accountId } = await publisherWithScopes(t, "facebook", scopes);
  const pages = await t.app.inject({
    method: "GET",
    url: `/api/accounts/${accountId}/facebook-pages`,
    headers: { cookie },
  });
  const pageId = pages.json().pages[0].id as string;
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    facebookPageId: pageId,
    content: `Open today (${++posted})`,
  });
  await publishDue(t, postId);
  const item = t.sandbox.published("facebook").at(-1);
  if (!item) throw new Error("not published");
  const written = t.sandbox.comment("facebook", item.id, { username: "ana.lopez", text: "When do you open?" });
  // A slot of the schedule of its own (another post's read may have taken the current one).
  t.clock.advance(5 * 60_000);
  await startInboxSchedule(t.db, t.clock.now());
  await runDue();
  const list = await t.app.inject({ method: "GET", url: "/api/inbox", headers: { cookie } });
  const id = list.json().conversations[0]?.id as string;
  const conversation = async () =>
    (await t.app.inject({ method: "GET", url: `/api/inbox/${id}`, headers: { cookie } })).json()
      .conversation as InboxConversationDetail;
  const messageId = (await conversation()).first.id;
  const act = (action: string) =>
    t.app.inject({
      method: "POST",
      url: `/api/inbox/messages/${messageId}/actions`,
      headers: { cookie },
      payload: { action },
    });
  const onNetwork = () => t.sandbox.comments("facebook", item.id).find((c) => c.key === written.key);
  return { cookie, accountId, item, id, messageId, conversation, act, onNetwork };
}

test("like, hide, unhide and delete reach the network at once and are kept on the message", async () => {
  const c = await collectedComment();
  const liked = await c.act("like");
  expect(liked.statusCode, liked.body).toBe(200);
  expect(liked.json().message).toMatchObject({ id: c.messageId, liked: true, hidden: false, deleted: false });
  expect(c.onNetwork()?.liked).toBe(true);
  // Liked already: nothing more is asked of the network.
  const calls = t.sandbox.requests.length;
  expect((await c.act("like")).json().message.liked).toBe(true);
  expect(t.sandbox.requests.length).toBe(calls);

  expect((await c.act("hide")).json().message.hidden).toBe(true);
  expect(c.onNetwork()?.hidden).toBe(true);
  expect((await c.act("unhide")).json().message.hidden).toBe(false);
  expect(c.onNetwork()?.hidden).toBe(false);

  const deleted = await c.act("delete");
  expect(deleted.json().message.deleted).toBe(true);
  expect(c.onNetwork()).toBeUndefined();
  const again = await c.act("like");
  expect(again.statusCode).toBe(409);
  expect(again.json().error.message).toBe(INBOX_MESSAGES.messageDeleted);
  expect((await c.conversation()).messages[0]?.deleted).toBe(true);
});

test("a reply is sent once; collected back, the message stands for it", async () => {
  const c = await collectedComment();
  const queued = await t.app.inject({
    method: "POST",
    url: `/api/inbox/${c.id}/replies`,
    headers: { cookie: c.cookie },
    payload: { text: "At nine, every day!" },
  });
  expect(queued.statusCode, queued.body).toBe(201);
  await runDue();
  expect(
    t.sandbox
      .comments("facebook", c.item.id)
      .filter((x) => x.own)
      .map((x) => x.text),
  ).toEqual(["At nine, every day!"]);
  const after = await c.conversation();
  const ours = after.messages.filter((m) => m.direction === "outbound");
  expect(ours.map((m) => [m.text, m.parentId])).toEqual([["At nine, every day!", c.messageId]]);
  // Shown once: as the message, not as a reply too.
  expect(after.replies).toEqual([]);
});

test("the network's refusal in its words; a connection without the permission says which; an account to reconnect", async () => {
  const c = await collectedComment({ remove: ["pages_manage_engagement"] });
  const refused = await c.act("hide");
  expect(refused.statusCode).toBe(403);
  expect(refused.json().error.message).toMatch(/pages_manage_engagement/);
  expect(c.onNetwork()?.hidden).toBe(false);

  // A comment the network does not have (deleted there since it was read), on a connection that may act.
  const full = await collectedComment();
  await t.db
    .update(inboxMessages)
    .set({ networkId: `${full.item.id}_999999` })
    .where(eq(inboxMessages.id, full.messageId));
  const gone = await full.act("like");
  expect(gone.statusCode).toBe(424);
  expect(gone.json().error).toMatchObject({ code: "NETWORK_ERROR" });
  expect(gone.json().error.message).toMatch(/^The network did not take this action: /);

  await t.db.update(socialAccounts).set({ needsReconnect: true }).where(eq(socialAccounts.id, full.accountId));
  const expired = await full.act("hide");
  expect(expired.statusCode).toBe(409);
  expect(expired.json().error.message).toBe(INBOX_MESSAGES.accountUnusableForActions);
});
