import { PUBLISH_MESSAGES } from "@app/shared";
import { afterEach, beforeEach, expect, test } from "vitest";
import { linkedinCommentary } from "../../src/platforms/linkedin/linkedin-publish";
import { createQueueRepo } from "../../src/worker/queue.repo";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { duePost, fixtureSha256, publishDue, publisherOn, uploadFixture } from "../publishing";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

/** The first company page the member administers, as the composer lists them. */
async function firstPage(cookie: string, accountId: string): Promise<string> {
  const res = await t.app.inject({ url: `/api/accounts/${accountId}/linkedin-organizations`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().organizations[0].id;
}

/**
 * A worker claims the post, makes it on LinkedIn (or not) and dies before recording it; once its lease is over,
 * the test's worker takes the post over.
 */
async function crashedWhilePublishing(postId: string, madeIt: boolean) {
  const [claimed] = await createQueueRepo(t.db).claimDue("dead", t.clock.now(), 60_000, 5);
  if (!claimed || claimed.postId !== postId) throw new Error("nothing claimed");
  if (madeIt) await t.app.publisher.publish(claimed, { keepAlive: async () => {}, recordProgress: async () => {} });
  t.clock.advance(61_000);
  return publishDue(t, postId);
}

test("LinkedIn commentary escapes its markup characters and keeps hashtags as hashtags", () => {
  expect(linkedinCommentary("Launch (beta) @ 50% off_now #spring")).toBe(
    "Launch \\(beta\\) \\@ 50% off\\_now {hashtag|\\#|spring}",
  );
});

test("a text post goes out as the member, PUBLIC by default, with its hashtags; the post links to it", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Hello (world)", hashtags: ["launch"] });
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status).toBe("published");
  const [item] = t.sandbox.published("linkedin");
  expect(item).toMatchObject({
    kind: "post",
    text: "Hello \\(world\\)\n\n{hashtag|\\#|launch}",
    visibility: "PUBLIC",
    author: expect.stringMatching(/^urn:li:person:/),
  });
  expect(targets[0]).toMatchObject({ status: "published", externalId: item?.id, externalUrl: item?.url });
});

test("an image and a video are uploaded through LinkedIn's upload flows and reach the post intact", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const png = await uploadFixture(t, cookie, "sample.png");
  const jpg = await uploadFixture(t, cookie, "sample.jpg");
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const images = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Two pictures",
    media: [
      { id: png, aspectRatio: "1:1" },
      { id: jpg, aspectRatio: "4:5" },
    ],
    options: { linkedin: { visibility: "CONNECTIONS" } },
  });
  expect((await publishDue(t, images)).post?.status).toBe("published");
  const video = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "A clip",
    media: [{ id: mp4, aspectRatio: "16:9" }],
  });
  expect((await publishDue(t, video)).post?.status).toBe("published");
  const [pictures, clip] = t.sandbox.published("linkedin");
  expect(pictures).toMatchObject({ kind: "carousel", visibility: "CONNECTIONS" });
  expect(pictures?.media.map((m) => m.sha256)).toEqual([
    await fixtureSha256("sample.png"),
    await fixtureSha256("sample.jpg"),
  ]);
  expect(clip).toMatchObject({ kind: "video" });
  expect(clip?.media[0]?.sha256).toBe(await fixtureSha256("sample.mp4"));
});

test("a GIF goes up through the Images API, as LinkedIn takes animated GIFs, and reaches the post intact", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const gif = await uploadFixture(t, cookie, "sample.gif");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Moving picture",
    media: [{ id: gif, aspectRatio: "1:1" }],
  });
  expect((await publishDue(t, postId)).post?.status).toBe("published");
  const [item] = t.sandbox.published("linkedin");
  expect(item).toMatchObject({ kind: "photo", media: [{ mimeType: "image/gif" }] });
  expect(item?.media[0]?.sha256).toBe(await fixtureSha256("sample.gif"));
  expect(t.sandbox.requests.some((r) => r.path.includes("rest/images"))).toBe(true);
});

test("an expired token is renewed and the post goes out; a refusal fails it with LinkedIn's message", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const first = await duePost(t, cookie, { accountIds: [accountId], content: "After renewal" });
  t.sandbox.expireAccessTokens("linkedin");
  expect((await publishDue(t, first)).post?.status).toBe("published");
  const second = await duePost(t, cookie, { accountIds: [accountId], content: "After renewal" });
  // The same text twice in a row is a duplicate for LinkedIn.
  const { post, targets } = await publishDue(t, second);
  expect(post?.status).toBe("failed");
  expect(targets[0]?.lastError).toBe(PUBLISH_MESSAGES.linkedinDuplicate);
});

