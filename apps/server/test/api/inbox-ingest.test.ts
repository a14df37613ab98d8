/**
 * The inbox's storing of what a reading brought (ingestComments): idempotent, conversations by first-level
 * comment, replies in their parent's conversation whatever the order, reopened by a new message from someone
 * else, and told to the members as grouped new_comments notifications (the metrics' comment counts step aside).
 */
import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { inboxConversations, inboxMessages, inboxSources, notifications } from "../../src/db/schema";
import { notifyPostEngagement } from "../../src/modules/notifications/engagement";
import { createTestApp, joinWorkspace, signedInUser, type TestApp, testClock } from "../helpers";
import { comment, ingest } from "../inbox";
import { seedAccount, seedPublishedPost, workspaceOf } from "../results";

const START = new Date("2026-11-20T12:00:00Z");
const minutes = (n: number) => new Date(START.getTime() - n * 60_000);

let t: TestApp;
let clock: ReturnType<typeof testClock>;
let owner: { workspaceId: string; userId: string };
let cookie: string;
let account: { id: string; platform: "facebook"; workspaceId: string };
let post: { postId: string; targetId: string; externalId: string };

beforeEach(async () => {
  clock = testClock(START);
  t = await createTestApp({}, { now: clock.now });
  cookie = (await signedInUser(t.app)).cookie;
  owner = await workspaceOf(t, cookie);
  const seeded = await seedAccount(t.db, owner, "facebook");
  account = { id: seeded.id, platform: "facebook", workspaceId: owner.workspaceId };
  const published = await seedPublishedPost(t.db, owner, account, minutes(600), [], "Our autumn launch");
  post = { ...published, externalId: `ext-${published.postId}` };
});

afterEach(async () => {
  await t.close();
});

const conversations = () => t.db.select().from(inboxConversations).where(eq(inboxConversations.accountId, account.id));
const messagesOf = (conversationId: string) =>
  t.db
    .select()
    .from(inboxMessages)
    .where(eq(inboxMessages.conversationId, conversationId))
    .orderBy(asc(inboxMessages.writtenAt));
const commentNotes = () =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.workspaceId, owner.workspaceId), eq(notifications.kind, "new_comments")));

