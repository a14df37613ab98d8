/**
 * The inbox's collection (issue 21): the schedule queues a read of each account due (once per slot, whichever
 * workers run it), a read asks the network for each due post's comments since the newest one kept, stores them,
 * and records the account's source state (scope, tier, budget, unsupported, error); X's reads are counted against
 * the monthly budget. First against a fake network (what is asked, and when), then against the sandbox.
 */
import { INBOX_MESSAGES } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { inboxConversations, inboxMessages, inboxSources, jobs, socialAccounts } from "../../src/db/schema";
import { SINCE_OVERLAP_MS } from "../../src/modules/inbox/inbox.collect";
import { INBOX_COLLECT_JOB, INBOX_SCHEDULE_JOB, startInboxSchedule } from "../../src/modules/inbox/inbox.jobs";
import { cadenceOf, gridPassed } from "../../src/modules/inbox/inbox.sources";
import { NetworkError } from "../../src/platforms/http";
import {
  type CommentsRequest,
  InboxUnavailable,
  type MentionsRequest,
  type NetworkComment,
  type PlatformAdapter,
} from "../../src/platforms/platform";
import { enqueue } from "../../src/worker/jobs.repo";
import {
  createNetworkTestApp,
  createTestApp,
  type NetworkTestApp,
  signedInUser,
  type TestApp,
  testClock,
} from "../helpers";
import { fakeAccounts, inboxWorker, jobsOf } from "../inbox-jobs";
import { duePost, publishDue, publisherOn, publisherWithScopes } from "../publishing";
import { seedAccount, seedPublishedPost, workspaceOf } from "../results";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** A moment on every grid (10 minutes, an hour, 12 hours, the schedule's 5 minutes). */
const START = new Date("2026-11-20T12:00:00Z");

test("a post's cadence follows its age; a grid line passed since the last read makes it due", () => {
  expect(cadenceOf(HOUR)).toBe(10 * MINUTE);
  expect(cadenceOf(47 * HOUR)).toBe(10 * MINUTE);
  expect(cadenceOf(3 * DAY)).toBe(HOUR);
  expect(cadenceOf(30 * DAY)).toBe(12 * HOUR);
  expect(cadenceOf(91 * DAY)).toBeNull();
  const at = (iso: string) => new Date(`2026-11-20T${iso}Z`);
  expect(gridPassed(10 * MINUTE, null, at("12:00:00"))).toBe(true);
  expect(gridPassed(10 * MINUTE, at("12:00:30"), at("12:09:59"))).toBe(false);
  expect(gridPassed(10 * MINUTE, at("12:09:59"), at("12:10:00"))).toBe(true);
  expect(gridPassed(HOUR, at("12:10:00"), at("12:50:00"))).toBe(false);
  expect(gridPassed(HOUR, at("12:10:00"), at("13:00:00"))).toBe(true);
});

describe("against a fake network", () => {
  let t: TestApp;
  let clock: ReturnType<typeof testClock>;
  let owner: { workspaceId: string; userId: string };
  /** what each read asked: the account, the posts and their `since`, or the mentions */
  let calls: { accountId: string; kind: "comments" | "mentions"; posts: CommentsRequest["posts"]; cursor?: unknown }[];
  /** what the fake network does, by call (default: nothing to give) */
  let network: {
    comments?: (req: CommentsRequest) => Promise<{ comments: NetworkComment[]; reads?: number }>;
    mentions?: (req: MentionsRequest) => Promise<{ comments: NetworkComment[]; reads?: number; cursor?: unknown }>;
    without?: ("comments" | "mentions")[];
  };

  beforeEach(async () => {
    clock = testClock(START);
    t = await createTestApp({}, { now: clock.now });
    owner = await workspaceOf(t, (await signedInUser(t.app)).cookie);
    calls = [];
    network = {};
  });
  afterEach(async () => {
    await t.close();
  });

  const accountIdOf = async (networkId: string) => {
    const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.platformAccountId, networkId));
    return row?.id ?? "";
  };
  const adapter = (): Partial<PlatformAdapter> => ({
    ...(!network.without?.includes("comments") && {
      async comments(req: CommentsRequest) {
        calls.push({ accountId: await accountIdOf(req.account.networkId), kind: "comments", posts: req.posts });
        return network.comments ? network.comments(req) : { comments: [] };
      },
    }),
    ...(!network.without?.includes("mentions") && {
      async mentions(req: MentionsRequest) {
        calls.push({
          accountId: await accountIdOf(req.account.networkId),
          kind: "mentions",
          posts: [],
          cursor: req.cursor,
        });
        return network.mentions
          ? (network.mentions(req) as ReturnType<NonNullable<PlatformAdapter["mentions"]>>)
          : { comments: [] };
      },
    }),
  });
  const worker = (id = "w1", xReadsPerAccount = 1_000) =>
    inboxWorker(t.db, { id, accounts: fakeAccounts(t.db, adapter), now: clock.now, xReadsPerAccount });
  const account = (platform: Parameters<typeof seedAccount>[2]) => seedAccount(t.db, owner, platform);
  const publishedAgo = (a: { id: string; platform: Parameters<typeof seedAccount>[2] }, ms: number) =>
    seedPublishedPost(t.db, owner, a, new Date(clock.now().getTime() - ms), []).then((p) => ({
      ...p,
      externalId: `ext-${p.postId}`,
    }));
  const sourceOf = async (accountId: string) =>
    (await t.db.select().from(inboxSources).where(eq(inboxSources.accountId, accountId)))[0];
  const collectsOf = async (accountId: string) =>
    (await jobsOf(t.db, INBOX_COLLECT_JOB)).filter((j) => j.payload.accountId === accountId);
  const readsOf = (accountId: string) => calls.filter((c) => c.accountId === accountId);

  test("the schedule queues one read per due account and slot, queued first its next run", async () => {
    const fresh = await account("facebook");
    await publishedAgo(fresh, HOUR);
    const xOnly = await account("twitter"); // no post: its mentions
    const idle = await account("linkedin"); // comments, but no post
    const pinterest = await account("pinterest"); // no comments API
    await publishedAgo(pinterest, HOUR);
    const old = await account("facebook");
    await publishedAgo(old, 100 * DAY);
    const expired = await account("instagram");
    await publishedAgo(expired, HOUR);
    await t.db.update(socialAccounts).set({ needsReconnect: true }).where(eq(socialAccounts.id, expired.id));
    const w = worker();
    await startInboxSchedule(t.db, clock.now());
    await startInboxSchedule(t.db, clock.now());
    expect(await jobsOf(t.db, INBOX_SCHEDULE_JOB)).toHaveLength(1);
    await w.runOnce();

    const queued = await jobsOf(t.db, INBOX_COLLECT_JOB);
    expect(queued.map((j) => j.payload.accountId).sort()).toEqual([fresh.id, xOnly.id].sort());
    for (const j of queued) expect(j.runAt).toEqual(START);
    for (const other of [idle, pinterest, old, expired]) expect(await collectsOf(other.id)).toEqual([]);
    const schedule = await jobsOf(t.db, INBOX_SCHEDULE_JOB);
    expect(schedule.map((j) => j.runAt.getTime() - START.getTime()).sort()).toEqual([0, 5 * MINUTE]);

    // The same slot's schedule run again (another worker, a retry): nothing more.
    await w.handlers[INBOX_SCHEDULE_JOB]?.(schedule[0] as never, { keepAlive: async () => {} });
    expect(await jobsOf(t.db, INBOX_COLLECT_JOB)).toHaveLength(2);
    await w.runDue();
    expect(readsOf(fresh.id).map((c) => c.kind)).toEqual(["comments"]);
    expect(readsOf(xOnly.id).map((c) => c.kind)).toEqual(["mentions"]);
    expect(await sourceOf(fresh.id)).toMatchObject({ state: "ok", detail: null, lastCollectedAt: START });

    // 12:05: nothing passed a line of a grid; 12:10: the fresh post's (10 minutes); X's mentions wait 12 hours.
    clock.advance(5 * MINUTE);
    await w.runDue();
    expect(calls).toHaveLength(2);
    clock.advance(5 * MINUTE);
    await w.runDue();
    expect(readsOf(fresh.id)).toHaveLength(2);
    expect(readsOf(xOnly.id)).toHaveLength(1);
    clock.advance(12 * HOUR - 10 * MINUTE);
    await w.runDue();
    expect(readsOf(xOnly.id)).toHaveLength(2);
  });

  test("each post is read at its cadence: every 10 minutes under 48 hours, hourly under 14 days, every 12 hours under 90 days, then never", async () => {
    const a = await account("facebook");
    const fresh = await publishedAgo(a, HOUR);
    const week = await publishedAgo(a, 3 * DAY);
    const month = await publishedAgo(a, 30 * DAY);
    const old = await publishedAgo(a, 100 * DAY);
    const w = worker();
    await startInboxSchedule(t.db, clock.now());
    await w.runDue();
    for (let i = 0; i < (12 * HOUR) / (5 * MINUTE); i++) {
      clock.advance(5 * MINUTE);
      await w.runDue();
    }
    const readsOfPost = (id: string) => calls.filter((c) => c.posts.some((p) => p.networkPostId === id)).length;
    // The first read, then each line of the grid passed in 12 hours.
    expect(readsOfPost(fresh.externalId)).toBe(1 + 72);
    expect(readsOfPost(week.externalId)).toBe(1 + 12);
    expect(readsOfPost(month.externalId)).toBe(1 + 1);
    expect(readsOfPost(old.externalId)).toBe(0);
    // One read of the account in each slot at most.
    expect((await collectsOf(a.id)).length).toBe(1 + 72);
  });

  test("two workers running the schedule never read an account twice in a slot", async () => {
    const accounts = [await account("facebook"), await account("instagram"), await account("youtube")];
    for (const a of accounts) await publishedAgo(a, HOUR);
    const one = worker("one");
    const two = worker("two");
    for (let slot = 0; slot < 4; slot++) {
      await Promise.all([startInboxSchedule(t.db, clock.now()), startInboxSchedule(t.db, clock.now())]);
      for (;;) {
        const [a, b] = await Promise.all([one.runOnce(), two.runOnce()]);
        if (a + b === 0) break;
      }
      clock.advance(5 * MINUTE);
    }
    // 12:00, 12:10 (12:05 and 12:15 pass no line): twice each.
    for (const a of accounts) expect(readsOf(a.id)).toHaveLength(2);
    expect(await jobsOf(t.db, INBOX_COLLECT_JOB)).toHaveLength(6);
  });

  test("a post a webhook names is read at once, whatever its age or the last read", async () => {
    const a = await account("instagram");
    await publishedAgo(a, HOUR);
    const old = await publishedAgo(a, 200 * DAY);
    const w = worker();
    await startInboxSchedule(t.db, clock.now());
    await w.runDue();
    expect(calls).toHaveLength(1);
    clock.advance(MINUTE);
    await enqueue(t.db, {
      kind: INBOX_COLLECT_JOB,
      key: `${INBOX_COLLECT_JOB}:${a.id}:hook:test`,
      payload: { accountId: a.id, posts: [old.externalId, "not-a-post-of-ours"] },
      runAt: clock.now(),
    });
    await w.runDue();
    expect(calls[1]?.posts.map((p) => p.networkPostId)).toEqual([old.externalId]);
  });

  test("each post is asked for what was written after its newest comment kept (less a minute); the account's own replies do not count", async () => {
    const a = await account("facebook");
    const post = await publishedAgo(a, HOUR);
    const comment = (id: string, at: Date, own = false, parent: string | null = null): NetworkComment => ({
      networkId: id,
      parentNetworkId: parent,
      networkPostId: post.externalId,
      author: {
        networkId: own ? "page" : `p-${id}`,
        name: own ? "Page" : `Person ${id}`,
        handle: null,
        avatarUrl: null,
      },
      text: `text ${id}`,
      writtenAt: at,
      own,
      url: null,
    });
    network.comments = async () => ({
      comments: [
        comment("c2", new Date(START.getTime() - 5 * MINUTE)),
        comment("c1", new Date(START.getTime() - 20 * MINUTE)),
        comment("r1", new Date(START.getTime() - MINUTE), true, "c1"),
      ],
    });
    const w = worker();
    await startInboxSchedule(t.db, clock.now());
    await w.runDue();
    expect(calls[0]?.posts).toEqual([{ networkPostId: post.externalId, since: null }]);
    expect(await t.db.select().from(inboxMessages)).toHaveLength(3);
    expect(await t.db.select().from(inboxConversations)).toHaveLength(2);
    network.comments = async () => ({ comments: [] });
    clock.advance(10 * MINUTE);
    await w.runDue();
    expect(calls[1]?.posts).toEqual([
      { networkPostId: post.externalId, since: new Date(START.getTime() - 5 * MINUTE - SINCE_OVERLAP_MS) },
    ]);
  });

  test("X: replies and mentions are read within the month's budget; once it is spent, X is not asked until next month", async () => {
    const x = await account("twitter");
    for (let i = 0; i < 3; i++) await publishedAgo(x, HOUR);
    network.comments = async (req) => ({ comments: [], reads: 4 * req.posts.length });
    network.mentions = async () => ({ comments: [], reads: 3, cursor: { sinceId: "42" } });
    const w = worker("w1", 25);
    await startInboxSchedule(t.db, clock.now());
    await w.runDue();
    expect(await sourceOf(x.id)).toMatchObject({ state: "ok", readsMonth: "2026-11", readsUsed: 15 });
    expect(calls.map((c) => c.kind)).toEqual(["comments", "mentions"]);

    // 15 + 12 reaches 25: the mentions wait, the source says why.
    clock.advance(10 * MINUTE);
    await w.runDue();
    expect(calls.map((c) => c.kind)).toEqual(["comments", "mentions", "comments"]);
    expect(await sourceOf(x.id)).toMatchObject({ state: "budget", readsUsed: 27, cursor: { sinceId: "42" } });
    for (let i = 0; i < 6; i++) {
      clock.advance(10 * MINUTE);
      await w.runDue();
    }
    expect(calls).toHaveLength(3);

    // December: a new budget; the mentions go on from where they stopped.
    clock.advance(Date.parse("2026-12-01T00:00:00Z") - clock.now().getTime());
    await w.runDue();
    expect(calls.slice(3).map((c) => [c.kind, c.cursor])).toEqual([
      ["comments", undefined],
      ["mentions", { sinceId: "42" }],
    ]);
    expect(await sourceOf(x.id)).toMatchObject({ state: "ok", readsMonth: "2026-12", readsUsed: 15 });
  });

  test("X_INBOX_READS_PER_ACCOUNT=0: X is never asked; the account says its budget is spent", async () => {
    const x = await account("twitter");
    await publishedAgo(x, HOUR);
    const w = worker("w1", 0);
    await startInboxSchedule(t.db, clock.now());
    await w.runDue();
    clock.advance(10 * MINUTE);
    await w.runDue();
    expect(calls).toEqual([]);
    expect(await sourceOf(x.id)).toMatchObject({ state: "budget", readsUsed: 0, lastCollectedAt: null });
    // Not queued again this month.
    expect(await collectsOf(x.id)).toHaveLength(1);
  });

  test("a missing permission or access tier is the account's state, not a failure; asked again at the next interval, or at once after a reconnection", async () => {
    const a = await account("facebook");
    // Connected before the test's moment (the accounts service dates its rows on the machine's clock).
    await t.db.update(socialAccounts).set({ updatedAt: START }).where(eq(socialAccounts.id, a.id));
    await publishedAgo(a, 20 * DAY);
    network.comments = async () => {
      throw new InboxUnavailable("scope", "Reconnect Facebook and allow pages_read_user_content.");
    };
    const w = worker();
    await startInboxSchedule(t.db, clock.now());
    await w.runDue();
    expect(await sourceOf(a.id)).toMatchObject({
      state: "scope",
      detail: "Reconnect Facebook and allow pages_read_user_content.",
      lastCollectedAt: null,
    });
    const [job] = await collectsOf(a.id);
    expect(job).toMatchObject({ attempts: 1, lastError: null });
    expect(job?.doneAt).not.toBeNull();
    // Every 5 minutes for an hour: not asked again before its 12 hours.
    for (let i = 0; i < 12; i++) {
      clock.advance(5 * MINUTE);
      await w.runDue();
    }
    expect(calls).toHaveLength(1);
    // Reconnected: read at the next run.
    clock.advance(5 * MINUTE);
    await t.db.update(socialAccounts).set({ updatedAt: clock.now() }).where(eq(socialAccounts.id, a.id));
    network.comments = async () => {
      throw new InboxUnavailable("tier", "Needs Advanced Access.");
    };
    await w.runDue();
    expect(calls).toHaveLength(2);
    expect(await sourceOf(a.id)).toMatchObject({ state: "tier", detail: "Needs Advanced Access." });
    // A network without comment reads for apps (no adapter method): unsupported.
    network.without = ["comments", "mentions"];
    clock.advance(5 * MINUTE);
    await t.db.update(socialAccounts).set({ updatedAt: clock.now() }).where(eq(socialAccounts.id, a.id));
    await w.runDue();
    expect(await sourceOf(a.id)).toMatchObject({
      state: "unsupported",
      detail: INBOX_MESSAGES.sourceStates.unsupported,
    });
  });

  test("a network failure marks the source 'error' and fails the read, tried again with the workers' backoff", async () => {
    const a = await account("linkedin");
    await publishedAgo(a, HOUR);
    network.comments = async () => {
      throw new NetworkError("Service Unavailable", 503, true, false);
    };
    const w = worker();
    await startInboxSchedule(t.db, clock.now());
    await w.runDue();
    expect(await sourceOf(a.id)).toMatchObject({
      state: "error",
      detail: "Service Unavailable",
      lastCollectedAt: null,
    });
    const [job] = await collectsOf(a.id);
    expect(job).toMatchObject({ attempts: 1, doneAt: null, lastError: "Service Unavailable" });
    expect(job?.runAt.getTime()).toBe(START.getTime() + MINUTE);
    network.comments = undefined;
    clock.advance(MINUTE);
    await w.runDue();
    expect(await sourceOf(a.id)).toMatchObject({ state: "ok", detail: null, lastCollectedAt: clock.now() });
    expect((await collectsOf(a.id))[0]).toMatchObject({ attempts: 2, lastError: null });
    expect(
      (
        await t.db
          .select()
          .from(jobs)
          .where(eq(jobs.id, job?.id as string))
      )[0]?.doneAt,
    ).not.toBeNull();
  });
});

