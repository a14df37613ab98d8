import { PUBLISH_MESSAGES } from "@app/shared";
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

test("a pin with an image Pinterest fetches by its link, on the user's first board, titled from the text", async () => {
  const { cookie, accountId } = await publisherOn(t, "pinterest");
  const boards = (
    await t.app.inject({ method: "GET", url: `/api/accounts/${accountId}/pinterest-boards`, headers: { cookie } })
  ).json().boards;
  const png = await uploadFixture(t, cookie, "sample.png");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: `${"Spring garden ideas ".repeat(8)}for small balconies`,
    media: [{ id: png, aspectRatio: "4:5" }],
  });
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status).toBe("published");
  const [pin] = t.sandbox.published("pinterest");
  expect(pin).toMatchObject({ kind: "pin", boardId: boards[0].id });
  expect([...(pin?.title ?? "")].length).toBeLessThanOrEqual(100);
  expect(pin?.title).toMatch(/^Spring garden ideas/);
  expect(pin?.media[0]?.sha256).toBe(await fixtureSha256("sample.png"));
  expect(targets[0]).toMatchObject({ externalId: pin?.id, externalUrl: `https://www.pinterest.com/pin/${pin?.id}/` });
});

test("several images make one pin of several images", async () => {
  const { cookie, accountId } = await publisherOn(t, "pinterest");
  const png = await uploadFixture(t, cookie, "sample.png");
  const jpg = await uploadFixture(t, cookie, "sample.jpg");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Two looks",
    media: [
      { id: png, aspectRatio: "1:1" },
      { id: jpg, aspectRatio: "1:1" },
    ],
  });
  expect((await publishDue(t, postId)).post?.status).toBe("published");
  expect(t.sandbox.published("pinterest")[0]?.media).toHaveLength(2);
});

test("without an image the pin is refused with the spec's message; a pin made before a crash is found, not made again", async () => {
  const { cookie, accountId } = await publisherOn(t, "pinterest");
  await expect(duePost(t, cookie, { accountIds: [accountId], content: "No picture" })).rejects.toThrow(
    PUBLISH_MESSAGES.pinterestImage,
  );
  expect(t.sandbox.published("pinterest")).toHaveLength(0);

  const png = await uploadFixture(t, cookie, "sample.png");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Once only",
    media: [{ id: png, aspectRatio: "1:1" }],
  });
  t.sandbox.failNext("pinterest", { status: 502, pathIncludes: "v5/pins" });
  await publishDue(t, postId);
  t.clock.advance(60 * 60_000);
  expect((await publishDue(t, postId)).post?.status).toBe("published");
  expect(t.sandbox.published("pinterest")).toHaveLength(1);
});
