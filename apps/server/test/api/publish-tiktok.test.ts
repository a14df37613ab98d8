import { createHash } from "node:crypto";
import { PUBLISH_MESSAGES } from "@app/shared";
import { afterEach, beforeEach, expect, test } from "vitest";
import { tiktokChunks } from "../../src/platforms/tiktok/tiktok-publish";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import {
  duePost,
  fixtureSha256,
  paddedVideo,
  publishDue,
  publisherOn,
  publisherWithScopes,
  uploadBytes,
  uploadFixture,
} from "../publishing";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const MB = 1024 * 1024;
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const upright = (id: string) => ({ id, aspectRatio: "9:16" });
const uploads = () => t.sandbox.requests.filter((r) => r.method === "PUT" && r.path.startsWith("open-upload"));

test("TikTok's chunks: one under 5 MB, else 10 MB chunks with the rest in the last one", () => {
  expect(tiktokChunks(3 * MB)).toEqual({ chunkSize: 3 * MB, count: 1 });
  expect(tiktokChunks(7 * MB)).toEqual({ chunkSize: 7 * MB, count: 1 });
  expect(tiktokChunks(25 * MB)).toEqual({ chunkSize: 10 * MB, count: 2 });
});

test("a video goes up in one chunk, public, titled with the text, and links to the post by its exact 19-digit id", async () => {
  const { cookie, accountId } = await publisherOn(t, "tiktok", "tok_maker");
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Dance break",
    hashtags: ["fyp"],
    media: [upright(mp4)],
  });
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status).toBe("published");
  const [item] = t.sandbox.published("tiktok");
  expect(item).toMatchObject({ kind: "video", text: "Dance break\n\n#fyp", visibility: "PUBLIC_TO_EVERYONE" });
  expect(item?.id).toMatch(/^\d{19}$/);
  expect(item?.media[0]?.sha256).toBe(await fixtureSha256("sample.mp4"));
  expect(targets[0]).toMatchObject({
    externalId: item?.id,
    externalUrl: `https://www.tiktok.com/@tok_maker/video/${item?.id}`,
  });
  expect(uploads()).toHaveLength(1);
});

test("a video over 10 MB goes up in sequential chunks and arrives intact", async () => {
  const { cookie, accountId } = await publisherOn(t, "tiktok");
  const bytes = await paddedVideo(21 * MB + 5);
  const mp4 = await uploadBytes(t, cookie, "long.mp4", bytes);
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Long one", media: [upright(mp4)] });
  expect((await publishDue(t, postId)).post?.status).toBe("published");
  expect(uploads()).toHaveLength(2);
  expect(t.sandbox.published("tiktok")[0]?.media[0]).toMatchObject({ bytes: bytes.length, sha256: sha256(bytes) });
});

test("without a video the post is refused with the spec's message, before TikTok is asked", async () => {
  const { cookie, accountId } = await publisherOn(t, "tiktok");
  const jpg = await uploadFixture(t, cookie, "sample.jpg");
  for (const media of [[], [upright(jpg)]]) {
    await expect(duePost(t, cookie, { accountIds: [accountId], content: "No video", media })).rejects.toThrow(
      PUBLISH_MESSAGES.tiktokVideo,
    );
  }
  expect(t.sandbox.requests.filter((r) => r.path.includes("post/publish"))).toHaveLength(0);
});

