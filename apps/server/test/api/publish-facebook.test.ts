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

async function pageOwner() {
  const { cookie, accountId } = await publisherOn(t, "facebook");
  const pages = await t.app.inject({
    method: "GET",
    url: `/api/accounts/${accountId}/facebook-pages`,
    headers: { cookie },
  });
  const pageId = pages.json().pages[0].id as string;
  return { cookie, accountId, pageId };
}

test("a text post goes to the chosen Page with the Page's token, and links to its permalink", async () => {
  const { cookie, accountId, pageId } = await pageOwner();
  const postId = await duePost(t, cookie, { accountIds: [accountId], facebookPageId: pageId, content: "Open today" });
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status).toBe("published");
  const [item] = t.sandbox.published("facebook");
  expect(item).toMatchObject({ kind: "post", text: "Open today", pageId });
  expect(targets[0]).toMatchObject({ externalId: item?.id, externalUrl: item?.url });
});

test("a photo, several photos and a video: Facebook fetches each from its public link, intact", async () => {
  const { cookie, accountId, pageId } = await pageOwner();
  const png = await uploadFixture(t, cookie, "sample.png");
  const jpg = await uploadFixture(t, cookie, "sample.jpg");
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const one = { accountIds: [accountId], facebookPageId: pageId };
  for (const [content, media] of [
    ["One photo", [png]],
    ["Two photos", [png, jpg]],
    ["A video", [mp4]],
  ] as const) {
    const id = await duePost(t, cookie, { ...one, content, media: media.map((m) => ({ id: m, aspectRatio: "1:1" })) });
    expect((await publishDue(t, id)).post?.status, content).toBe("published");
  }
  const [photo, album, video] = t.sandbox.published("facebook").filter((i) => i.visibility !== "unpublished");
  expect(photo).toMatchObject({ kind: "photo", text: "One photo" });
  expect(photo?.media[0]?.sha256).toBe(await fixtureSha256("sample.png"));
  expect(album).toMatchObject({ kind: "carousel", text: "Two photos" });
  expect(album?.media.map((m) => m.sha256)).toEqual([
    await fixtureSha256("sample.png"),
    await fixtureSha256("sample.jpg"),
  ]);
  expect(video).toMatchObject({ kind: "video", text: "A video" });
  expect(video?.media[0]?.sha256).toBe(await fixtureSha256("sample.mp4"));
  expect(video?.media[0]?.url).toMatch(/\/api\/public-media\//);
});

test("Facebook's own refusals fail the target with its message; a throttling code is tried again later", async () => {
  const { cookie, accountId, pageId } = await pageOwner();
  const first = await duePost(t, cookie, { accountIds: [accountId], facebookPageId: pageId, content: "Twice" });
  await publishDue(t, first);
  const second = await duePost(t, cookie, { accountIds: [accountId], facebookPageId: pageId, content: "Twice" });
  expect((await publishDue(t, second)).targets[0]).toMatchObject({
    status: "failed",
    lastError: "(#506) Duplicate status message",
  });
  const third = await duePost(t, cookie, { accountIds: [accountId], facebookPageId: pageId, content: "Later" });
  t.sandbox.failNext("facebook", {
    status: 400,
    pathIncludes: "/feed",
    body: { error: { message: "(#32) Page request limit reached", type: "OAuthException", code: 32 } },
  });
  expect((await publishDue(t, third)).targets[0]).toMatchObject({
    status: "pending",
    lastError: "(#32) Page request limit reached",
  });
  t.clock.advance(60 * 60_000);
  expect((await publishDue(t, third)).post?.status).toBe("published");
});