test("a 429 and a 5xx are tried again later; a company page is asked first after the 5xx, so nothing goes out twice", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const page = await firstPage(cookie, accountId);
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Patience",
    options: { linkedin: { postAs: "company", organizationId: page } },
  });
  t.sandbox.throttleNext("linkedin", { retryAfterSeconds: 120, pathIncludes: "rest/posts" });
  let { targets } = await publishDue(t, postId);
  expect(targets[0]).toMatchObject({ status: "pending", verifyFirst: false });
  expect(targets[0]?.nextAttemptAt?.getTime()).toBe(t.clock.now().getTime() + 120_000);
  t.clock.advance(120_000);
  t.sandbox.failNext("linkedin", { status: 503, pathIncludes: "rest/posts" });
  ({ targets } = await publishDue(t, postId));
  expect(targets[0]).toMatchObject({ status: "pending", verifyFirst: true });
  t.clock.advance(60 * 60_000);
  ({ targets } = await publishDue(t, postId));
  expect(targets[0]?.status).toBe("published");
  expect(t.sandbox.published("linkedin")).toHaveLength(1);
  const calls = t.sandbox.requests.filter((r) => r.path.endsWith("rest/posts"));
  expect(calls.map((r) => r.method)).toEqual(["POST", "POST", "GET", "POST"]);
});

test("the server's own worker publishes a due post and the owner's open tabs hear of it", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Heard everywhere" });
  const res = await fetch(`${t.baseUrl}/api/events`, { headers: { cookie } });
  const reader = res.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  await t.app.publishingWorker.tick();
  const decoder = new TextDecoder();
  let text = "";
  while (!/"status":"published"/.test(text)) text += decoder.decode((await reader.read()).value);
  expect(text).toContain(postId);
  await reader.cancel();
  await t.app.publishingWorker.stop();
});

test("a failed post is sent again on request, and only to the networks that failed", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Second chance" });
  t.sandbox.failNext("linkedin", { status: 422, pathIncludes: "rest/posts" });
  expect((await publishDue(t, postId)).post?.status).toBe("failed");
  const retry = await t.app.inject({ method: "POST", url: `/api/posts/${postId}/retry`, headers: { cookie } });
  expect(retry.statusCode, retry.body).toBe(200);
  expect(retry.json().post).toMatchObject({ status: "publishing", targets: [{ status: "pending", lastError: null }] });
  expect((await publishDue(t, postId)).post?.status).toBe("published");
  const again = await t.app.inject({ method: "POST", url: `/api/posts/${postId}/retry`, headers: { cookie } });
  expect(again.statusCode).toBe(409);
  const other = await publisherOn(t, "linkedin", "someone_else");
  const foreign = await t.app.inject({
    method: "POST",
    url: `/api/posts/${postId}/retry`,
    headers: { cookie: other.cookie },
  });
  expect(foreign.statusCode).toBe(404);
});

test("publish now on a post a worker has already taken answers with the post going out, not an error", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Already on its way" });
  await publishDue(t, postId);
  const res = await t.app.inject({ method: "POST", url: `/api/posts/${postId}/publish`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().post.status).toBe("published");
  expect(t.sandbox.published("linkedin")).toHaveLength(1);
});

test("publish now on a post the worker has already sent and seen refused answers with that outcome, and sends nothing again", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const first = await duePost(t, cookie, { accountIds: [accountId], content: "Said once" });
  await publishDue(t, first);
  // LinkedIn refuses the same words twice: the second post fails before its "publish now" arrives.
  const second = await duePost(t, cookie, { accountIds: [accountId], content: "Said once" });
  expect((await publishDue(t, second)).post?.status).toBe("failed");
  const res = await t.app.inject({ method: "POST", url: `/api/posts/${second}/publish`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().post).toMatchObject({ status: "failed", targets: [{ status: "failed" }] });
  expect(res.json().post.targets[0].lastError).toMatch(/duplicate/);
  expect(t.sandbox.published("linkedin")).toHaveLength(1);
});

