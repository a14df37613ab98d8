/**
 * The inbox's API (issue 21) on conversations seeded as a collection leaves them (ingestComments, no network):
 * the list with its filters, search, pages, unread marks per member and sources; the summary; a conversation's
 * detail; done, assigned, read; notes; replies queued with their one job; actions refused where the network,
 * the role or the message forbid them; and nothing of it for another workspace.
 */
import {
  INBOX_MESSAGES,
  INBOX_PAGE_SIZE,
  type InboxConversation,
  type InboxConversationDetail,
  rolesThatCan,
  WORKSPACE_MESSAGES,
} from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { inboxReplies, inboxSources, jobs, socialAccounts } from "../../src/db/schema";
import { createTestApp, joinWorkspace, signedInUser, type TestApp, testClock } from "../helpers";
import { comment, ingest } from "../inbox";
import { seedAccount, seedPublishedPost, workspaceOf } from "../results";

const START = new Date("2026-11-20T12:00:00Z");
const minutes = (n: number) => new Date(START.getTime() - n * 60_000);

let t: TestApp;
let clock: ReturnType<typeof testClock>;
let owner: { cookie: string; workspaceId: string; userId: string };
type Account = { id: string; platform: "facebook" | "linkedin" | "twitter" | "tiktok"; workspaceId: string };
let facebook: Account;
let linkedin: Account;
let post: { postId: string; targetId: string; externalId: string };

beforeEach(async () => {
  clock = testClock(START);
  t = await createTestApp({ SESSION_CACHE_SECONDS: "0" }, { now: clock.now });
  const cookie = (await signedInUser(t.app)).cookie;
  owner = { cookie, ...(await workspaceOf(t, cookie)) };
  const account = async (platform: Account["platform"]): Promise<Account> => ({
    id: (await seedAccount(t.db, owner, platform, { username: `${platform}_shop` })).id,
    platform,
    workspaceId: owner.workspaceId,
  });
  facebook = await account("facebook");
  linkedin = await account("linkedin");
  const published = await seedPublishedPost(t.db, owner, facebook, minutes(600), [], "Our autumn launch\nis here");
  post = { ...published, externalId: `ext-${published.postId}` };
});

afterEach(async () => {
  await t.close();
});

