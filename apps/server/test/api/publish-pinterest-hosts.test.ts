import { afterEach, expect, test } from "vitest";
import { PINTEREST_TRIAL_MESSAGE } from "../../src/platforms/pinterest/pinterest";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { duePost, publishDue, publisherOn, publisherWithScopes, uploadFixture } from "../publishing";

/** Pinterest's access tiers and its two hosts (PINTEREST_API_HOST), and what each scope is needed for. */

let t: NetworkTestApp;
afterEach(async () => {
  await t.close();
});

async function imagePost(cookie: string, accountId: string, content: string) {
  const png = await uploadFixture(t, cookie, "sample.png");
  return duePost(t, cookie, { accountIds: [accountId], content, media: [{ id: png, aspectRatio: "1:1" }] });
}

const accountOf = async (cookie: string, accountId: string) =>
  (await t.app.inject({ method: "GET", url: "/api/accounts", headers: { cookie } }))
    .json()
    .accounts.find((a: { id: string }) => a.id === accountId);

test("Trial access on api.pinterest.com: the pin fails with a message naming PINTEREST_API_HOST; the account stays connected", async () => {
  t = await createNetworkTestApp();
  t.sandbox.setReview({ pinterest: { access: "trial" } });
  const { cookie, accountId } = await publisherOn(t, "pinterest");
  const postId = await imagePost(cookie, accountId, "Spring ideas");
  const { targets } = await publishDue(t, postId);
  expect(targets[0]).toMatchObject({ status: "failed", lastError: PINTEREST_TRIAL_MESSAGE });
  expect(PINTEREST_TRIAL_MESSAGE).toContain("PINTEREST_API_HOST=api-sandbox.pinterest.com");
  expect(t.sandbox.published("pinterest")).toHaveLength(0);
  expect(await accountOf(cookie, accountId)).toMatchObject({ status: "active", lastError: null });
});

test("Trial access with PINTEREST_API_HOST=api-sandbox.pinterest.com: every call goes there, a board is made for the pins, the pin is made", async () => {
  t = await createNetworkTestApp({ PINTEREST_API_HOST: "api-sandbox.pinterest.com" });
  t.sandbox.setReview({ pinterest: { access: "trial" } });
  const { cookie, accountId } = await publisherOn(t, "pinterest", "pin_trial");
  const boards = await t.app.inject({
    method: "GET",
    url: `/api/accounts/${accountId}/pinterest-boards`,
    headers: { cookie },
  });
  // the sandbox host starts with no boards
  expect(boards.json().boards).toEqual([]);
  const first = await imagePost(cookie, accountId, "First pin");
  expect((await publishDue(t, first)).post?.status).toBe("published");
  const second = await imagePost(cookie, accountId, "Second pin");
  const { targets } = await publishDue(t, second);
  expect(targets[0]?.status).toBe("published");
  const pins = t.sandbox.published("pinterest");
  expect(pins.map((p) => p.visibility)).toEqual(["SANDBOX", "SANDBOX"]);
  // one board made, used by both pins
  expect(pins[0]?.boardId).toBe(pins[1]?.boardId);
  const madeBoards = t.sandbox.requests.filter((r) => r.method === "POST" && r.path.endsWith("v5/boards"));
  expect(madeBoards).toHaveLength(1);
  const listed = await t.app.inject({
    method: "GET",
    url: `/api/accounts/${accountId}/pinterest-boards`,
    headers: { cookie },
  });
  expect(listed.json().boards).toEqual([{ id: pins[0]?.boardId, name: "Orbitpost", pinCount: 2 }]);
  const hosts = new Set(t.sandbox.requests.filter((r) => r.platform === "pinterest").map((r) => r.path.split("/")[0]));
  expect([...hosts]).toEqual(["api-sandbox.pinterest.com"]);
});

test("Standard access on the sandbox host works too; a pin made before a crash is found there, not made again", async () => {
  t = await createNetworkTestApp({ PINTEREST_API_HOST: "api-sandbox.pinterest.com" });
  const { cookie, accountId } = await publisherOn(t, "pinterest");
  const postId = await imagePost(cookie, accountId, "Only once");
  t.sandbox.failNext("pinterest", { status: 502, pathIncludes: "v5/pins" });
  await publishDue(t, postId);
  t.clock.advance(60 * 60_000);
  expect((await publishDue(t, postId)).post?.status).toBe("published");
  expect(t.sandbox.published("pinterest")).toHaveLength(1);
});

test("a token without a scope the pin needs is refused by Pinterest (401 code 3): the post fails, the account is not marked expired", async () => {
  t = await createNetworkTestApp();
  const { cookie, accountId } = await publisherWithScopes(t, "pinterest", { remove: ["pins:read"] });
  const postId = await imagePost(cookie, accountId, "No pins:read");
  const { targets } = await publishDue(t, postId);
  expect(targets[0]).toMatchObject({ status: "failed", lastError: expect.stringContaining("scopes") });
  expect(await accountOf(cookie, accountId)).toMatchObject({ status: "active" });
});

test("a GIF makes a pin like any image, on the configured host", async () => {
  t = await createNetworkTestApp({ PINTEREST_API_HOST: "api-sandbox.pinterest.com" });
  t.sandbox.setReview({ pinterest: { access: "trial" } });
  const { cookie, accountId } = await publisherOn(t, "pinterest", "pin_gif");
  const gif = await uploadFixture(t, cookie, "sample.gif");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Moving picture",
    media: [{ id: gif, aspectRatio: "1:1" }],
  });
  expect((await publishDue(t, postId)).post?.status).toBe("published");
  expect(t.sandbox.published("pinterest")[0]?.media[0]).toMatchObject({ mimeType: "image/gif" });
});
