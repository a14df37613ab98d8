import type { Platform } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, test } from "vitest";
import { posts, postTargets } from "../../src/db/schema";
import { createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";
import { duePost, publishDue, uploadFixture } from "../publishing";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const square = (id: string) => ({ id, aspectRatio: "1:1" });

/** A user with an account on each network, and an image and a video in the library. */
async function userWithMedia(...platforms: Platform[]) {
  const { cookie } = await signedInUser(t.app);
  const accounts = {} as Record<Platform, string>;
  for (const p of platforms) accounts[p] = (await connect(t, cookie, p, `${p}_mix`)).json().account.id;
  return {
    cookie,
    accounts,
    image: await uploadFixture(t, cookie, "sample.jpg"),
    video: await uploadFixture(t, cookie, "sample.mp4"),
  };
}

const scheduleOrPublish = (cookie: string, accountIds: string[], media: string[], publishNow: boolean) => {
  const at = new Date(t.clock.now().getTime() + 60 * 60_000).toISOString();
  return t.app.inject({
    method: "POST",
    url: "/api/posts",
    headers: { cookie },
    payload: {
      content: "An image and a video",
      accountIds,
      media: media.map(square),
      scheduledDate: at.slice(0, 10),
      scheduledTime: at.slice(11, 16),
      timezone: "UTC",
      status: "scheduled",
      publishNow,
    },
  });
};

test("an image and a video for TikTok, YouTube or Pinterest are refused on save with the network's reason; nothing is queued", async () => {
  const { cookie, accounts, image, video } = await userWithMedia("tiktok", "youtube", "pinterest");
  const reasons: Record<string, string> = {
    tiktok:
      "A TikTok post is one video, with no images. This post has 1 image and 1 video: remove the image, or deselect TikTok.",
    youtube:
      "YouTube takes one video per post, with no images. This post has 1 image and 1 video: remove the image, or deselect YouTube.",
    pinterest:
      "A Pinterest pin is made from 1 to 5 images; video pins are not supported. This post has 1 image and 1 video: remove the video, or deselect Pinterest.",
  };
  for (const p of ["tiktok", "youtube", "pinterest"] as const) {
    for (const publishNow of [false, true]) {
      const res = await scheduleOrPublish(cookie, [accounts[p]], [image, video], publishNow);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: `${p.toUpperCase()}_MEDIA_NOT_ACCEPTED`, message: reasons[p] });
    }
  }
  expect(await t.db.select().from(posts)).toHaveLength(0);
  expect(await t.db.select().from(postTargets)).toHaveLength(0);
  // What each of them takes is saved.
  expect((await scheduleOrPublish(cookie, [accounts.tiktok, accounts.youtube], [video], false)).statusCode).toBe(200);
  expect((await scheduleOrPublish(cookie, [accounts.pinterest], [image], false)).statusCode).toBe(200);
});

test("a draft may hold the mix while it is written; scheduling it is refused until one kind is removed", async () => {
  const { cookie, accounts, image, video } = await userWithMedia("youtube");
  const draft = await t.app.inject({
    method: "POST",
    url: "/api/posts",
    headers: { cookie },
    payload: {
      content: "Work in progress",
      accountIds: [accounts.youtube],
      media: [square(image), square(video)],
      scheduledDate: "",
      scheduledTime: "",
      timezone: "UTC",
      status: "draft",
    },
  });
  expect(draft.statusCode, draft.body).toBe(200);
  const id = draft.json().post.id as string;
  const at = new Date(t.clock.now().getTime() + 60 * 60_000).toISOString();
  const schedule = (media: string[]) =>
    t.app.inject({
      method: "PATCH",
      url: `/api/posts/${id}`,
      headers: { cookie },
      payload: {
        status: "scheduled",
        scheduledDate: at.slice(0, 10),
        scheduledTime: at.slice(11, 16),
        media: media.map(square),
      },
    });
  const refused = await schedule([image, video]);
  expect(refused.statusCode).toBe(400);
  expect(refused.json().error.code).toBe("YOUTUBE_MEDIA_NOT_ACCEPTED");
  expect((await schedule([video])).statusCode).toBe(200);
});

test("the publisher applies the same rule: a post whose media changed after saving fails with the reason, before TikTok is asked", async () => {
  const { cookie, accounts, image, video } = await userWithMedia("tiktok");
  const postId = await duePost(t, cookie, { accountIds: [accounts.tiktok], content: "Clip", media: [square(video)] });
  // As an older version of the app could have saved it.
  await t.db
    .update(posts)
    .set({ media: [square(image), square(video)] as never })
    .where(eq(posts.id, postId));
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status).toBe("failed");
  expect(targets[0]?.lastError).toBe(
    "A TikTok post is one video, with no images. This post has 1 image and 1 video: remove the image, or deselect TikTok.",
  );
  expect(t.sandbox.requests.filter((r) => r.path.includes("post/publish"))).toHaveLength(0);
});
