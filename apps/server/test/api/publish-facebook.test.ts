import { afterEach, beforeEach, expect, test } from "vitest";
import { createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";
import { duePost, fixtureSha256, publishDue, publisherOn, publisherWithScopes, uploadFixture } from "../publishing";

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

test("a video needs publish_video: an account that did not give it is told to reconnect, and nothing goes out", async () => {
  const { cookie, accountId } = await publisherWithScopes(t, "facebook", { remove: ["publish_video"] });
  const pages = await t.app.inject({
    method: "GET",
    url: `/api/accounts/${accountId}/facebook-pages`,
    headers: { cookie },
  });
  const pageId = pages.json().pages[0].id as string;
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const clip = await duePost(t, cookie, {
    accountIds: [accountId],
    facebookPageId: pageId,
    content: "A clip",
    media: [{ id: mp4, aspectRatio: "16:9" }],
  });
  const { targets } = await publishDue(t, clip);
  expect(targets[0]?.status).toBe("failed");
  expect(targets[0]?.lastError).toMatch(/permission to publish videos.*reconnect Facebook/);
  expect(t.sandbox.requests.some((r) => r.path.endsWith("/videos"))).toBe(false);
  // Text still goes out with the permissions it has.
  const text = await duePost(t, cookie, { accountIds: [accountId], facebookPageId: pageId, content: "Words only" });
  expect((await publishDue(t, text)).post?.status).toBe("published");
});

test("a Page held through a business: its token is read from the Page, and the post goes out there", async () => {
  const { cookie } = await signedInUser(t.app);
  const accountId = (await connect(t, cookie, "facebook", "agency_anna")).json().account.id as string;
  const pages = await t.app.inject({
    method: "GET",
    url: `/api/accounts/${accountId}/facebook-pages`,
    headers: { cookie },
  });
  const client = (pages.json().pages as { id: string; name: string }[]).find((p) => p.name.endsWith("Client Bakery"));
  expect(client).toBeDefined();
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    facebookPageId: client?.id as string,
    content: "Fresh from the client's oven",
  });
  expect((await publishDue(t, postId)).post?.status).toBe("published");
  expect(t.sandbox.published("facebook")[0]).toMatchObject({
    pageId: client?.id,
    text: "Fresh from the client's oven",
  });
});

test("a Page the person no longer manages fails with a message that says what to do", async () => {
  const { cookie, accountId } = await publisherOn(t, "facebook");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    facebookPageId: "1999999999999999",
    content: "Lost",
  });
  const { targets } = await publishDue(t, postId);
  expect(targets[0]).toMatchObject({ status: "failed" });
  expect(targets[0]?.lastError).toMatch(/Choose another Page, or reconnect Facebook/);
});

test("a GIF goes out as a Page photo, fetched by Facebook intact", async () => {
  const { cookie, accountId, pageId } = await pageOwner();
  const gif = await uploadFixture(t, cookie, "sample.gif");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    facebookPageId: pageId,
    content: "Moving picture",
    media: [{ id: gif, aspectRatio: "1:1" }],
  });
  expect((await publishDue(t, postId)).post?.status).toBe("published");
  const [item] = t.sandbox.published("facebook");
  expect(item).toMatchObject({ kind: "photo", text: "Moving picture" });
  expect(item?.media[0]).toMatchObject({ mimeType: "image/gif", sha256: await fixtureSha256("sample.gif") });
});

test("the Page's token is read once for a person's posts to it, and read anew once Facebook refuses it", async () => {
  const { cookie, accountId, pageId } = await pageOwner();
  const tokenReads = () => t.sandbox.requests.filter((r) => r.method === "GET" && r.path.endsWith(`/${pageId}`)).length;
  const one = { accountIds: [accountId], facebookPageId: pageId };
  for (const content of ["First", "Second", "Third"]) {
    const id = await duePost(t, cookie, { ...one, content });
    expect((await publishDue(t, id)).post?.status, content).toBe("published");
  }
  expect(tokenReads()).toBe(1);

  // The Page token stops working (Facebook's code 190): nothing was made, so the post goes out on a new one.
  t.sandbox.failNext("facebook", {
    status: 400,
    pathIncludes: "/feed",
    body: { error: { message: "Error validating access token", type: "OAuthException", code: 190 } },
  });
  const id = await duePost(t, cookie, { ...one, content: "Fourth" });
  expect((await publishDue(t, id)).post?.status).toBe("published");
  expect(tokenReads()).toBe(2);
  expect(t.sandbox.published("facebook").map((i) => i.text)).toEqual(["First", "Second", "Third", "Fourth"]);
});