test("publish now takes the server's time: a browser clock hours off still publishes at once", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const wrong = new Date(t.clock.now().getTime() - 5 * 60 * 60_000);
  const body = {
    content: "Whatever the browser thinks",
    accountIds: [accountId],
    scheduledDate: wrong.toISOString().slice(0, 10),
    scheduledTime: wrong.toISOString().slice(11, 16),
    timezone: "Europe/Berlin",
    status: "scheduled",
  };
  const refused = await t.app.inject({ method: "POST", url: "/api/posts", headers: { cookie }, payload: body });
  expect(refused.statusCode).toBe(400);
  const res = await t.app.inject({
    method: "POST",
    url: "/api/posts",
    headers: { cookie },
    payload: { ...body, publishNow: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  const post = res.json().post;
  expect(Math.abs(Date.parse(post.scheduledAt) - t.clock.now().getTime())).toBeLessThan(60_000);
  expect((await publishDue(t, post.id)).post?.status).toBe("published");
  const draft = await t.app.inject({
    method: "POST",
    url: "/api/posts",
    headers: { cookie },
    payload: { ...body, status: "draft", publishNow: true },
  });
  expect(draft.statusCode).toBe(400);
});

test("a member's post taken over after a crash ends unconfirmed: LinkedIn does not let the app read it back", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Exactly once" });
  const { post, targets } = await crashedWhilePublishing(postId, true);
  expect(post?.status).toBe("failed");
  expect(targets[0]).toMatchObject({ status: "unconfirmed", lastError: PUBLISH_MESSAGES.unconfirmed("LinkedIn") });
  expect(t.sandbox.published("linkedin")).toHaveLength(1);
  // The app knows its token lacks r_member_social: it does not ask LinkedIn, which would refuse.
  expect(t.sandbox.requests.filter((r) => r.method === "GET" && r.path.endsWith("rest/posts"))).toHaveLength(0);
});

test("a company page's post taken over after a crash is looked up: found when made, made once when not", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const options = { linkedin: { postAs: "company", organizationId: await firstPage(cookie, accountId) } };
  const made = await duePost(t, cookie, { accountIds: [accountId], content: "Made, then the crash", options });
  let { post, targets } = await crashedWhilePublishing(made, true);
  const [item] = t.sandbox.published("linkedin");
  expect(post?.status).toBe("published");
  expect(targets[0]).toMatchObject({ status: "published", externalId: item?.id });
  expect(t.sandbox.published("linkedin")).toHaveLength(1);

  const lost = await duePost(t, cookie, { accountIds: [accountId], content: "The crash, then made", options });
  ({ post, targets } = await crashedWhilePublishing(lost, false));
  expect(post?.status).toBe("published");
  expect(t.sandbox.published("linkedin").map((i) => i.text)).toEqual(["Made, then the crash", "The crash, then made"]);
});

test("a member's post whose answer was lost (a 5xx after LinkedIn made it) is recognised by LinkedIn's duplicate answer", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin");
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Answer lost" });
  const queue = createQueueRepo(t.db);
  const [claimed] = await queue.claimDue("gone", t.clock.now(), 60_000, 5);
  if (!claimed) throw new Error("nothing claimed");
  await t.app.publisher.publish(claimed, {
    keepAlive: async () => {},
    recordProgress: async (p) => void (await queue.recordProgress(claimed.id, "gone", p)),
  });
  // LinkedIn made the post, but the worker saw a 503: it tries again, after asking first.
  await queue.retryAt(claimed.id, "gone", t.clock.now(), t.clock.now(), "LinkedIn answered 503", true);
  const { post, targets } = await publishDue(t, postId);
  const [item] = t.sandbox.published("linkedin");
  expect(post?.status).toBe("published");
  expect(targets[0]).toMatchObject({ status: "published", externalId: item?.id, externalUrl: item?.url });
  expect(t.sandbox.published("linkedin")).toHaveLength(1);

  // The same words sent again on purpose stay refused, retried or not: LinkedIn answered, nothing was lost.
  const again = await duePost(t, cookie, { accountIds: [accountId], content: "Answer lost" });
  expect((await publishDue(t, again)).post?.status).toBe("failed");
  const retry = await t.app.inject({ method: "POST", url: `/api/posts/${again}/retry`, headers: { cookie } });
  expect(retry.statusCode, retry.body).toBe(200);
  const retried = await publishDue(t, again);
  expect(retried.post?.status).toBe("failed");
  expect(retried.targets[0]?.lastError).toBe(PUBLISH_MESSAGES.linkedinDuplicate);
});