type Method = "GET" | "POST" | "PATCH";
const call = (cookie: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const list = async (cookie: string, query = "") => {
  const res = await call(cookie, "GET", `/api/inbox${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    conversations: InboxConversation[];
    total: number;
    page: number;
    pageSize: number;
    sources: { account: { id: string; platform: string }; state: string; detail: string | null }[];
  };
};
const detail = async (cookie: string, id: string) => {
  const res = await call(cookie, "GET", `/api/inbox/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().conversation as InboxConversationDetail;
};
/** A first-level comment (with optional replies) on `account`; returns the conversation's id. */
async function conversation(account: Account, at: Date, opts: Parameters<typeof comment>[2] = {}, replies = 0) {
  const root = comment(account === facebook ? post.externalId : `post-of-${account.id}`, at, opts);
  const thread = [root];
  for (let i = 1; i <= replies; i++) {
    thread.push(
      comment(root.networkPostId, new Date(at.getTime() + i * 60_000), { parent: root.networkId, own: i % 2 === 1 }),
    );
  }
  const out = await ingest(t.db, account, thread, clock.now());
  return { id: out.conversationIds[0] as string, root };
}

describe("the list", () => {
  test("newest first, each with its first and newest message, its account and its post", async () => {
    const older = await conversation(facebook, minutes(90), { author: "Ana Lopez", text: "When does it ship?" }, 2);
    const newer = await conversation(linkedin, minutes(30), { author: "Ben Okafor" });
    const body = await list(owner.cookie);
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: INBOX_PAGE_SIZE });
    expect(body.conversations.map((c) => c.id)).toEqual([newer.id, older.id]);
    const c = body.conversations[1] as InboxConversation;
    expect(c).toMatchObject({
      kind: "comment",
      status: "open",
      account: { id: facebook.id, platform: "facebook", name: "facebook_shop" },
      post: { id: post.postId, excerpt: "Our autumn launch is here", url: `https://example.com/${post.postId}` },
      first: { author: { name: "Ana Lopez", handle: "ana_lopez" }, text: "When does it ship?", parentId: null },
      latest: { direction: "inbound", writtenAt: new Date(minutes(88)).toISOString() },
      messageCount: 3,
      unread: true,
      assignee: null,
      lastMessageAt: minutes(88).toISOString(),
    });
    expect(c.latest.parentId).toBe(c.first.id);
    // A comment under a post not made in the app has no post of the app's.
    expect(body.conversations[0]?.post).toEqual({ id: null, excerpt: "", url: null });
  });

  test("filters: status, network, account, assigned to me, and words of a message or its author, any case", async () => {
    const a = await conversation(facebook, minutes(50), { author: "Ana Lopez", text: "100% agree with THIS" });
    const b = await conversation(facebook, minutes(40), { author: "Ben", handle: "benny_o", text: "nice" });
    const c = await conversation(linkedin, minutes(30), { text: "Where is the 100_pct report?" });
    const editor = await joinWorkspace(t, { cookie: owner.cookie }, "editor");
    expect((await call(owner.cookie, "PATCH", `/api/inbox/${b.id}`, { status: "done" })).statusCode).toBe(200);
    expect((await call(owner.cookie, "PATCH", `/api/inbox/${c.id}`, { assigneeId: editor.userId })).statusCode).toBe(
      200,
    );
    const ids = async (query: string, cookie = owner.cookie) =>
      (await list(cookie, query)).conversations.map((x) => x.id);
    expect(await ids("")).toEqual([c.id, a.id]);
    expect(await ids("?status=done")).toEqual([b.id]);
    expect(await ids("?status=all")).toEqual([c.id, b.id, a.id]);
    expect(await ids("?status=all&platform=linkedin")).toEqual([c.id]);
    expect(await ids(`?status=all&accountId=${facebook.id}`)).toEqual([b.id, a.id]);
    expect(await ids("?assigned=me", editor.cookie)).toEqual([c.id]);
    expect(await ids("?assigned=me")).toEqual([]);
    expect(await ids("?q=this")).toEqual([a.id]);
    expect(await ids("?q=ANA%20lop")).toEqual([a.id]);
    expect(await ids("?status=all&q=BENNY")).toEqual([b.id]);
    // LIKE's wildcards are letters: "100%" and "100_" match only themselves.
    expect(await ids("?q=100%25")).toEqual([a.id]);
    expect(await ids("?q=100_")).toEqual([c.id]);
    expect(await ids("?q=nothing%20like%20it")).toEqual([]);
    expect((await call(owner.cookie, "GET", "/api/inbox?accountId=not-a-uuid")).statusCode).toBe(400);
  });

  test("pages of INBOX_PAGE_SIZE, the total over all pages", async () => {
    const made: string[] = [];
    for (let i = 0; i < INBOX_PAGE_SIZE + 3; i++) made.push((await conversation(facebook, minutes(100 - i))).id);
    const first = await list(owner.cookie);
    const second = await list(owner.cookie, "?page=2");
    expect(first.total).toBe(INBOX_PAGE_SIZE + 3);
    expect(first.conversations).toHaveLength(INBOX_PAGE_SIZE);
    expect(second.conversations.map((c) => c.id)).toEqual(made.slice(0, 3).reverse());
    expect((await list(owner.cookie, "?page=3")).conversations).toEqual([]);
  });

  test("sources: every connected account, with its collection's state or what its network allows", async () => {
    const tiktok = await seedAccount(t.db, owner, "tiktok");
    await t.db.insert(inboxSources).values({
      accountId: linkedin.id,
      workspaceId: owner.workspaceId,
      state: "scope",
      detail: "r_organization_social is missing",
      lastCollectedAt: minutes(10),
    });
    const gone = await seedAccount(t.db, owner, "twitter");
    await t.db.update(socialAccounts).set({ isActive: false }).where(eq(socialAccounts.id, gone.id));
    const { sources } = await list(owner.cookie);
    expect(sources).toEqual([
      {
        account: { id: facebook.id, platform: "facebook", name: "facebook_shop" },
        state: "ok",
        detail: null,
        lastCollectedAt: null,
      },
      {
        account: { id: linkedin.id, platform: "linkedin", name: "linkedin_shop" },
        state: "scope",
        detail: "r_organization_social is missing",
        lastCollectedAt: minutes(10).toISOString(),
      },
      {
        account: { id: tiktok.id, platform: "tiktok", name: tiktok.username },
        state: "unsupported",
        detail: null,
        lastCollectedAt: null,
      },
    ]);
  });
});

