import { afterEach, beforeEach, expect, test } from "vitest";
import { TIKTOK_UNAUDITED_MESSAGE } from "../../src/platforms/tiktok/tiktok-publish";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { duePost, publishDue, publisherOn, publisherWithScopes, uploadFixture } from "../publishing";

/** TikTok's app audit, the creator's privacy options, and the scopes each read needs. */

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const upright = (id: string) => ({ id, aspectRatio: "9:16" });

async function videoPost(username: string, options?: unknown) {
  const { cookie, accountId } = await publisherOn(t, "tiktok", username);
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Behind the scenes",
    media: [upright(mp4)],
    ...(options !== undefined && { options: { tiktok: options } }),
  });
  return { cookie, accountId, postId };
}

test("connecting with exactly the scopes the app asks for reads the username and the follower count", async () => {
  const { cookie, accountId } = await publisherOn(t, "tiktok", "tok_counts");
  const res = await t.app.inject({ method: "GET", url: "/api/accounts", headers: { cookie } });
  const account = res.json().accounts.find((a: { id: string }) => a.id === accountId);
  expect(account).toMatchObject({ username: "tok_counts", followerCount: expect.any(Number) });
  expect(account.followerCount).toBeGreaterThan(0);
});

test("without user.info.stats and user.info.profile, connecting still works: no follower count is asked for", async () => {
  const { cookie, accountId } = await publisherWithScopes(t, "tiktok", {
    remove: ["user.info.stats", "user.info.profile"],
  });
  const res = await t.app.inject({ method: "GET", url: "/api/accounts", headers: { cookie } });
  expect(res.json().accounts.find((a: { id: string }) => a.id === accountId)).toMatchObject({ followerCount: 0 });
  const asked = t.sandbox.requests.filter((r) => r.path.includes("user/info"));
  expect(asked.length).toBeGreaterThan(0);
});

test("the composer's route gives the creator's privacy levels, interaction switches and longest video", async () => {
  const { cookie, accountId } = await publisherOn(t, "tiktok", "private_studio");
  const res = await t.app.inject({
    method: "GET",
    url: `/api/accounts/${accountId}/tiktok-creator`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().creator).toEqual({
    username: "private_studio",
    nickname: expect.any(String),
    privacyLevels: ["FOLLOWER_OF_CREATOR", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"],
    commentDisabled: false,
    duetDisabled: false,
    stitchDisabled: false,
    maxVideoSeconds: 600,
  });
});

test("a private account has no 'Everyone': a post meant for everyone goes to its followers, and says so", async () => {
  const { postId } = await videoPost("private_tok", { privacy: "PUBLIC_TO_EVERYONE" });
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status).toBe("published");
  expect(t.sandbox.published("tiktok")[0]).toMatchObject({ visibility: "FOLLOWER_OF_CREATOR" });
  expect(targets[0]?.notice).toMatch(/does not offer "Everyone".*"Followers"/);
});

test("without a choice the widest level TikTok offers is used, with no notice", async () => {
  const { postId } = await videoPost("private_plain");
  const { targets } = await publishDue(t, postId);
  expect(t.sandbox.published("tiktok")[0]).toMatchObject({ visibility: "FOLLOWER_OF_CREATOR" });
  expect(targets[0]).toMatchObject({ status: "published", notice: null });
});

test("unaudited app, private account: TikTok refuses anything but Only me, so the video goes out as Only me, with a notice", async () => {
  t.sandbox.setReview({ tiktok: { audited: false } });
  const { postId } = await videoPost("private_cam", { privacy: "MUTUAL_FOLLOW_FRIENDS" });
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status).toBe("published");
  expect(t.sandbox.published("tiktok")).toHaveLength(1);
  expect(t.sandbox.published("tiktok")[0]).toMatchObject({ visibility: "SELF_ONLY" });
  expect(targets[0]?.notice).toMatch(/not audited this app yet.*"Only me" instead of "Friends"/);
});

test("unaudited app, public account: the post fails saying to make the account private or have the app audited", async () => {
  t.sandbox.setReview({ tiktok: { audited: false } });
  const { postId } = await videoPost("tok_public");
  const { targets } = await publishDue(t, postId);
  expect(targets[0]).toMatchObject({ status: "failed", lastError: TIKTOK_UNAUDITED_MESSAGE });
  expect(t.sandbox.published("tiktok")).toHaveLength(0);
  // an audited app posts for the same account, for everyone
  t.sandbox.setReview({ tiktok: { audited: true } });
  const again = await videoPost("tok_public");
  expect((await publishDue(t, again.postId)).post?.status).toBe("published");
  expect(t.sandbox.published("tiktok")[0]).toMatchObject({ visibility: "PUBLIC_TO_EVERYONE" });
});
