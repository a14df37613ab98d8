import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { INSTAGRAM_COMMENT_MAX, instagramCommentId } from "./networks/instagram-comments";
import { LIVE_VERSIONS } from "./networks/linkedin";
import { linkedinActivityUrn, linkedinCommentUrn } from "./networks/linkedin-comments";
import { organizationsOf } from "./networks/linkedin-organizations";
import { youtubeThreadId } from "./networks/youtube-comments";
import { personOf } from "./people";
import { startSandbox, type TestSandbox } from "./publish-test-kit";
import type { PublishedItem } from "./publishing";

/**
 * The calls the app's first comment makes (issue 23): a comment of the account's own under the post it just
 * published. Instagram's POST /{ig-media-id}/comments, LinkedIn's comment as the member or the page (with the
 * object it is on), YouTube's commentThreads.insert and X's reply to one's own post; each as strict as the
 * network about scopes, required fields, lengths and what it refuses. Facebook's POST /{post-id}/comments is in
 * comments.facebook.test.ts.
 */

const DAY = 86_400_000;
let clock: number;
let s: TestSandbox;
beforeEach(async () => {
  clock = Date.now() - 5 * DAY;
  s = await startSandbox({ now: () => new Date(clock) });
});
afterEach(async () => {
  await s.close();
});

const own = (platform: "instagram" | "linkedin" | "youtube" | "twitter", itemId: string) =>
  s.control.comments(platform, itemId).filter((c) => c.own);