describe("unread marks and the summary", () => {
  test("each member reads for themselves; a newer message from someone else is unread again", async () => {
    const editor = await joinWorkspace(t, { cookie: owner.cookie }, "editor");
    const { id, root } = await conversation(facebook, minutes(60));
    await conversation(facebook, minutes(50));
    const summary = async (cookie: string) => (await call(cookie, "GET", "/api/inbox/summary")).json();
    expect(await summary(owner.cookie)).toEqual({ open: 2, unread: 2 });

    const read = await call(owner.cookie, "POST", `/api/inbox/${id}/read`, { read: true });
    expect(read.statusCode).toBe(200);
    expect(read.json().conversation.unread).toBe(false);
    expect(await summary(owner.cookie)).toEqual({ open: 2, unread: 1 });
    expect(await summary(editor.cookie)).toEqual({ open: 2, unread: 2 });
    expect((await detail(editor.cookie, id)).unread).toBe(true);

    // The account's own reply leaves it read; a reply from someone else, even collected late, is news.
    await ingest(
      t.db,
      facebook,
      [comment(post.externalId, minutes(40), { parent: root.networkId, own: true })],
      clock.now(),
    );
    expect((await detail(owner.cookie, id)).unread).toBe(false);
    await ingest(t.db, facebook, [comment(post.externalId, minutes(30), { parent: root.networkId })], clock.now());
    expect((await detail(owner.cookie, id)).unread).toBe(true);

    await call(owner.cookie, "POST", `/api/inbox/${id}/read`, { read: true });
    const unread = await call(owner.cookie, "POST", `/api/inbox/${id}/read`, { read: false });
    expect(unread.json().conversation.unread).toBe(true);
    await call(owner.cookie, "PATCH", `/api/inbox/${id}`, { status: "done" });
    expect(await summary(owner.cookie)).toEqual({ open: 1, unread: 1 });
  });
});