describe("conversations", () => {
  test("a first-level comment and its replies make one conversation under the post; the account's own is outbound", async () => {
    const root = comment(post.externalId, minutes(30), { author: "Ana Lopez" });
    const reply = comment(post.externalId, minutes(20), { parent: root.networkId, own: true, text: "Thank you!" });
    const again = comment(post.externalId, minutes(10), { parent: reply.networkId, author: "Ana Lopez" });
    const out = await ingest(t.db, account, [again, reply, root], clock.now());
    expect(out.newInbound).toBe(2);
    const [c, ...others] = await conversations();
    expect(others).toEqual([]);
    expect(out.conversationIds).toEqual([c?.id]);
    expect(c).toMatchObject({
      kind: "comment",
      status: "open",
      platform: "facebook",
      postTargetId: post.targetId,
      networkPostId: post.externalId,
      rootNetworkId: root.networkId,
      messageCount: 3,
      lastMessageAt: minutes(10),
      lastInboundAt: minutes(10),
    });
    const stored = await messagesOf(c?.id as string);
    expect(stored.map((m) => [m.networkId, m.parentNetworkId, m.direction])).toEqual([
      [root.networkId, null, "inbound"],
      [reply.networkId, root.networkId, "outbound"],
      [again.networkId, reply.networkId, "inbound"],
    ]);
    // A second first-level comment is a conversation of its own; a post not made in the app has no target.
    await ingest(t.db, account, [comment(post.externalId, minutes(5)), comment("elsewhere", minutes(4))], clock.now());
    const all = await conversations();
    expect(all).toHaveLength(3);
    expect(all.find((x) => x.networkPostId === "elsewhere")?.postTargetId).toBeNull();
  });

  test("the same reading twice stores nothing new, tells nothing new and changes no conversation", async () => {
    const root = comment(post.externalId, minutes(30));
    const reading = [root, comment(post.externalId, minutes(20), { parent: root.networkId })];
    const first = await ingest(t.db, account, reading, clock.now());
    expect(first.newInbound).toBe(2);
    expect(first.notified).toBe(1);
    const before = await conversations();
    clock.advance(60_000);
    const second = await ingest(t.db, account, reading, clock.now());
    expect(second).toEqual({ conversationIds: [], newInbound: 0, notified: 0 });
    expect(await conversations()).toEqual(before);
    expect(await t.db.select().from(inboxMessages)).toHaveLength(2);
    expect(await commentNotes()).toHaveLength(1);
  });

  test("a reply whose parent is not known yet waits in a conversation rooted at the parent, which the parent joins", async () => {
    const parentId = "c-parent-later";
    const early = comment(post.externalId, minutes(10), { parent: parentId });
    await ingest(t.db, account, [early], clock.now());
    const [waiting] = await conversations();
    expect(waiting).toMatchObject({ rootNetworkId: parentId, messageCount: 1, postTargetId: post.targetId });
    const parent = comment(post.externalId, minutes(40), { networkId: parentId });
    const out = await ingest(t.db, account, [parent], clock.now());
    expect(out.conversationIds).toEqual([waiting?.id]);
    const [c, ...none] = await conversations();
    expect(none).toEqual([]);
    expect(c).toMatchObject({ id: waiting?.id, messageCount: 2, lastMessageAt: minutes(10) });
    expect((await messagesOf(c?.id as string)).map((m) => m.networkId)).toEqual([parentId, early.networkId]);
  });

  test("a waiting conversation joins its parent's when the parent turns out to be a reply itself", async () => {
    const root = comment(post.externalId, minutes(60));
    await ingest(t.db, account, [root], clock.now());
    // A reply to a reply the app has not read yet: it waits, rooted at that reply.
    const deep = comment(post.externalId, minutes(10), { parent: "c-middle" });
    await ingest(t.db, account, [deep], clock.now());
    expect(await conversations()).toHaveLength(2);
    const middle = comment(post.externalId, minutes(30), { networkId: "c-middle", parent: root.networkId });
    await ingest(t.db, account, [middle], clock.now());
    const [c, ...none] = await conversations();
    expect(none).toEqual([]);
    expect(c).toMatchObject({ rootNetworkId: root.networkId, messageCount: 3, lastMessageAt: minutes(10) });
  });

  test("a new message from someone else opens a done conversation again; the account's own does not", async () => {
    const root = comment(post.externalId, minutes(60));
    await ingest(t.db, account, [root], clock.now());
    await t.db.update(inboxConversations).set({ status: "done" });
    await ingest(
      t.db,
      account,
      [comment(post.externalId, minutes(50), { parent: root.networkId, own: true })],
      clock.now(),
    );
    expect((await conversations())[0]).toMatchObject({ status: "done", messageCount: 2, lastInboundAt: minutes(60) });
    await ingest(t.db, account, [comment(post.externalId, minutes(40), { parent: root.networkId })], clock.now());
    expect((await conversations())[0]).toMatchObject({ status: "open", messageCount: 3, lastInboundAt: minutes(40) });
  });

  test("mentions are conversations of their own without a post; another account's ids are its own", async () => {
    const mention = comment("m-1", minutes(5), { networkId: "m-1" });
    await ingest(t.db, account, [mention], clock.now(), "mention");
    const other = await seedAccount(t.db, owner, "twitter");
    await ingest(t.db, { ...other, workspaceId: owner.workspaceId }, [mention], clock.now(), "mention");
    const all = await t.db.select().from(inboxConversations);
    expect(all.map((c) => [c.kind, c.postTargetId])).toEqual([
      ["mention", null],
      ["mention", null],
    ]);
  });

  test("whether the network hides a known message follows the reading", async () => {
    const root = comment(post.externalId, minutes(60));
    await ingest(t.db, account, [root], clock.now());
    const out = await ingest(t.db, account, [{ ...root, hidden: true }], clock.now());
    expect(out.newInbound).toBe(0);
    expect(out.conversationIds).toHaveLength(1);
    expect((await t.db.select().from(inboxMessages))[0]?.hidden).toBe(true);
  });

  test("an account of another workspace stores nothing", async () => {
    const stranger = await signedInUser(t.app);
    const theirs = await workspaceOf(t, stranger.cookie);
    const out = await ingest(
      t.db,
      { ...account, workspaceId: theirs.workspaceId },
      [comment("p", minutes(1))],
      clock.now(),
    );
    expect(out).toEqual({ conversationIds: [], newInbound: 0, notified: 0 });
    expect(await t.db.select().from(inboxMessages)).toEqual([]);
  });
});

