/**
 * Text per network (issue 23, "customize for this network"): a network given its own text, hashtags and media
 * receives them instead of the common ones, once, as the sandbox records it; UTM tagging and X threads apply to
 * the network's own text; a lookup after a timeout looks for that text. Saving checks each network's rules on
 * what it receives, with the spec's messages, and refuses a variant for a network not chosen.
 */
import { CAMPAIGN_COLORS, PLATFORMS, type Platform, UTM_MEDIUM, UTM_SOURCES } from "@app/shared";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { subscriptions } from "../../src/db/schema";
import { NetworkError } from "../../src/platforms/http";
import { linkedinCommentary } from "../../src/platforms/linkedin/linkedin-publish";
import { createPublishingWorker, type Publisher } from "../../src/worker/publishing-worker";
import { createQueueRepo } from "../../src/worker/queue.repo";
import { postNeeds } from "../first-comments";
import { createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";
import { duePost, publishDue, publisherOn, uploadFixture } from "../publishing";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

/** A signed-in Premium user (seven accounts take Premium) with an account on each of `platforms`. */
async function premiumWith(platforms: readonly Platform[]) {
  const { cookie } = await signedInUser(t.app);
  const me = (await t.app.inject({ url: "/api/me", headers: { cookie } })).json();
  await t.db
    .insert(subscriptions)
    .values({ workspaceId: me.workspace.id, userId: me.user.id, status: "active", tier: "premium" });
  const accounts = {} as Record<Platform, string>;
  for (const p of platforms) {
    const res = await connect(t, cookie, p, `${p.slice(0, 3)}_own`);
    if (res.statusCode !== 200) throw new Error(res.body);
    accounts[p] = res.json().account.id;
  }
  return { cookie, accounts };
}

const only = (platform: Platform) => {
  const items = t.sandbox.published(platform);
  expect(items, `${platform}: items on the network`).toHaveLength(1);
  return items[0] as NonNullable<(typeof items)[number]>;
};

test("each of the seven networks receives its own text, hashtags and media, once; the others the common ones", async () => {
  const { cookie, accounts } = await premiumWith(PLATFORMS);
  const image = await postNeeds(t, "instagram", cookie, accounts.instagram);
  const facebook = await postNeeds(t, "facebook", cookie, accounts.facebook);
  const video = await uploadFixture(t, cookie, "sample.mp4");
  const postId = await duePost(t, cookie, {
    accountIds: Object.values(accounts),
    content: "Spring sale: 20% off everything",
    hashtags: ["spring"],
    media: image.media,
    facebookPageId: facebook.facebookPageId,
    variants: {
      twitter: { content: "Sale! 20% off", hashtags: [], media: [] },
      linkedin: { content: "Our spring sale is on: 20% off every order this week.", hashtags: ["retail"], media: [] },
      youtube: {
        content: "How we made the spring collection",
        hashtags: [],
        media: [{ id: video, aspectRatio: "16:9" }],
      },
      tiktok: { content: "Spring drop", hashtags: ["fyp"], media: [{ id: video, aspectRatio: "9:16" }] },
    },
  });
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status, targets.map((x) => `${x.platform}: ${x.lastError}`).join("; ")).toBe("published");
  const common = "Spring sale: 20% off everything\n\n#spring";
  for (const p of ["facebook", "instagram", "pinterest"] as const) {
    expect(only(p).text, p).toBe(common);
    expect(only(p).media, p).toHaveLength(1);
  }
  expect(only("twitter")).toMatchObject({ text: "Sale! 20% off", media: [] });
  expect(only("linkedin").text).toBe(
    linkedinCommentary("Our spring sale is on: 20% off every order this week.\n\n#retail"),
  );
  expect(only("linkedin").media).toHaveLength(0);
  expect(only("youtube").text).toBe("How we made the spring collection");
  expect(only("youtube").media.map((m) => m.kind)).toEqual(["video"]);
  expect(only("tiktok").text).toBe("Spring drop\n\n#fyp");
  // What the API gives back.
  const res = await t.app.inject({ url: `/api/posts/${postId}`, headers: { cookie } });
  expect(Object.keys(res.json().post.variants).sort()).toEqual(["linkedin", "tiktok", "twitter", "youtube"]);
});