describe("Instagram: POST /{ig-media-id}/comments", () => {
  const IG = "/sandbox/instagram/graph.instagram.com/v25.0";
  const SCOPE = "instagram_business_basic,instagram_business_manage_comments";
  const comment = (mediaId: string, form: Record<string, string>, scope = SCOPE, username = "alice") =>
    s.inject({
      method: "POST",
      url: `${IG}/${mediaId}/comments`,
      payload: { ...form, access_token: s.token("instagram", username, scope) },
    });

  it("the account comments on its own media: a first-level comment, by the account, with a digits id", async () => {
    const [media] = s.control.seedPublished("instagram", "alice", [{ text: "New drop" }]) as [PublishedItem];
    const res = await comment(media.id, { message: "Shop the drop: https://shop.test" });
    expect(res.statusCode).toBe(200);
    const [made] = own("instagram", media.id);
    expect(made).toMatchObject({ parentKey: null, text: "Shop the drop: https://shop.test" });
    expect(res.json()).toEqual({ id: instagramCommentId(made?.key ?? "") });
    // Listed with the media's comments, as the account's.
    const list = await s.inject({
      method: "GET",
      url: `${IG}/${media.id}/comments?${new URLSearchParams({ fields: "id,text,username", access_token: s.token("instagram", "alice", SCOPE) })}`,
    });
    expect(list.json().data).toContainEqual({
      id: res.json().id,
      text: "Shop the drop: https://shop.test",
      username: "alice",
    });
  });

  it("needs the comments permission, a message within 2,200 characters, the caller's media, and no story", async () => {
    const [media] = s.control.seedPublished("instagram", "alice", [{ text: "New drop" }]) as [PublishedItem];
    const noScope = await comment(media.id, { message: "Hi" }, "instagram_business_basic");
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json().error.message).toContain("instagram_business_manage_comments");
    expect((await comment(media.id, { message: "  " })).json().error.message).toBe(
      "(#100) The parameter message is required.",
    );
    const long = await comment(media.id, { message: "x".repeat(INSTAGRAM_COMMENT_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect((await comment(media.id, { message: "Hi" }, SCOPE, "mallory")).statusCode).toBe(400);
    // A story (made a story here: seeding makes feed posts).
    const [story] = s.control.seedPublished("instagram", "alice", [{ text: "Today" }]) as [PublishedItem];
    story.kind = "story";
    const onStory = await comment(story.id, { message: "Hi" });
    expect(onStory.statusCode).toBe(400);
    expect(onStory.json().error.message).toBe("(#100) Comments are not supported on stories.");
    expect(own("instagram", media.id)).toHaveLength(0);
    expect(own("instagram", story.id)).toHaveLength(0);
  });
});

describe("LinkedIn: a comment on one's own post, as the member or as the page", () => {
  const API = "/sandbox/linkedin/api.linkedin.com/rest";
  const VERSION = LIVE_VERSIONS.at(-1) as string;
  const admin = personOf("linkedin", "carla");
  const org = organizationsOf(admin)[0] as { id: string };
  const orgUrn = `urn:li:organization:${org.id}`;
  const memberUrn = `urn:li:person:${admin.id}`;
  const create = (urn: string, payload: Record<string, unknown>, scope = "openid profile w_member_social") =>
    s.inject({
      method: "POST",
      url: `${API}/socialActions/${encodeURIComponent(urn)}/comments`,
      headers: {
        authorization: `Bearer ${s.token("linkedin", "carla", scope)}`,
        "linkedin-version": VERSION,
        "x-restli-protocol-version": "2.0.0",
      },
      payload,
    });

  it("the member comments on their own post with w_member_social: the comment is theirs, under the post", async () => {
    const [post] = s.control.seedPublished("linkedin", "carla", [{ text: "My news" }]) as [PublishedItem];
    const res = await create(post.id, { actor: memberUrn, object: post.id, message: { text: "Details: link" } });
    expect(res.statusCode).toBe(201);
    const [made] = own("linkedin", post.id);
    expect(made).toMatchObject({ parentKey: null, text: "Details: link" });
    expect(res.json()).toMatchObject({
      commentUrn: linkedinCommentUrn(post.id, made?.key ?? ""),
      actor: memberUrn,
      object: linkedinActivityUrn(post.id),
    });
    // The activity's URN names the post as well.
    const again = await create(post.id, {
      actor: memberUrn,
      object: linkedinActivityUrn(post.id),
      message: { text: "More" },
    });
    expect(again.statusCode).toBe(201);
  });

  it("the page comments on its post as the organization, with w_organization_social", async () => {
    const [post] = s.control.seedPublished("linkedin", "carla", [{ text: "Hiring", organizationId: org.id }]) as [
      PublishedItem,
    ];
    const body = { actor: orgUrn, object: post.id, message: { text: "Apply: link" } };
    expect((await create(post.id, body)).statusCode).toBe(403);
    const res = await create(post.id, body, "openid profile w_member_social w_organization_social");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ actor: orgUrn, agent: memberUrn });
    expect(own("linkedin", post.id).map((c) => c.text)).toEqual(["Apply: link"]);
  });

  it("refuses a member without w_member_social, a missing or foreign object, and an empty or long text", async () => {
    const [post, other] = s.control.seedPublished("linkedin", "carla", [{ text: "One" }, { text: "Two" }]) as [
      PublishedItem,
      PublishedItem,
    ];
    const text = { text: "Hi" };
    expect(
      (await create(post.id, { actor: memberUrn, object: post.id, message: text }, "openid profile")).statusCode,
    ).toBe(403);
    const noObject = await create(post.id, { actor: memberUrn, message: text });
    expect(noObject.statusCode).toBe(422);
    expect(noObject.json().message).toBe("ERROR :: /object :: field is required");
    expect((await create(post.id, { actor: memberUrn, object: other.id, message: text })).statusCode).toBe(400);
    expect((await create(post.id, { actor: memberUrn, object: post.id, message: { text: " " } })).statusCode).toBe(422);
    expect(
      (await create(post.id, { actor: memberUrn, object: post.id, message: { text: "x".repeat(1_251) } })).statusCode,
    ).toBe(422);
    expect(own("linkedin", post.id)).toHaveLength(0);
  });
});

