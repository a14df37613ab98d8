/**
 * The first comment beyond its path on each network (first-comment-networks.test.ts): under a thread's first part
 * on X; as a LinkedIn member; a missing scope or a network's refusal fails the comment with its reason and leaves
 * the post published; passing failures are tried again (after asking when the call may have gone through);
 * networks without comments (TikTok, Pinterest) and Instagram stories get none; a job given up is settled; the
 * tabs are told at each change of its status.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { jobs, postTargets } from "../../src/db/schema";
import { FIRST_COMMENT_JOB, firstCommentKey } from "../../src/modules/publishing/first-comment";
import { NetworkError } from "../../src/platforms/http";
import type { FirstCommentRequest } from "../../src/platforms/platform";
import { createRealtimeHub } from "../../src/realtime/hub";
import { commentsOn, commentWorker, onlyTarget, postNeeds, publishedWithComment } from "../first-comments";
import { createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { changedAccounts } from "../inbox-jobs";
import { connect } from "../oauth";
import { duePost, publishDue, publisherOn, publisherWithScopes } from "../publishing";

const MINUTE = 60_000;
const COMMENT = "Shop the sale: https://shop.example/spring";
const UNCONFIRMED = (network: string) =>
  `Posting the first comment on ${network} was interrupted, and ${network} cannot be asked whether it went out. Check the post on ${network} before adding it by hand.`;

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const commentJobs = () => t.db.select().from(jobs).where(eq(jobs.kind, FIRST_COMMENT_JOB));

test("X: under a thread's first part, not its last", async () => {
  const long = Array.from({ length: 80 }, (_, i) => `word${i}`).join(" ");
  const p = await publishedWithComment(t, "twitter", COMMENT, {
    content: long,
    options: { twitter: { thread: true } },
  });
  const thread = t.sandbox.published("twitter").filter((i) => i.text !== COMMENT);
  expect(thread.length).toBeGreaterThan(1);
  await commentWorker(t, { id: "w1" }).runDue();
  expect(p.onNetwork()).toHaveLength(1);
  const reply = t.sandbox.published("twitter").find((i) => i.text === COMMENT);
  expect(reply?.replyTo).toBe(p.itemId);
  expect(thread.find((i) => !i.replyTo)?.id).toBe(p.itemId);
});

describe("LinkedIn, a member's own post", () => {
  const asMember = { linkedin: { postAs: "personal" } };

  test("the comment goes out as the member", async () => {
    const p = await publishedWithComment(t, "linkedin", COMMENT, { options: asMember });
    await commentWorker(t, { id: "w1" }).runDue();
    expect(await p.target()).toMatchObject({ firstCommentStatus: "posted" });
    expect(p.onNetwork()).toHaveLength(1);
  });

  test("after a timeout it cannot be read back: failed as unconfirmed, never posted twice", async () => {
    const p = await publishedWithComment(t, "linkedin", COMMENT, { options: asMember });
    const lost = changedAccounts(t.app.accounts, (adapter) => ({
      async firstComment(req: FirstCommentRequest) {
        await adapter.firstComment?.(req);
        throw new NetworkError("Network unreachable: The operation was aborted due to timeout", 0, true, false);
      },
    }));
    await commentWorker(t, { id: "w1", accounts: lost }).runDue();
    t.clock.advance(MINUTE + 1_000);
    await commentWorker(t, { id: "w2" }).runDue();
    expect(await p.target()).toMatchObject({
      firstCommentStatus: "failed",
      firstCommentError: UNCONFIRMED("LinkedIn"),
    });
    expect(p.onNetwork()).toHaveLength(1);
  });
});

describe("a missing scope fails the comment, not the post", () => {
  test("Facebook without pages_manage_engagement", async () => {
    const account = await publisherWithScopes(t, "facebook", { remove: ["pages_manage_engagement"] });
    const p = await publishedWithComment(t, "facebook", COMMENT, { account });
    await commentWorker(t, { id: "w1" }).runDue();
    const target = await p.target();
    expect(target).toMatchObject({ status: "published", firstCommentStatus: "failed" });
    expect(target.firstCommentError).toContain("pages_manage_engagement");
    expect(p.onNetwork()).toHaveLength(0);
    const res = await t.app.inject({ url: `/api/posts/${p.postId}`, headers: { cookie: p.cookie } });
    expect(res.json().post).toMatchObject({ status: "published" });
    expect(res.json().post.targets[0].firstComment).toEqual({
      status: "failed",
      url: null,
      error: target.firstCommentError,
    });
  });

  test("YouTube without youtube.force-ssl", async () => {
    const account = await publisherWithScopes(t, "youtube", {
      remove: ["https://www.googleapis.com/auth/youtube.force-ssl"],
    });
    const p = await publishedWithComment(t, "youtube", COMMENT, { account });
    await commentWorker(t, { id: "w1" }).runDue();
    const target = await p.target();
    expect(target).toMatchObject({ status: "published", firstCommentStatus: "failed" });
    expect(target.firstCommentError).toContain("youtube.force-ssl");
    expect(p.onNetwork()).toHaveLength(0);
  });
});

describe("failures", () => {
  test("the network refuses the comment: failed with its reason, at once, the post published", async () => {
    const p = await publishedWithComment(t, "instagram", COMMENT);
    t.sandbox.failNext("instagram", { status: 400, pathIncludes: "/comments" });
    await commentWorker(t, { id: "w1" }).runDue();
    const target = await p.target();
    expect(target).toMatchObject({ status: "published", firstCommentStatus: "failed" });
    expect(target.firstCommentError).toBeTruthy();
    t.clock.advance(60 * MINUTE);
    await commentWorker(t, { id: "w2" }).runDue();
    expect(p.onNetwork()).toHaveLength(0);
  });

  test("a 5xx (it may have gone through): the next attempt asks first, finds nothing, posts it once", async () => {
    const p = await publishedWithComment(t, "facebook", COMMENT);
    t.sandbox.failNext("facebook", { status: 503, pathIncludes: "/comments" });
    await commentWorker(t, { id: "w1" }).runDue();
    expect(await p.target()).toMatchObject({ firstCommentStatus: "posting" });
    expect((await p.target()).firstCommentError).toBeTruthy();
    expect(p.onNetwork()).toHaveLength(0);
    t.clock.advance(MINUTE + 1_000);
    await commentWorker(t, { id: "w2" }).runDue();
    expect(await p.target()).toMatchObject({ firstCommentStatus: "posted", firstCommentError: null });
    expect(p.onNetwork()).toHaveLength(1);
  });

  test("a 429 made nothing: waiting again, then posted once", async () => {
    const p = await publishedWithComment(t, "youtube", COMMENT);
    t.sandbox.failNext("youtube", { status: 429, pathIncludes: "/commentThreads" });
    await commentWorker(t, { id: "w1" }).runDue();
    expect(await p.target()).toMatchObject({ firstCommentStatus: "pending", firstCommentStartedAt: null });
    t.clock.advance(MINUTE + 1_000);
    await commentWorker(t, { id: "w2" }).runDue();
    expect(await p.target()).toMatchObject({ firstCommentStatus: "posted" });
    expect(p.onNetwork()).toHaveLength(1);
  });

  test("a job given up (its workers kept stopping) while posting: failed as unconfirmed, never left posting", async () => {
    const p = await publishedWithComment(t, "facebook", COMMENT);
    const target = await p.target();
    await t.db
      .update(postTargets)
      .set({ firstCommentStatus: "posting", firstCommentStartedAt: t.clock.now() })
      .where(eq(postTargets.id, target.id));
    // Claimed five times already, the last claim's lease run out.
    await t.db
      .update(jobs)
      .set({ attempts: 5, leaseOwner: "gone", leaseUntil: new Date(t.clock.now().getTime() - 1) })
      .where(eq(jobs.key, firstCommentKey(target.id)));
    await commentWorker(t, { id: "w1" }).runDue();
    expect(await p.target()).toMatchObject({
      firstCommentStatus: "failed",
      firstCommentError: UNCONFIRMED("Facebook"),
    });
    expect(p.onNetwork()).toHaveLength(0);
  });
});

describe("where no first comment is posted", () => {
  test("TikTok and Pinterest take none: their status stays empty and no job is queued; LinkedIn's beside them goes out", async () => {
    const { cookie } = await signedInUser(t.app);
    const accounts: Record<string, string> = {};
    for (const platform of ["linkedin", "tiktok", "pinterest"] as const)
      accounts[platform] = (await connect(t, cookie, platform, `${platform.slice(0, 3)}_mixed`)).json().account.id;
    const tiktok = await postNeeds(t, "tiktok", cookie, accounts.tiktok as string);
    const pinterest = await postNeeds(t, "pinterest", cookie, accounts.pinterest as string);
    const postId = await duePost(t, cookie, {
      accountIds: Object.values(accounts),
      content: "Spring sale starts today",
      media: tiktok.media,
      variants: { pinterest: { content: "Pin it", hashtags: [], media: pinterest.media ?? [] } },
      firstComment: COMMENT,
    });
    const { post, targets } = await publishDue(t, postId);
    expect(post?.status, targets.map((x) => x.lastError).join()).toBe("published");
    const byPlatform = Object.fromEntries(targets.map((x) => [x.platform, x]));
    expect(byPlatform.tiktok?.firstCommentStatus).toBeNull();
    expect(byPlatform.pinterest?.firstCommentStatus).toBeNull();
    expect(byPlatform.linkedin?.firstCommentStatus).toBe("pending");
    expect((await commentJobs()).map((j) => j.key)).toEqual([firstCommentKey(byPlatform.linkedin?.id as string)]);
    await commentWorker(t, { id: "w1" }).runDue();
    const after = await t.db.select().from(postTargets).where(eq(postTargets.postId, postId));
    expect(after.map((x) => [x.platform, x.firstCommentStatus]).sort()).toEqual([
      ["linkedin", "posted"],
      ["pinterest", null],
      ["tiktok", null],
    ]);
  });

  test("an Instagram story takes no comments: none is posted", async () => {
    const { cookie, accountId } = await publisherOn(t, "instagram", "ig_story");
    const extra = await postNeeds(t, "instagram", cookie, accountId);
    const postId = await duePost(t, cookie, {
      accountIds: [accountId],
      content: "Today only",
      ...extra,
      options: { instagram: { format: "story" } },
      firstComment: COMMENT,
    });
    expect((await publishDue(t, postId)).post?.status).toBe("published");
    expect((await onlyTarget(t, postId)).firstCommentStatus).toBeNull();
    expect(await commentJobs()).toHaveLength(0);
  });

  test("a post without a first comment queues nothing", async () => {
    const { cookie, accountId } = await publisherOn(t, "twitter", "x_none");
    const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Nothing to add" });
    expect((await publishDue(t, postId)).post?.status).toBe("published");
    expect((await onlyTarget(t, postId)).firstCommentStatus).toBeNull();
    expect(await commentJobs()).toHaveLength(0);
  });
});

test("the workspace's tabs are told each time the first comment's status changes", async () => {
  const p = await publishedWithComment(t, "twitter", COMMENT);
  const hub = createRealtimeHub();
  const changed = vi.spyOn(hub, "changed");
  await commentWorker(t, { id: "w1", hub }).runDue();
  const target = await p.target();
  const calls = changed.mock.calls.filter(([kind, , id]) => kind === "posts" && id === p.postId);
  // posting, then posted
  expect(calls).toHaveLength(2);
  expect(target.firstCommentStatus).toBe("posted");
  expect(commentsOn(t, "twitter", p.itemId, COMMENT)).toHaveLength(1);
});