describe("against the sandbox", () => {
  let t: NetworkTestApp;
  beforeEach(async () => {
    t = await createNetworkTestApp();
  });
  afterEach(async () => {
    await t.close();
  });

  /** Runs the app's jobs due now until none is left. */
  async function runDue() {
    while ((await t.app.jobsWorker.runOnce()) > 0) {}
  }
  /** A Facebook Page's post published through the app, with the connection's scopes changed by `scopes`. */
  async function facebookPost(scopes: { remove?: string[] } = {}) {
    const { cookie, accountId } = await publisherWithScopes(t, "facebook", scopes);
    const pages = await t.app.inject({
      method: "GET",
      url: `/api/accounts/${accountId}/facebook-pages`,
      headers: { cookie },
    });
    const pageId = pages.json().pages[0].id as string;
    const postId = await duePost(t, cookie, { accountIds: [accountId], facebookPageId: pageId, content: "Open today" });
    const { targets } = await publishDue(t, postId);
    const item = t.sandbox.published("facebook").at(-1);
    if (!item || !targets[0]) throw new Error("not published");
    return { cookie, accountId, item, target: targets[0] };
  }
  const commentReads = (itemId: string) =>
    t.sandbox.requests.filter((r) => r.method === "GET" && r.path.endsWith(`/${itemId}/comments`));

  test("Facebook: the comments of a Page's post are read with the Page's token (newest first) and kept under the post", async () => {
    const { accountId, item, target } = await facebookPost();
    const first = t.sandbox.comment("facebook", item.id, { username: "ana.lopez", text: "When does it open?" });
    await startInboxSchedule(t.db, t.clock.now());
    await runDue();
    const reads = commentReads(item.id);
    expect(reads).toHaveLength(1);
    const query = new URLSearchParams(reads[0]?.query);
    expect([query.get("filter"), query.get("order")]).toEqual(["stream", "reverse_chronological"]);
    const kept = await t.db.select().from(inboxMessages).where(eq(inboxMessages.accountId, accountId));
    expect(kept.map((m) => [m.text, m.direction])).toEqual([["When does it open?", "inbound"]]);
    const [conversation] = await t.db.select().from(inboxConversations);
    expect(conversation).toMatchObject({ postTargetId: target.id, networkPostId: item.id, kind: "comment" });

    // Ten minutes on: a reply under it and a new comment; each stored once, the reply in its parent's conversation.
    t.clock.advance(5 * MINUTE);
    t.sandbox.comment("facebook", item.id, { username: "ben.cho", text: "Tomorrow, I think", parentKey: first.key });
    t.sandbox.comment("facebook", item.id, { username: "sam.ortiz", text: "Great news!" });
    t.clock.advance(5 * MINUTE);
    await runDue();
    expect(commentReads(item.id)).toHaveLength(2);
    const all = await t.db.select().from(inboxMessages).where(eq(inboxMessages.accountId, accountId));
    const onNetwork = t.sandbox.comments("facebook", item.id);
    expect(all.map((m) => m.text).sort()).toEqual(onNetwork.map((c) => c.text).sort());
    const conversations = await t.db.select().from(inboxConversations);
    expect(conversations).toHaveLength(onNetwork.filter((c) => !c.parentKey).length);
    expect(await t.db.select().from(inboxSources)).toMatchObject([{ accountId, state: "ok" }]);
  });

  test("Facebook without pages_read_user_content: nothing is read, the account says which permission to allow", async () => {
    const { cookie, accountId, item } = await facebookPost({ remove: ["pages_read_user_content"] });
    t.sandbox.comment("facebook", item.id, { username: "ana.lopez", text: "Hello?" });
    await startInboxSchedule(t.db, t.clock.now());
    await runDue();
    expect(commentReads(item.id)).toEqual([]);
    const [source] = await t.db.select().from(inboxSources).where(eq(inboxSources.accountId, accountId));
    expect(source?.state).toBe("scope");
    expect(source?.detail).toMatch(/pages_read_user_content/);
    expect(await t.db.select().from(inboxMessages)).toEqual([]);
    expect(await shownSource(cookie, accountId)).toMatchObject({ state: "scope", detail: source?.detail });
  });

  /** An X account's post published through the app, with a reply under it and a mention of the account. */
  async function xPost() {
    const { cookie, accountId } = await publisherOn(t, "twitter", "xinbox");
    const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Our launch is today" });
    const { targets } = await publishDue(t, postId);
    const tweetId = targets[0]?.externalId as string;
    t.clock.advance(MINUTE);
    t.sandbox.comment("twitter", tweetId, { username: "ana_lopez", text: "Where can I buy it?" });
    t.sandbox.mention("xinbox", { username: "ben_cho", text: "have you seen this launch?" });
    return { cookie, accountId, tweetId };
  }
  /** The account's collection as the inbox shows it (GET /api/inbox's sources). */
  const shownSource = async (cookie: string, accountId: string) => {
    const res = await t.app.inject({ url: "/api/inbox?status=all", headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().sources as { account: { id: string }; state: string; detail: string | null }[]).find(
      (s) => s.account.id === accountId,
    );
  };
  const xCalls = (path: string) => t.sandbox.requests.filter((r) => r.platform === "twitter" && r.path.includes(path));

  test("X: the replies by recent search and the account's mentions; the posts X returned are counted in the month's reads", async () => {
    const { accountId, tweetId } = await xPost();
    await startInboxSchedule(t.db, t.clock.now());
    await runDue();
    const [search] = xCalls("tweets/search/recent");
    expect(new URLSearchParams(search?.query).get("query")).toBe(`conversation_id:${tweetId}`);
    expect(xCalls("/mentions")).toHaveLength(1);
    const conversations = await t.db
      .select()
      .from(inboxConversations)
      .where(eq(inboxConversations.accountId, accountId));
    expect(conversations.map((c) => c.kind).sort()).toEqual(["comment", "mention"]);
    const texts = (await t.db.select().from(inboxMessages)).map((m) => m.text);
    expect(texts).toContain("Where can I buy it?");
    expect(texts.some((x) => x.includes("have you seen this launch?"))).toBe(true);
    const [source] = await t.db.select().from(inboxSources).where(eq(inboxSources.accountId, accountId));
    expect(source).toMatchObject({ state: "ok", readsMonth: t.clock.now().toISOString().slice(0, 7) });
    expect(source?.readsUsed).toBeGreaterThanOrEqual(2);
    expect(source?.cursor).toMatchObject({ sinceId: expect.any(String) });
  });

  test("X's Free tier reads no replies or mentions: the account says so, and the read is not a failure", async () => {
    const { cookie, accountId } = await xPost();
    t.sandbox.setReview({ twitter: { tier: "free" } });
    await startInboxSchedule(t.db, t.clock.now());
    await runDue();
    const [source] = await t.db.select().from(inboxSources).where(eq(inboxSources.accountId, accountId));
    expect(source?.state).toBe("tier");
    expect(source?.detail).toBeTruthy();
    expect(await shownSource(cookie, accountId)).toMatchObject({ state: "tier", detail: source?.detail });
    const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, INBOX_COLLECT_JOB));
    expect(job).toMatchObject({ attempts: 1, lastError: null });
    expect(job?.doneAt).not.toBeNull();
    expect(await t.db.select().from(inboxMessages)).toEqual([]);
  });
});