describe("YouTube: commentThreads.insert", () => {
  const API = "/sandbox/youtube/www.googleapis.com/youtube/v3";
  const FORCE_SSL = "https://www.googleapis.com/auth/youtube.force-ssl";
  const UPLOAD = "https://www.googleapis.com/auth/youtube.upload";
  const insert = (payload: unknown, o: { scope?: string; username?: string; part?: string } = {}) =>
    s.inject({
      method: "POST",
      url: `${API}/commentThreads?part=${o.part ?? "snippet"}`,
      headers: { authorization: `Bearer ${s.token("youtube", o.username ?? "channel", o.scope ?? FORCE_SSL)}` },
      payload: payload as Record<string, unknown>,
    });
  const thread = (videoId: string, text: unknown) => ({
    snippet: { videoId, topLevelComment: { snippet: { textOriginal: text } } },
  });

  it("the channel starts a thread on its own video: the thread's id, its top comment by the channel", async () => {
    const [video] = s.control.seedPublished("youtube", "channel", [{ text: "How we make it" }]) as [PublishedItem];
    const res = await insert(thread(video.id, "Chapters: 0:00 intro"));
    expect(res.statusCode).toBe(200);
    const [made] = own("youtube", video.id);
    const id = youtubeThreadId(made?.key ?? "");
    expect(res.json()).toMatchObject({
      kind: "youtube#commentThread",
      id,
      snippet: {
        videoId: video.id,
        topLevelComment: {
          id,
          snippet: {
            textOriginal: "Chapters: 0:00 intro",
            authorChannelId: { value: personOf("youtube", "channel").id },
          },
        },
        totalReplyCount: 0,
      },
    });
    const list = await s.inject({
      method: "GET",
      url: `${API}/commentThreads?part=snippet&videoId=${video.id}&textFormat=plainText`,
      headers: { authorization: `Bearer ${s.token("youtube", "channel", FORCE_SSL)}` },
    });
    expect(list.json().items.map((t: { id: string }) => t.id)).toContain(id);
  });

  it("needs youtube.force-ssl, the snippet part, a video that exists, a text within 10,000 characters", async () => {
    const [video] = s.control.seedPublished("youtube", "channel", [{ text: "How we make it" }]) as [PublishedItem];
    expect((await insert(thread(video.id, "Hi"), { scope: UPLOAD })).statusCode).toBe(403);
    expect((await insert(thread(video.id, "Hi"), { part: "id" })).json().error.errors[0].reason).toBe("invalidPart");
    expect((await insert({ snippet: { topLevelComment: { snippet: { textOriginal: "Hi" } } } })).statusCode).toBe(400);
    expect((await insert(thread(video.id, ""))).json().error.errors[0].reason).toBe("invalidCommentMetadata");
    expect((await insert(thread(video.id, "x".repeat(10_001)))).json().error.errors[0].reason).toBe(
      "commentTextTooLong",
    );
    const missing = await insert(thread("nosuchvideo1", "Hi"));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.errors[0].reason).toBe("videoNotFound");
    // A private video takes comments from its owner only.
    video.visibility = "private";
    expect((await insert(thread(video.id, "Hi"), { username: "someone" })).statusCode).toBe(403);
    expect((await insert(thread(video.id, "Owner's note"))).statusCode).toBe(200);
    expect(own("youtube", video.id).map((c) => c.text)).toEqual(["Owner's note"]);
  });
});

describe("X: a reply to one's own post", () => {
  const API = "/sandbox/twitter/api.x.com/2";
  const tweet = (payload: Record<string, unknown>, scope = "tweet.read tweet.write users.read") =>
    s.inject({
      method: "POST",
      url: `${API}/tweets`,
      headers: { authorization: `Bearer ${s.token("twitter", "brand", scope)}` },
      payload,
    });

  it("goes under the post (a reply, in its conversation); needs tweet.write; refused when X reads its rule strictly", async () => {
    const [post] = s.control.seedPublished("twitter", "brand", [{ text: "Launch day" }]) as [PublishedItem];
    const body = { text: "Sign up: https://shop.test", reply: { in_reply_to_tweet_id: post.id } };
    expect((await tweet(body, "tweet.read users.read")).statusCode).toBe(403);
    const res = await tweet(body);
    expect(res.statusCode).toBe(201);
    const reply = s.control.published("twitter").find((i) => i.id === res.json().data.id);
    expect(reply).toMatchObject({ replyTo: post.id, text: "Sign up: https://shop.test" });
    s.control.setReview({ twitter: { tier: "basic", selfReplies: "refused" } });
    expect((await tweet({ ...body, text: "Another" })).statusCode).toBe(403);
  });
});