test("X's own text goes out as a thread with its links tagged for X; LinkedIn's common text tagged for LinkedIn", async () => {
  const { cookie, accounts } = await premiumWith(["twitter", "linkedin"]);
  const campaign = await t.app.inject({
    method: "POST",
    url: "/api/campaigns",
    headers: { cookie },
    payload: { name: "Spring", color: CAMPAIGN_COLORS[0], utm: true },
  });
  expect(campaign.statusCode, campaign.body).toBe(201);
  const long = `${Array.from({ length: 70 }, (_, i) => `word${i}`).join(" ")} https://shop.example/x`;
  const postId = await duePost(t, cookie, {
    accountIds: [accounts.twitter, accounts.linkedin],
    content: "Read more: https://shop.example/in",
    options: { twitter: { thread: true } },
    campaignId: campaign.json().campaign.id,
    variants: { twitter: { content: long, hashtags: [], media: [] } },
  });
  const { post } = await publishDue(t, postId);
  expect(post?.status).toBe("published");
  const parts = t.sandbox.published("twitter");
  expect(parts.length).toBeGreaterThan(1);
  const tagged = (p: Platform, url: string) =>
    `${url}?utm_source=${UTM_SOURCES[p]}&utm_medium=${UTM_MEDIUM}&utm_campaign=spring`;
  expect(parts.map((p) => p.text).join(" ")).toContain(tagged("twitter", "https://shop.example/x"));
  expect(only("linkedin").text).toBe(linkedinCommentary(`Read more: ${tagged("linkedin", "https://shop.example/in")}`));
});

test("a timeout that hid the post made: the lookup looks for the network's own text, out once", async () => {
  const { cookie, accountId } = await publisherOn(t, "facebook", "fb_own");
  const extra = await postNeeds(t, "facebook", cookie, accountId);
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: "Common text nobody receives",
    ...extra,
    variants: { facebook: { content: "Facebook's own words", hashtags: [], media: [] } },
  });
  const lost: Publisher = {
    async publish(target, hooks) {
      await t.app.publisher.publish(target, hooks);
      throw new NetworkError("Network unreachable: The operation was aborted due to timeout", 0, true, false);
    },
    lookup: (target) => t.app.publisher.lookup(target),
  };
  const first = createPublishingWorker({ queue: createQueueRepo(t.db), publisher: lost, now: t.clock.now, id: "w1" });
  expect(await first.tick()).toBe(1);
  await first.stop();
  t.clock.advance(10 * 60_000);
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status).toBe("published");
  expect(targets[0]?.attempts).toBe(2);
  expect(only("facebook")).toMatchObject({ id: targets[0]?.externalId, text: "Facebook's own words" });
});