describe("notifications", () => {
  test("new comments are told grouped by post: an unread one grows, a read one is followed by a new one", async () => {
    const member = await joinWorkspace(t, { cookie }, "editor");
    const root = comment(post.externalId, minutes(30), { author: "Ana Lopez", text: "When does it ship?" });
    const out = await ingest(t.db, account, [root, comment(post.externalId, minutes(29))], clock.now());
    expect(out.notified).toBe(2);
    let notes = await commentNotes();
    expect(notes.map((n) => [n.userId, n.count, n.targetId, n.postId]).sort()).toEqual(
      [
        [owner.userId, 2, post.targetId, post.postId],
        [member.userId, 2, post.targetId, post.postId],
      ].sort(),
    );
    // The member reads theirs; more comments grow the owner's and make the member a new one.
    await t.db.update(notifications).set({ readAt: clock.now() }).where(eq(notifications.userId, member.userId));
    clock.advance(600_000);
    const newest = comment(post.externalId, minutes(1), { parent: root.networkId, author: "Ben", text: "Me too" });
    await ingest(
      t.db,
      account,
      [newest, comment(post.externalId, minutes(8), { own: true, parent: root.networkId })],
      clock.now(),
    );
    notes = await commentNotes();
    const owners = notes.filter((n) => n.userId === owner.userId);
    expect(owners).toHaveLength(1);
    expect(owners[0]).toMatchObject({ count: 3, message: 'Ben commented: "Me too"' });
    expect(owners[0]?.data).toMatchObject({ inboxGroup: `target:${post.targetId}` });
    const members = notes.filter((n) => n.userId === member.userId).map((n) => n.count);
    expect(members.sort()).toEqual([1, 2]);
  });

  test("mentions are grouped by account; comments written long before they were read are stored but not told", async () => {
    await ingest(
      t.db,
      account,
      [comment("m-1", minutes(3), { networkId: "m-1", author: "Cleo" })],
      clock.now(),
      "mention",
    );
    await ingest(
      t.db,
      account,
      [comment("m-2", minutes(2), { networkId: "m-2", author: "Dan", text: "hey" })],
      clock.now(),
      "mention",
    );
    const old = new Date(START.getTime() - 8 * 24 * 3_600_000);
    const late = await ingest(t.db, account, [comment(post.externalId, old)], clock.now());
    expect(late).toMatchObject({ newInbound: 1, notified: 0 });
    const notes = await commentNotes();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      count: 2,
      targetId: null,
      message: 'Dan mentioned your account: "hey"',
      data: { inboxGroup: `mention:${account.id}` },
    });
  });

  test("the comment count of the metrics steps aside where the inbox reads the account's comments", async () => {
    const told = (snapshotId: string) =>
      t.db.transaction((tx) =>
        notifyPostEngagement(
          tx,
          {
            workspaceId: owner.workspaceId,
            kind: "new_comments",
            postId: post.postId,
            targetId: post.targetId,
            platform: "facebook",
            snapshotId,
            increase: 2,
            total: 2,
          },
          clock.now(),
        ),
      );
    // Not read by the inbox (yet, or a scope is missing): the count tells.
    expect(await told("s1")).toBe(1);
    await t.db.insert(inboxSources).values({ accountId: account.id, workspaceId: owner.workspaceId, state: "scope" });
    expect(await told("s2")).toBe(1);
    await t.db.update(inboxSources).set({ state: "ok" });
    expect(await told("s3")).toBe(0);
  });
});