test("TikTok's refusal fails the target with its message; a 429 waits for Retry-After; an expired token is renewed", async () => {
  const { cookie, accountId } = await publisherOn(t, "tiktok");
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const refused = await duePost(t, cookie, { accountIds: [accountId], content: "Too many", media: [upright(mp4)] });
  t.sandbox.failNext("tiktok", {
    status: 400,
    pathIncludes: "video/init",
    body: {
      data: {},
      error: { code: "spam_risk_too_many_posts", message: "The user has posted too many videos today.", log_id: "1" },
    },
  });
  expect((await publishDue(t, refused)).targets[0]).toMatchObject({
    status: "failed",
    lastError: "The user has posted too many videos today.",
  });

  const later = await duePost(t, cookie, { accountIds: [accountId], content: "Later", media: [upright(mp4)] });
  t.sandbox.throttleNext("tiktok", { retryAfterSeconds: 90, pathIncludes: "video/init" });
  const { targets } = await publishDue(t, later);
  expect(targets[0]).toMatchObject({ status: "pending", verifyFirst: false });
  expect(targets[0]?.nextAttemptAt?.getTime()).toBe(t.clock.now().getTime() + 90_000);
  t.clock.advance(90_000);
  t.sandbox.expireAccessTokens("tiktok");
  expect((await publishDue(t, later)).post?.status).toBe("published");
  expect(t.sandbox.published("tiktok").map((i) => i.text)).toEqual(["Later"]);
});

test("after a 5xx TikTok's video list is asked first: a video that went out is found, not posted twice", async () => {
  const { cookie, accountId } = await publisherOn(t, "tiktok");
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Only once", media: [upright(mp4)] });
  // The file arrived whole (so TikTok posted it), then the status call failed.
  t.sandbox.failNext("tiktok", { status: 503, pathIncludes: "status/fetch" });
  let { targets } = await publishDue(t, postId);
  expect(targets[0]).toMatchObject({ status: "pending", verifyFirst: true });
  // The worker comes back when the target is due again (30 s later).
  t.clock.advance((targets[0]?.nextAttemptAt?.getTime() ?? 0) - t.clock.now().getTime());
  ({ targets } = await publishDue(t, postId));
  const items = t.sandbox.published("tiktok");
  expect(items).toHaveLength(1);
  expect(targets[0]).toMatchObject({ status: "published", externalId: items[0]?.id, externalUrl: items[0]?.url });
  expect(uploads()).toHaveLength(1);

  // A 5xx before the file was whole: nothing is found, and it goes out once.
  const second = await duePost(t, cookie, { accountIds: [accountId], content: "Once more", media: [upright(mp4)] });
  t.sandbox.failNext("tiktok", { status: 502, pathIncludes: "open-upload" });
  expect((await publishDue(t, second)).targets[0]).toMatchObject({ status: "pending", verifyFirst: true });
  t.clock.advance(60 * 60_000);
  expect((await publishDue(t, second)).post?.status).toBe("published");
  expect(t.sandbox.published("tiktok").map((i) => i.text)).toEqual(["Only once", "Once more"]);
});

test("without video.list, the publish TikTok opened is asked about by its id after a 5xx: found, not posted twice", async () => {
  const { cookie, accountId } = await publisherWithScopes(t, "tiktok", { remove: ["video.list"] });
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Careful", media: [upright(mp4)] });
  // The file arrived whole (TikTok posted it), then the status call failed.
  t.sandbox.failNext("tiktok", { status: 503, pathIncludes: "status/fetch" });
  expect((await publishDue(t, postId)).targets[0]).toMatchObject({ status: "pending", verifyFirst: true });
  t.clock.advance(60 * 60_000);
  const { targets } = await publishDue(t, postId);
  const items = t.sandbox.published("tiktok");
  expect(items).toHaveLength(1);
  expect(targets[0]).toMatchObject({ status: "published", externalId: items[0]?.id });
  expect(t.sandbox.requests.filter((r) => r.path.includes("video/list"))).toHaveLength(0);
  expect(uploads()).toHaveLength(1);

  // A 5xx on init: no publish was recorded, no byte sent: posted once on the next attempt.
  const second = await duePost(t, cookie, { accountIds: [accountId], content: "Init failed", media: [upright(mp4)] });
  t.sandbox.failNext("tiktok", { status: 500, pathIncludes: "video/init" });
  await publishDue(t, second);
  t.clock.advance(60 * 60_000);
  expect((await publishDue(t, second)).post?.status).toBe("published");
  expect(t.sandbox.published("tiktok").map((i) => i.text)).toEqual(["Careful", "Init failed"]);
});
