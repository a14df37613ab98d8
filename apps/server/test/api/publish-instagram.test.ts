import { createHash } from "node:crypto";
import { afterEach, beforeEach, expect, test } from "vitest";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { duePost, fixture, fixtureSha256, publishDue, publisherOn, uploadBytes, uploadFixture } from "../publishing";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const square = (id: string) => ({ id, aspectRatio: "1:1" });

/** The MP4 fixture (1 s) with the duration its movie header states changed, as the media library reads it. */
async function videoLasting(seconds: number) {
  const bytes = Buffer.from(await fixture("sample.mp4"));
  const mvhd = bytes.indexOf("mvhd", 0, "latin1");
  const timescale = bytes.readUInt32BE(mvhd + 16);
  bytes.writeUInt32BE(Math.round(seconds * timescale), mvhd + 20);
  return bytes;
}
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

/** Saves a post the way the composer does; the server answers with the rules' refusal, if any. */
async function save(cookie: string, body: Record<string, unknown>) {
  const at = new Date(t.clock.now().getTime() + 60 * 60_000);
  return t.app.inject({
    method: "POST",
    url: "/api/posts",
    headers: { cookie },
    payload: {
      ...body,
      scheduledDate: at.toISOString().slice(0, 10),
      scheduledTime: at.toISOString().slice(11, 16),
      timezone: "UTC",
      status: "scheduled",
    },
  });
}

test("a JPEG goes out as a feed post: Instagram fetches it by its link, intact, and the post links to its permalink", async () => {
  const { cookie, accountId } = await publisherOn(t, "instagram");
  const jpg = await uploadFixture(t, cookie, "sample.jpg");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Fresh bread",
    hashtags: ["bakery"],
    media: [square(jpg)],
  });
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status).toBe("published");
  const [item] = t.sandbox.published("instagram");
  expect(item).toMatchObject({ kind: "photo", text: "Fresh bread\n\n#bakery" });
  expect(item?.media[0]).toMatchObject({ mimeType: "image/jpeg", sha256: await fixtureSha256("sample.jpg") });
  expect(item?.media[0]?.url).toMatch(/\/api\/public-media\//);
  expect(item?.url).toMatch(/^https:\/\/www\.instagram\.com\/p\/\w{11}\/$/);
  expect(targets[0]).toMatchObject({ status: "published", externalId: item?.id, externalUrl: item?.url });
});

test("a video in the feed and the reel format go out as reels, stories take an image or a video, a carousel mixes both", async () => {
  const { cookie, accountId } = await publisherOn(t, "instagram");
  const jpg = await uploadFixture(t, cookie, "sample.jpg");
  // Reels last 3 seconds at least: a 5-second video.
  const clip = await videoLasting(5);
  const mp4 = await uploadBytes(t, cookie, "clip.mp4", clip);
  const to = { accountIds: [accountId] };
  for (const [content, media, format] of [
    ["Feed video", [mp4], "feed"],
    ["A reel", [mp4], "reel"],
    ["Story picture", [jpg], "story"],
    ["Story clip", [mp4], "story"],
    ["Two things", [jpg, mp4], "feed"],
  ] as const) {
    const id = await duePost(t, cookie, {
      ...to,
      content,
      media: media.map(square),
      options: { instagram: { format } },
    });
    expect((await publishDue(t, id)).post?.status, content).toBe("published");
  }
  const items = t.sandbox.published("instagram");
  expect(items.map((i) => i.kind)).toEqual(["reel", "reel", "story", "story", "carousel"]);
  const [jpgSum, mp4Sum] = [await fixtureSha256("sample.jpg"), sha(clip)];
  expect(items.map((i) => i.media.map((m) => m.sha256))).toEqual([
    [mp4Sum],
    [mp4Sum],
    [jpgSum],
    [mp4Sum],
    [jpgSum, mp4Sum],
  ]);
  expect(items[0]).toMatchObject({ text: "Feed video" });
  expect(items[0]?.url).toMatch(/^https:\/\/www\.instagram\.com\/reel\/\w{11}\/$/);
  expect(items[4]).toMatchObject({ text: "Two things" });
});

