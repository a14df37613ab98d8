import { afterEach, beforeEach, expect, test } from "vitest";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { duePost, fixtureSha256, publishDue, publisherOn, uploadFixture } from "../publishing";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

test("a text post goes out on X and the post links to it", async () => {
  const { cookie, accountId } = await publisherOn(t, "twitter", "xposter");
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Hello X", hashtags: ["launch"] });
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status).toBe("published");
  const [item] = t.sandbox.published("twitter");
  expect(item).toMatchObject({ text: "Hello X\n\n#launch", media: [] });
  expect(targets[0]).toMatchObject({ externalId: item?.id, externalUrl: `https://x.com/xposter/status/${item?.id}` });
});

test("images go through the one-shot upload, a video through the segmented upload, and arrive intact", async () => {
  const { cookie, accountId } = await publisherOn(t, "twitter");
  const png = await uploadFixture(t, cookie, "sample.png");
  const gif = await uploadFixture(t, cookie, "sample.gif");
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const pictures = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "A picture",
    media: [{ id: png, aspectRatio: "1:1" }],
  });
  expect((await publishDue(t, pictures)).post?.status).toBe("published");
  const animation = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "A GIF",
    media: [{ id: gif, aspectRatio: "1:1" }],
  });
  expect((await publishDue(t, animation)).post?.status).toBe("published");
  const clip = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "A clip",
    media: [{ id: mp4, aspectRatio: "16:9" }],
  });
  expect((await publishDue(t, clip)).post?.status).toBe("published");
  const [a, b, c] = t.sandbox.published("twitter");
  expect(a?.media[0]?.sha256).toBe(await fixtureSha256("sample.png"));
  expect(b?.media[0]?.sha256).toBe(await fixtureSha256("sample.gif"));
  expect(c?.media[0]).toMatchObject({ kind: "video", sha256: await fixtureSha256("sample.mp4") });
  const video = t.sandbox.requests.filter((r) => r.path.includes("media/upload"));
  expect(video.map((r) => r.path.replace(/upload\/\d+\//, "upload/{id}/"))).toEqual(
    expect.arrayContaining(["api.x.com/2/media/upload/initialize", "api.x.com/2/media/upload/{id}/append"]),
  );
});

test("a long text with the thread option goes out as a thread, each post answering the one before", async () => {
  const { cookie, accountId } = await publisherOn(t, "twitter");
  const long = Array.from({ length: 90 }, (_, i) => `word${i}`).join(" ");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: long,
    options: { twitter: { thread: true } },
  });
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status).toBe("published");
  const items = t.sandbox.published("twitter");
  expect(items.length).toBeGreaterThan(1);
  expect(items[0]?.replyTo).toBeUndefined();
  for (let i = 1; i < items.length; i++) expect(items[i]?.replyTo).toBe(items[i - 1]?.id);
  expect(targets[0]?.externalId).toBe(items[0]?.id);
});

test("a duplicate is refused with X's message; a 429 waits for Retry-After; an expired token is renewed", async () => {
  const { cookie, accountId } = await publisherOn(t, "twitter");
  const first = await duePost(t, cookie, { accountIds: [accountId], content: "Same words" });
  t.sandbox.expireAccessTokens("twitter");
  expect((await publishDue(t, first)).post?.status).toBe("published");
  const again = await duePost(t, cookie, { accountIds: [accountId], content: "Same words" });
  const refused = await publishDue(t, again);
  expect(refused.targets[0]).toMatchObject({
    status: "failed",
    lastError: "You are not allowed to create a Tweet with duplicate content.",
  });
  const later = await duePost(t, cookie, { accountIds: [accountId], content: "Other words" });
  t.sandbox.throttleNext("twitter", { retryAfterSeconds: 300, pathIncludes: "2/tweets" });
  const throttled = await publishDue(t, later);
  expect(throttled.targets[0]?.nextAttemptAt?.getTime()).toBe(t.clock.now().getTime() + 300_000);
  t.clock.advance(300_000);
  expect((await publishDue(t, later)).post?.status).toBe("published");
});
