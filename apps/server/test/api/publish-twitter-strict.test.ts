import { PLATFORM_SCOPES, splitThread } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, test } from "vitest";
import { postTargets, socialAccounts } from "../../src/db/schema";
import { createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";
import { duePost, publishDue, publisherOn, publisherWithScopes, uploadFixture } from "../publishing";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const REPLY_REFUSED =
  "Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to.";
const long = Array.from({ length: 120 }, (_, i) => `word${i}`).join(" ");
const tweetCalls = () => t.sandbox.requests.filter((r) => r.method === "POST" && r.path === "api.x.com/2/tweets");

test("X connects with only the scopes the app asks for; a refused follower count does not stop it", async () => {
  const { cookie } = await signedInUser(t.app);
  t.sandbox.failNext("twitter", {
    status: 403,
    pathIncludes: "2/users/me",
    body: { title: "Forbidden", type: "about:blank", status: 403, detail: "Forbidden" },
  });
  const res = await connect(t, cookie, "twitter", "fewfields");
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().account).toMatchObject({ username: "fewfields", followerCount: 0 });
  const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, res.json().account.id));
  expect(row?.scopes?.split(" ").sort()).toEqual([...PLATFORM_SCOPES.twitter].sort());
  expect(t.sandbox.requests.filter((r) => r.path === "api.x.com/2/users/me")).toHaveLength(2);
});

test("a GIF goes up in segments as tweet_gif, never through the one-shot upload", async () => {
  const { cookie, accountId } = await publisherOn(t, "twitter");
  const gif = await uploadFixture(t, cookie, "sample.gif");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "A GIF",
    media: [{ id: gif, aspectRatio: "1:1" }],
  });
  expect((await publishDue(t, postId)).post?.status).toBe("published");
  const paths = t.sandbox.requests
    .filter((r) => r.method === "POST" && r.path.includes("media/upload"))
    .map((r) => r.path);
  expect(paths).not.toContain("api.x.com/2/media/upload");
  expect(paths[0]).toBe("api.x.com/2/media/upload/initialize");
  expect(t.sandbox.published("twitter")[0]?.media[0]).toMatchObject({ mimeType: "image/gif" });
});

test("an account without media.write gets a message that says to reconnect", async () => {
  const { cookie, accountId } = await publisherWithScopes(t, "twitter", { remove: ["media.write"] });
  const png = await uploadFixture(t, cookie, "sample.png");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "No media scope",
    media: [{ id: png, aspectRatio: "1:1" }],
  });
  const { targets } = await publishDue(t, postId);
  expect(targets[0]?.status).toBe("failed");
  expect(targets[0]?.lastError).toMatch(/Reconnect the X account/);
});

test("a thread whose replies X refuses keeps its posted parts; after the tier changes, Retry goes on from the next part", async () => {
  t.sandbox.setReview({ twitter: { tier: "basic", selfReplies: "refused" } });
  const { cookie, accountId } = await publisherOn(t, "twitter", "threader");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: long,
    options: { twitter: { thread: true } },
  });
  const failed = await publishDue(t, postId);
  const [head] = t.sandbox.published("twitter");
  expect(failed.targets[0]).toMatchObject({ status: "failed" });
  expect(failed.targets[0]?.lastError).toContain(`https://x.com/threader/status/${head?.id}`);
  expect(failed.targets[0]?.lastError).toContain(REPLY_REFUSED);
  expect(failed.targets[0]?.progress).toEqual({ thread: [head?.id] });
  expect(t.sandbox.published("twitter")).toHaveLength(1);

  t.sandbox.setReview({ twitter: { tier: "enterprise" } });
  const retry = await t.app.inject({ method: "POST", url: `/api/posts/${postId}/retry`, headers: { cookie } });
  expect(retry.statusCode, retry.body).toBe(200);
  // The next part's first try meets a passing failure: the worker tries again later, still from that part.
  t.sandbox.failNext("twitter", { status: 503, pathIncludes: "2/tweets" });
  let { targets } = await publishDue(t, postId);
  expect(targets[0]).toMatchObject({ status: "pending", verifyFirst: true });
  t.clock.advance((targets[0]?.nextAttemptAt?.getTime() ?? 0) - t.clock.now().getTime());
  ({ targets } = await publishDue(t, postId));
  expect(targets[0]?.status).toBe("published");

  const items = t.sandbox.published("twitter");
  const texts = items.map((i) => i.text);
  expect(new Set(texts).size).toBe(texts.length);
  expect(items.length).toBeGreaterThan(2);
  expect(items[0]?.id).toBe(head?.id);
  for (let i = 1; i < items.length; i++) expect(items[i]?.replyTo).toBe(items[i - 1]?.id);
  expect(targets[0]).toMatchObject({ externalId: head?.id, externalUrl: `https://x.com/threader/status/${head?.id}` });
  // Each part reached X once; the refused and the failed calls made nothing.
  expect(tweetCalls()).toHaveLength(items.length + 2);
});

test("a part X made while its answer was lost is found, not posted again, and the thread goes on from it", async () => {
  t.sandbox.setReview({ twitter: { tier: "basic", selfReplies: "refused" } });
  const { cookie, accountId } = await publisherOn(t, "twitter", "lostanswer");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: long,
    options: { twitter: { thread: true } },
  });
  const failed = await publishDue(t, postId);
  const [head] = t.sandbox.published("twitter");
  const parts = splitThread(long);
  expect(head?.text).toBe(parts[0]);
  // X made the second part, but the app never heard back: the attempt ended with it on its way.
  t.sandbox.setReview({ twitter: { tier: "enterprise" } });
  const [account] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
  await t.app.accounts.withAccount(account?.workspaceId as string, accountId, async ({ token }) => {
    const res = await fetch(`${t.baseUrl}/sandbox/twitter/api.x.com/2/tweets`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ text: parts[1], reply: { in_reply_to_tweet_id: head?.id } }),
    });
    expect(res.status).toBe(201);
  });
  const target = failed.targets[0];
  await t.db
    .update(postTargets)
    .set({ progress: { thread: [head?.id], sending: 1 } })
    .where(eq(postTargets.id, target?.id as string));
  const retry = await t.app.inject({ method: "POST", url: `/api/posts/${postId}/retry`, headers: { cookie } });
  expect(retry.statusCode, retry.body).toBe(200);
  expect((await publishDue(t, postId)).post?.status).toBe("published");
  const items = t.sandbox.published("twitter");
  expect(items.map((i) => i.text)).toEqual(parts);
  for (let i = 1; i < items.length; i++) expect(items[i]?.replyTo).toBe(items[i - 1]?.id);
});