test("Instagram's limits are refused on save with a clear message, before Instagram is asked: PNG and GIF, 6 hashtags, a 1-second reel", async () => {
  const { cookie, accountId } = await publisherOn(t, "instagram");
  const png = await uploadFixture(t, cookie, "sample.png");
  const gif = await uploadFixture(t, cookie, "sample.gif");
  const jpg = await uploadFixture(t, cookie, "sample.jpg");
  const short = await uploadFixture(t, cookie, "sample.mp4");
  const to = { accountIds: [accountId] };
  for (const media of [png, gif]) {
    const res = await save(cookie, { ...to, content: "Not JPEG", media: [square(media)] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "INSTAGRAM_JPEG_ONLY",
      message: expect.stringMatching(/JPEG.*(PNG|GIF)/),
    });
  }
  // Since December 2025 Instagram takes 5 hashtags at most: 6 were accepted on save before.
  const crowded = await save(cookie, {
    ...to,
    content: "Fresh #bread",
    hashtags: ["bakery", "sourdough", "local", "morning", "paris"],
    media: [square(jpg)],
  });
  expect(crowded.statusCode).toBe(400);
  expect(crowded.json().error).toMatchObject({
    code: "INSTAGRAM_TOO_MANY_HASHTAGS",
    message:
      "Instagram allows at most 5 hashtags in a post, and this one has 6. Remove some hashtags, or deselect Instagram.",
  });
  const reel = await save(cookie, {
    ...to,
    content: "Blink",
    media: [square(short)],
    options: { instagram: { format: "reel" } },
  });
  expect(reel.statusCode).toBe(400);
  expect(reel.json().error).toMatchObject({
    code: "INSTAGRAM_REEL_LENGTH",
    message: expect.stringContaining("lasts 1 seconds"),
  });
  // Five hashtags go out.
  const five = await duePost(t, cookie, {
    ...to,
    content: "Fresh",
    hashtags: ["a", "b", "c", "d", "e"],
    media: [square(jpg)],
  });
  expect((await publishDue(t, five)).post?.status).toBe("published");
  expect(t.sandbox.published("instagram")[0]?.text).toBe("Fresh\n\n#a #b #c #d #e");
});

test("Instagram's own refusal of a caption fails the target with its message", async () => {
  const { cookie, accountId } = await publisherOn(t, "instagram");
  const jpg = await uploadFixture(t, cookie, "sample.jpg");
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Hello", media: [square(jpg)] });
  t.sandbox.failNext("instagram", {
    status: 400,
    pathIncludes: "/media",
    body: { error: { message: "The caption has more than 5 hashtags.", type: "IGApiException", code: 100 } },
  });
  expect((await publishDue(t, postId)).targets[0]).toMatchObject({
    status: "failed",
    lastError: "The caption has more than 5 hashtags.",
  });
  expect(t.sandbox.published("instagram")).toHaveLength(0);
});

test("a 429 waits for Retry-After; after a 5xx Instagram is asked first, so nothing goes out twice", async () => {
  const { cookie, accountId } = await publisherOn(t, "instagram");
  const jpg = await uploadFixture(t, cookie, "sample.jpg");
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Patience", media: [square(jpg)] });
  t.sandbox.throttleNext("instagram", { retryAfterSeconds: 120, pathIncludes: "media_publish" });
  let { targets } = await publishDue(t, postId);
  expect(targets[0]).toMatchObject({ status: "pending", verifyFirst: false });
  expect(targets[0]?.nextAttemptAt?.getTime()).toBe(t.clock.now().getTime() + 120_000);
  t.clock.advance(120_000);
  t.sandbox.failNext("instagram", { status: 503, pathIncludes: "media_publish" });
  ({ targets } = await publishDue(t, postId));
  expect(targets[0]).toMatchObject({ status: "pending", verifyFirst: true });
  t.clock.advance(60 * 60_000);
  ({ targets } = await publishDue(t, postId));
  expect(targets[0]?.status).toBe("published");
  expect(t.sandbox.published("instagram")).toHaveLength(1);
  const calls = t.sandbox.requests
    .filter((r) => /\/(media|media_publish)$/.test(r.path))
    .map((r) => `${r.method} ${r.path.split("/").at(-1)}`);
  expect(calls).toEqual([
    "POST media",
    "POST media_publish",
    "POST media",
    "POST media_publish",
    "GET media",
    "POST media",
    "POST media_publish",
  ]);
});

test("a token Instagram refuses is renewed through refresh_access_token and the post goes out", async () => {
  const { cookie, accountId } = await publisherOn(t, "instagram");
  const jpg = await uploadFixture(t, cookie, "sample.jpg");
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Renewed", media: [square(jpg)] });
  t.sandbox.failNext("instagram", {
    status: 400,
    pathIncludes: "/media",
    body: { error: { message: "Error validating access token", type: "OAuthException", code: 190 } },
  });
  expect((await publishDue(t, postId)).post?.status).toBe("published");
  expect(t.sandbox.requests.filter((r) => r.path.includes("refresh_access_token"))).toHaveLength(1);
  expect(t.sandbox.published("instagram")).toHaveLength(1);
});

test("an expired token cannot be renewed on Instagram: the target fails with its message and the account asks for a reconnect", async () => {
  const { cookie, accountId } = await publisherOn(t, "instagram");
  const jpg = await uploadFixture(t, cookie, "sample.jpg");
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Too late", media: [square(jpg)] });
  t.sandbox.expireAccessTokens("instagram");
  const { targets } = await publishDue(t, postId);
  expect(targets[0]).toMatchObject({
    status: "failed",
    lastError: "Error validating access token: Session has expired.",
  });
  expect(t.sandbox.requests.some((r) => r.path.includes("refresh_access_token"))).toBe(true);
  expect(t.sandbox.published("instagram")).toHaveLength(0);
  const accounts = (await t.app.inject({ method: "GET", url: "/api/accounts", headers: { cookie } })).json().accounts;
  expect(accounts[0]).toMatchObject({ id: accountId, status: "expired" });
});