describe("a conversation", () => {
  test("its messages oldest first, the replies on their way, the notes", async () => {
    const { id, root: rootComment } = await conversation(facebook, minutes(60), { author: "Ana" }, 2);
    const first = await detail(owner.cookie, id);
    expect(first.messages.map((m) => m.direction)).toEqual(["inbound", "outbound", "inbound"]);
    const [root, ours] = first.messages;
    expect(ours?.parentId).toBe(root?.id);

    const queued = await call(owner.cookie, "POST", `/api/inbox/${id}/replies`, { text: "  Thanks, Ana!  " });
    expect(queued.statusCode, queued.body).toBe(201);
    expect(queued.json().reply).toMatchObject({
      text: "Thanks, Ana!",
      status: "queued",
      parentId: root?.id,
      error: null,
    });
    const note = await call(owner.cookie, "POST", `/api/inbox/${id}/notes`, { body: "She ordered twice" });
    expect(note.statusCode).toBe(201);
    const after = await detail(owner.cookie, id);
    expect(after.replies.map((r) => [r.text, r.status, r.author?.id])).toEqual([
      ["Thanks, Ana!", "queued", owner.userId],
    ]);
    expect(after.notes.map((n) => [n.body, n.author?.id])).toEqual([["She ordered twice", owner.userId]]);

    // Sent: shown as a reply until a reading brings it among the messages, then the message stands for it.
    const replyId = queued.json().reply.id as string;
    await t.db.update(inboxReplies).set({ status: "sent", networkId: "c-sent-1", sentAt: clock.now() });
    expect((await detail(owner.cookie, id)).replies.map((r) => r.id)).toEqual([replyId]);
    await ingest(
      t.db,
      facebook,
      [comment(post.externalId, clock.now(), { networkId: "c-sent-1", parent: rootComment.networkId, own: true })],
      clock.now(),
    );
    expect((await detail(owner.cookie, id)).replies).toEqual([]);
  });

  test("done, open again, assigned to a member or nobody; never to someone outside the workspace", async () => {
    const { id } = await conversation(facebook, minutes(60));
    const contributor = await joinWorkspace(t, { cookie: owner.cookie }, "contributor");
    const stranger = await signedInUser(t.app);
    const strangerId = (await workspaceOf(t, stranger.cookie)).userId;
    const patch = (cookie: string, body: object) => call(cookie, "PATCH", `/api/inbox/${id}`, body);

    const done = await patch(contributor.cookie, { status: "done", assigneeId: contributor.userId });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().conversation).toMatchObject({ status: "done", assignee: { id: contributor.userId } });
    const refused = await patch(owner.cookie, { assigneeId: strangerId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(INBOX_MESSAGES.assigneeNotMember);
    expect((await patch(owner.cookie, {})).json().error.message).toBe(INBOX_MESSAGES.nothingToChange);
    const cleared = await patch(owner.cookie, { status: "open", assigneeId: null });
    expect(cleared.json().conversation).toMatchObject({ status: "open", assignee: null });
  });

  test("notes: any member, never empty", async () => {
    const { id } = await conversation(facebook, minutes(60));
    const contributor = await joinWorkspace(t, { cookie: owner.cookie }, "contributor");
    expect((await call(contributor.cookie, "POST", `/api/inbox/${id}/notes`, { body: "Mine" })).statusCode).toBe(201);
    const empty = await call(owner.cookie, "POST", `/api/inbox/${id}/notes`, { body: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain(INBOX_MESSAGES.noteRequired);
  });
});

describe("replies", () => {
  const replyJobs = () => t.db.select().from(jobs).where(eq(jobs.kind, "inbox-reply"));

  test("queued with exactly one job each, answering the message chosen (the first by default)", async () => {
    const { id, root } = await conversation(facebook, minutes(60), {}, 1);
    const messages = (await detail(owner.cookie, id)).messages;
    const one = await call(owner.cookie, "POST", `/api/inbox/${id}/replies`, { text: "One" });
    const two = await call(owner.cookie, "POST", `/api/inbox/${id}/replies`, {
      text: "Two",
      parentId: messages[1]?.id,
    });
    const stored = await t.db.select().from(inboxReplies);
    expect(stored.map((r) => [r.text, r.parentNetworkId, r.status]).sort()).toEqual([
      ["One", root.networkId, "queued"],
      ["Two", stored.find((r) => r.text === "Two")?.parentNetworkId, "queued"],
    ]);
    expect(stored.find((r) => r.text === "Two")?.parentNetworkId).not.toBe(root.networkId);
    const queued = await replyJobs();
    expect(queued.map((j) => j.key).sort()).toEqual(
      [`inbox-reply:${one.json().reply.id}`, `inbox-reply:${two.json().reply.id}`].sort(),
    );
    expect(queued.map((j) => j.payload.replyId).sort()).toEqual([one.json().reply.id, two.json().reply.id].sort());
    expect(queued.every((j) => j.workspaceId === owner.workspaceId && j.runAt.getTime() === START.getTime())).toBe(
      true,
    );
  });

  test("refused: a contributor (the role table's sentence), a message of another conversation, an empty reply", async () => {
    const { id } = await conversation(facebook, minutes(60));
    const other = await conversation(facebook, minutes(50));
    const contributor = await joinWorkspace(t, { cookie: owner.cookie }, "contributor");
    const byContributor = await call(contributor.cookie, "POST", `/api/inbox/${id}/replies`, { text: "Hi" });
    expect(byContributor.statusCode).toBe(403);
    expect(byContributor.json().error.message).toBe(WORKSPACE_MESSAGES.notAllowed(rolesThatCan("inbox", "reply")));
    const otherMessage = (await detail(owner.cookie, other.id)).messages[0]?.id;
    const elsewhere = await call(owner.cookie, "POST", `/api/inbox/${id}/replies`, {
      text: "Hi",
      parentId: otherMessage,
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.message).toBe(INBOX_MESSAGES.messageNotFound);
    const empty = await call(owner.cookie, "POST", `/api/inbox/${id}/replies`, { text: " \n " });
    expect(empty.json().error.message).toContain(INBOX_MESSAGES.replyRequired);
    expect(await replyJobs()).toEqual([]);
  });

  test("refused: a network without replies, a reply over the network's length, an account to reconnect", async () => {
    const tiktok = { ...(await seedAccount(t.db, owner, "tiktok")), workspaceId: owner.workspaceId };
    const onTiktok = await conversation(tiktok as Account, minutes(60));
    const noReply = await call(owner.cookie, "POST", `/api/inbox/${onTiktok.id}/replies`, { text: "Hi" });
    expect(noReply.statusCode).toBe(409);
    expect(noReply.json().error.message).toBe(INBOX_MESSAGES.replyNotOffered("TikTok"));

    const x = { ...(await seedAccount(t.db, owner, "twitter")), workspaceId: owner.workspaceId };
    const onX = await conversation(x as Account, minutes(50));
    const long = await call(owner.cookie, "POST", `/api/inbox/${onX.id}/replies`, { text: "é".repeat(281) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(INBOX_MESSAGES.replyTooLong(280));
    expect(
      (await call(owner.cookie, "POST", `/api/inbox/${onX.id}/replies`, { text: "é".repeat(280) })).statusCode,
    ).toBe(201);

    await t.db.update(socialAccounts).set({ needsReconnect: true }).where(eq(socialAccounts.id, x.id));
    const expired = await call(owner.cookie, "POST", `/api/inbox/${onX.id}/replies`, { text: "Hi" });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().error.message).toBe(INBOX_MESSAGES.accountUnusable);
    expect(await replyJobs()).toHaveLength(1);
  });
});

describe("actions", () => {
  test("refused where the network does not allow them, for roles that may not, on the account's own replies", async () => {
    const onLinkedin = await conversation(linkedin, minutes(60));
    const onFacebook = await conversation(facebook, minutes(50), {}, 1);
    const act = (cookie: string, messageId: string | undefined, action: string) =>
      call(cookie, "POST", `/api/inbox/messages/${messageId}/actions`, { action });
    const linkedinMessage = (await detail(owner.cookie, onLinkedin.id)).messages[0]?.id;
    const like = await act(owner.cookie, linkedinMessage, "like");
    expect(like.statusCode).toBe(409);
    expect(like.json().error.message).toBe(INBOX_MESSAGES.actionNotOffered("LinkedIn", "like"));
    expect((await act(owner.cookie, linkedinMessage, "delete")).json().error.message).toBe(
      INBOX_MESSAGES.actionNotOffered("LinkedIn", "delete"),
    );

    const [theirs, ours] = (await detail(owner.cookie, onFacebook.id)).messages;
    const contributor = await joinWorkspace(t, { cookie: owner.cookie }, "contributor");
    const byContributor = await act(contributor.cookie, theirs?.id, "hide");
    expect(byContributor.statusCode).toBe(403);
    expect(byContributor.json().error.message).toBe(WORKSPACE_MESSAGES.notAllowed(rolesThatCan("inbox", "moderate")));
    const own = await act(owner.cookie, ours?.id, "like");
    expect(own.statusCode).toBe(409);
    expect(own.json().error.message).toBe(INBOX_MESSAGES.ownMessageAction);
    expect((await act(owner.cookie, theirs?.id, "shout")).statusCode).toBe(400);
    expect((await act(owner.cookie, "not-an-id", "like")).statusCode).toBe(404);
  });
});

describe("another workspace", () => {
  test("never sees a conversation or a message: every id route is a 404, the list and summary are empty", async () => {
    const { id } = await conversation(facebook, minutes(60));
    const messageId = (await detail(owner.cookie, id)).messages[0]?.id;
    const stranger = await signedInUser(t.app);
    await seedAccount(t.db, await workspaceOf(t, stranger.cookie), "facebook");
    const calls: [Method, string, object?][] = [
      ["GET", `/api/inbox/${id}`],
      ["PATCH", `/api/inbox/${id}`, { status: "done" }],
      ["POST", `/api/inbox/${id}/read`, { read: true }],
      ["POST", `/api/inbox/${id}/replies`, { text: "Hi" }],
      ["POST", `/api/inbox/${id}/notes`, { body: "Hi" }],
      ["POST", `/api/inbox/messages/${messageId}/actions`, { action: "like" }],
      ["POST", `/api/inbox/messages/${id}/actions`, { action: "like" }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(stranger.cookie, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const theirs = await list(stranger.cookie, "?status=all");
    expect(theirs.conversations).toEqual([]);
    expect(theirs.total).toBe(0);
    expect((await call(stranger.cookie, "GET", "/api/inbox/summary")).json()).toEqual({ open: 0, unread: 0 });
    // And the owner's conversation is as it was.
    expect(await detail(owner.cookie, id)).toMatchObject({ status: "open", replies: [], notes: [] });
  });
});
