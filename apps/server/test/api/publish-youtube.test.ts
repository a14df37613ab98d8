import { createHash } from "node:crypto";
import { PUBLISH_MESSAGES } from "@app/shared";
import { afterEach, beforeEach, expect, test } from "vitest";
import { YOUTUBE_CHUNK, youtubeDescription } from "../../src/platforms/youtube/youtube-publish";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import {
  duePost,
  fixtureSha256,
  paddedVideo,
  publishDue,
  publisherOn,
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

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
const wide = (id: string) => ({ id, aspectRatio: "16:9" });
const puts = () => t.sandbox.requests.filter((r) => r.method === "PUT" && r.path.includes("upload/youtube"));

test("the description drops < and > and stays within 5,000 bytes without cutting a character", () => {
  expect(youtubeDescription("a <b> c")).toBe("a b c");
  const long = youtubeDescription("é".repeat(3000));
  expect(Buffer.byteLength(long)).toBe(5000);
  expect(youtubeDescription(`${"x".repeat(4999)}é`)).toBe("x".repeat(4999));
});

test("a video goes up through a resumable upload, public, titled from the text, and links to its watch page", async () => {
  const { cookie, accountId } = await publisherOn(t, "youtube");
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "How to <fold> a paper plane",
    hashtags: ["diy"],
    media: [wide(mp4)],
  });
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status).toBe("published");
  const [item] = t.sandbox.published("youtube");
  expect(item).toMatchObject({
    kind: "video",
    title: "How to fold a paper plane\n\n#diy",
    text: "How to fold a paper plane\n\n#diy",
    visibility: "public",
  });
  expect(item?.media[0]?.sha256).toBe(await fixtureSha256("sample.mp4"));
  expect(targets[0]).toMatchObject({
    externalId: item?.id,
    externalUrl: `https://www.youtube.com/watch?v=${item?.id}`,
  });
  expect(puts()).toHaveLength(1);
});

test("a larger video goes in chunks of 256 KiB multiples, each answered 308 until the last; a text of only < > makes 'Untitled Video'", async () => {
  const { cookie, accountId } = await publisherOn(t, "youtube");
  const bytes = await paddedVideo(YOUTUBE_CHUNK * 2 + 1234);
  const mp4 = await uploadBytes(t, cookie, "big.mp4", bytes);
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "<>", media: [wide(mp4)] });
  expect((await publishDue(t, postId)).post?.status).toBe("published");
  expect(puts()).toHaveLength(3);
  const [item] = t.sandbox.published("youtube");
  expect(item).toMatchObject({ title: PUBLISH_MESSAGES.untitledVideo, text: "" });
  expect(item?.media[0]).toMatchObject({ bytes: bytes.length, sha256: sha256(bytes) });
});

test("without a video the post is refused before YouTube is asked; an exhausted quota waits for the daily reset", async () => {
  const { cookie, accountId } = await publisherOn(t, "youtube");
  const jpg = await uploadFixture(t, cookie, "sample.jpg");
  await expect(
    duePost(t, cookie, { accountIds: [accountId], content: "A picture", media: [wide(jpg)] }),
  ).rejects.toThrow(PUBLISH_MESSAGES.youtubeVideo);
  expect(t.sandbox.requests.filter((r) => r.path.includes("upload/youtube"))).toHaveLength(0);

  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const quota = await duePost(t, cookie, { accountIds: [accountId], content: "Over quota", media: [wide(mp4)] });
  const message = "The request cannot be completed because you have exceeded your quota.";
  t.sandbox.failNext("youtube", {
    status: 403,
    pathIncludes: "upload/youtube",
    body: { error: { code: 403, message, errors: [{ message, domain: "youtube.quota", reason: "quotaExceeded" }] } },
  });
  // A daily limit is no refusal: the video waits for YouTube's reset at midnight Pacific Time.
  const { targets } = await publishDue(t, quota);
  expect(targets[0]).toMatchObject({
    status: "pending",
    lastError: expect.stringContaining("daily YouTube API quota"),
  });
  expect(targets[0]?.nextAttemptAt?.getTime()).toBeGreaterThan(t.clock.now().getTime() + 60_000);
  expect(t.sandbox.published("youtube")).toHaveLength(0);
});

test("a 429 waits for Retry-After; after a 5xx the channel is searched first, so nothing goes out twice; an expired token is renewed", async () => {
  const { cookie, accountId } = await publisherOn(t, "youtube");
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const postId = await duePost(t, cookie, { accountIds: [accountId], content: "Patience", media: [wide(mp4)] });
  t.sandbox.throttleNext("youtube", { retryAfterSeconds: 120, pathIncludes: "upload/youtube" });
  let { targets } = await publishDue(t, postId);
  expect(targets[0]).toMatchObject({ status: "pending", verifyFirst: false });
  expect(targets[0]?.nextAttemptAt?.getTime()).toBe(t.clock.now().getTime() + 120_000);
  t.clock.advance(120_000);
  t.sandbox.failNext("youtube", { status: 503, pathIncludes: "upload/youtube" });
  ({ targets } = await publishDue(t, postId));
  expect(targets[0]).toMatchObject({ status: "pending", verifyFirst: true });
  t.clock.advance((targets[0]?.nextAttemptAt?.getTime() ?? 0) - t.clock.now().getTime());
  // YouTube refuses the token on the search: it is renewed, and the search asked again.
  t.sandbox.expireAccessTokens("youtube");
  ({ targets } = await publishDue(t, postId));
  expect(targets[0]?.status).toBe("published");
  expect(t.sandbox.published("youtube")).toHaveLength(1);
  const calls = t.sandbox.requests
    .filter((r) => r.path.includes("upload/youtube") || r.path.includes("v3/search"))
    .map((r) => `${r.method} ${r.path.includes("search") ? "search" : "upload"}`);
  expect(calls).toEqual(["POST upload", "POST upload", "GET search", "GET search", "POST upload", "PUT upload"]);
  expect(t.sandbox.requests.filter((r) => r.path === "oauth2.googleapis.com/token")).toHaveLength(2);
});