describe("X's read budget against the sandbox", () => {
  let t: NetworkTestApp;
  afterEach(async () => {
    await t.close();
  });

  test("X_INBOX_READS_PER_ACCOUNT=1: the first read spends it (what one call returned is counted whole); X is not asked again this month", async () => {
    t = await createNetworkTestApp({ X_INBOX_READS_PER_ACCOUNT: "1" });
    const { cookie, accountId } = await publisherOn(t, "twitter", "xbudget");
    const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Budget day" });
    const tweetId = (await publishDue(t, postId)).targets[0]?.externalId as string;
    t.sandbox.comment("twitter", tweetId, { username: "ana_lopez", text: "First!" });
    const xReads = () =>
      t.sandbox.requests.filter(
        (r) => r.platform === "twitter" && (r.path.includes("search/recent") || r.path.includes("/mentions")),
      ).length;
    await startInboxSchedule(t.db, t.clock.now());
    while ((await t.app.jobsWorker.runOnce()) > 0) {}
    expect(xReads()).toBe(1);
    for (let i = 0; i < 3; i++) {
      t.clock.advance(10 * MINUTE);
      t.sandbox.comment("twitter", tweetId, { username: "ben_cho", text: `More ${i}` });
      while ((await t.app.jobsWorker.runOnce()) > 0) {}
    }
    expect(xReads()).toBe(1);
    const [source] = await t.db.select().from(inboxSources).where(eq(inboxSources.accountId, accountId));
    // The post itself comes back with its replies: X bills both.
    expect(source).toMatchObject({ state: "budget", readsUsed: 2 });
    const shown = await t.app.inject({ url: "/api/inbox?status=all", headers: { cookie } });
    expect(shown.json().sources).toMatchObject([{ account: { id: accountId }, state: "budget" }]);
  });
});