describe("saving", () => {
  /** A user with X and LinkedIn accounts, and a post body to them scheduled tomorrow. */
  async function setup() {
    const { cookie, accounts } = await premiumWith(["twitter", "linkedin"]);
    const at = new Date(t.clock.now().getTime() + 86_400_000);
    const body = {
      accountIds: [accounts.twitter, accounts.linkedin],
      content: "Common",
      scheduledDate: at.toISOString().slice(0, 10),
      scheduledTime: "09:00",
      timezone: "UTC",
      status: "scheduled",
    };
    const save = (extra: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url: "/api/posts", headers: { cookie }, payload: { ...body, ...extra } });
    return { cookie, accounts, body, save };
  }
  const own = (content: string, media: { id: string; aspectRatio: string }[] = []) => ({
    content,
    hashtags: [],
    media,
  });

  test("stored and given back with the first comment; changed and removed by an update", async () => {
    const { cookie, save } = await setup();
    const res = await save({ variants: { twitter: own("X only") }, firstComment: "  Link in here  " });
    expect(res.statusCode, res.body).toBe(200);
    const post = res.json().post;
    expect(post.variants).toEqual({ twitter: { content: "X only", hashtags: [], media: [] } });
    expect(post.firstComment).toBe("Link in here");
    expect(post.targets.map((x: { firstComment: unknown }) => x.firstComment)).toEqual([null, null]);
    const changed = await t.app.inject({
      method: "PATCH",
      url: `/api/posts/${post.id}`,
      headers: { cookie },
      payload: { variants: { linkedin: own("LinkedIn only") }, firstComment: "" },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().post).toMatchObject({ variants: { linkedin: own("LinkedIn only") }, firstComment: "" });
    expect(changed.json().post.variants.twitter).toBeUndefined();
  });

  test("a variant for a network none of the chosen accounts is on: a 400 naming it", async () => {
    const { save } = await setup();
    const res = await save({ variants: { youtube: own("Not chosen") } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: "VARIANT_NOT_CHOSEN",
      title: "Network Not Chosen",
      message:
        "YouTube has its own text, but none of the chosen accounts is on YouTube. Choose an account on YouTube, or remove YouTube's own text.",
    });
    // A draft too: it is refused, not dropped.
    expect((await save({ status: "draft", variants: { youtube: own("Not chosen") } })).statusCode).toBe(400);
  });

  test("each network's counter applies to its own text, with the spec's message", async () => {
    const { save } = await setup();
    const long = "a".repeat(300);
    expect((await save({ content: long })).json().error.message).toBe("Tweet exceeds 280 character limit");
    expect((await save({ content: long, variants: { twitter: own("Short") } })).statusCode).toBe(200);
    const res = await save({ variants: { twitter: own(long) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: "TEXT_TOO_LONG", message: "Tweet exceeds 280 character limit" });
    expect((await save({ variants: { twitter: own("  ") } })).json().error).toMatchObject({
      code: "CONTENT_REQUIRED",
      message: "Please enter some content for your post.",
    });
  });

  test("a variant's media must be the workspace's and suit its network", async () => {
    const { cookie, save } = await setup();
    const stranger = await signedInUser(t.app);
    const theirs = await uploadFixture(t, stranger.cookie, "sample.jpg");
    const res = await save({ variants: { linkedin: own("Mine", [{ id: theirs, aspectRatio: "1:1" }]) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("UNKNOWN_MEDIA");
    const jpg = await uploadFixture(t, cookie, "sample.jpg");
    const five = Array.from({ length: 5 }, () => ({ id: jpg, aspectRatio: "1:1" }));
    const x = await save({ variants: { twitter: own("Five images", five) } });
    expect(x.statusCode).toBe(400);
    expect(x.json().error.title).toBe("Not Accepted by X");
  });

  test("the first comment within each chosen network's comment limit", async () => {
    const { save } = await setup();
    const res = await save({ firstComment: "a".repeat(1_251) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: "FIRST_COMMENT_TOO_LONG",
      title: "First Comment Too Long",
      message: "X (Twitter) allows at most 280 characters in a comment: shorten the first comment.",
    });
    expect((await save({ firstComment: "a".repeat(280) })).statusCode).toBe(200);
  });

  test("bad input is a 400: an unknown network, control characters, a variant without its fields", async () => {
    const { save } = await setup();
    expect((await save({ variants: { myspace: own("Hi") } })).statusCode).toBe(400);
    expect((await save({ variants: { twitter: own("Bell \u0007") } })).statusCode).toBe(400);
    expect((await save({ variants: { twitter: { content: "Only content" } } })).statusCode).toBe(400);
    expect((await save({ firstComment: "Null \u0000 byte" })).statusCode).toBe(400);
    expect((await save({ variants: [] })).statusCode).toBe(400);
  });
});
