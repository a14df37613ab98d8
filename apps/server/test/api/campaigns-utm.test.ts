/**
 * UTM tagging (issue 22): "the sandbox receives the tagged links, once, for each network". A post in a campaign
 * that tags its links reaches each of the seven networks with utm_source (the network), utm_medium and
 * utm_campaign (the campaign's slug) on its links, in its text and in the link a network shares (Facebook's link,
 * LinkedIn's article, Pinterest's destination); a link already carrying utm_ parameters is left as written; a
 * campaign without UTM leaves every link alone; after a timeout that hid a post the network made, the next
 * attempt finds it (the lookup compares the tagged text) and nothing goes out twice.
 */
import {
  CAMPAIGN_COLORS,
  campaignSlug,
  PLATFORM_LABELS,
  PLATFORMS,
  type Platform,
  UTM_MEDIUM,
  UTM_SOURCES,
} from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { campaigns, posts } from "../../src/db/schema";
import { NetworkError } from "../../src/platforms/http";
import { linkedinCommentary } from "../../src/platforms/linkedin/linkedin-publish";
import { createPublishingWorker, type Publisher } from "../../src/worker/publishing-worker";
import { createQueueRepo } from "../../src/worker/queue.repo";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { duePost, publishDue, publisherOn, uploadFixture } from "../publishing";

const CAMPAIGN = "Spring Sale 2027";
const SLUG = "spring-sale-2027";
const SHOP = "https://shop.example/spring?ref=home#deals";
const BLOG = "https://blog.example/news?utm_source=newsletter&utm_medium=email";
const ARTICLE = "https://shop.example/lookbook";
const CONTENT = `Our spring sale starts now (${SHOP}). Read why: ${BLOG}!`;

/** SHOP as `platform` receives it in a UTM campaign. */
const shopFor = (platform: Platform) =>
  `https://shop.example/spring?ref=home&utm_source=${UTM_SOURCES[platform]}&utm_medium=${UTM_MEDIUM}` +
  `&utm_campaign=${SLUG}#deals`;
const articleFor = (platform: Platform) =>
  `${ARTICLE}?utm_source=${UTM_SOURCES[platform]}&utm_medium=${UTM_MEDIUM}&utm_campaign=${SLUG}`;

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

/** A connected account of `platform` and what its posts need beside their text, with a link where it shares one. */
async function postingOn(platform: Platform) {
  const { cookie, accountId } = await publisherOn(t, platform, `${platform.slice(0, 3)}_utm`);
  const media = async (name: string, aspectRatio: string) => [
    { id: await uploadFixture(t, cookie, name), aspectRatio },
  ];
  const extra: { facebookPageId?: string; media?: { id: string; aspectRatio: string }[]; options?: unknown } = {};
  if (platform === "facebook") {
    const pages = await t.app.inject({ url: `/api/accounts/${accountId}/facebook-pages`, headers: { cookie } });
    extra.facebookPageId = pages.json().pages[0].id;
    extra.options = { facebook: { link: ARTICLE } };
  }
  if (platform === "linkedin") {
    // A company page's posts can be read back after a timeout (r_organization_social).
    const orgs = await t.app.inject({ url: `/api/accounts/${accountId}/linkedin-organizations`, headers: { cookie } });
    const organizationId = orgs.json().organizations[0].id;
    extra.options = { linkedin: { postAs: "company", organizationId, link: { url: ARTICLE, title: "Lookbook" } } };
  }
  if (platform === "pinterest") extra.options = { pinterest: { link: ARTICLE } };
  if (platform === "instagram" || platform === "pinterest") extra.media = await media("sample.jpg", "1:1");
  if (platform === "tiktok") extra.media = await media("sample.mp4", "9:16");
  if (platform === "youtube") extra.media = await media("sample.mp4", "16:9");
  return { cookie, accountId, extra };
}

/** A due post of `content` on `platform`, in a campaign of the workspace that tags its links or not. */
async function campaignPost(platform: Platform, opts: { utm: boolean; content?: string; options?: unknown }) {
  const { cookie, accountId, extra } = await postingOn(platform);
  const postId = await duePost(t, cookie, {
    accountIds: [accountId],
    content: opts.content ?? CONTENT,
    ...extra,
    ...(opts.options !== undefined && { options: opts.options }),
  });
  const [post] = await t.db.select().from(posts).where(eq(posts.id, postId));
  if (!post) throw new Error("no post");
  const [campaign] = await t.db
    .insert(campaigns)
    .values({
      workspaceId: post.workspaceId,
      name: CAMPAIGN,
      slug: campaignSlug(CAMPAIGN),
      color: CAMPAIGN_COLORS[0],
      utm: opts.utm,
    })
    .returning();
  await t.db.update(posts).set({ campaignId: campaign?.id }).where(eq(posts.id, postId));
  return postId;
}

/** What a network shows of the link it shares (Facebook's link, LinkedIn's article, Pinterest's destination). */
const SHARES_LINK: Platform[] = ["facebook", "linkedin", "pinterest"];

/** The one item the network made, its text being what the post's text became there. */
function onlyItem(platform: Platform) {
  const items = t.sandbox.published(platform);
  expect(items, `${platform}: items on the network`).toHaveLength(1);
  return items[0] as NonNullable<(typeof items)[number]>;
}

/** The text as `platform` receives it (LinkedIn's commentary escapes its markup characters). */
const asSent = (platform: Platform, text: string) => (platform === "linkedin" ? linkedinCommentary(text) : text);

test("the campaign's slug is what utm_campaign carries", () => {
  expect(campaignSlug(CAMPAIGN)).toBe(SLUG);
});

test("LinkedIn commentary: a link's fragment stays in the link, hashtags around it stay hashtags", () => {
  expect(linkedinCommentary("#sale (https://e.com/a_b?x=1#deals) #spring")).toBe(
    "{hashtag|\\#|sale} \\(https://e.com/a\\_b?x=1\\#deals\\) {hashtag|\\#|spring}",
  );
});

describe.each(PLATFORMS)("%s", (platform) => {
  const name = PLATFORM_LABELS[platform];

  test(`${name} receives the links tagged once, with utm_source ${UTM_SOURCES[platform]}; a utm_ link stays`, async () => {
    const postId = await campaignPost(platform, { utm: true });
    const { post, targets } = await publishDue(t, postId);
    expect(post?.status, targets[0]?.lastError ?? "").toBe("published");
    const item = onlyItem(platform);
    expect(item.text).toBe(asSent(platform, `Our spring sale starts now (${shopFor(platform)}). Read why: ${BLOG}!`));
    if (SHARES_LINK.includes(platform)) expect(item.link).toBe(articleFor(platform));
    // Tagged once: one of each parameter in the whole of what the network received.
    const raw = JSON.stringify(item.raw ?? item.text);
    expect(raw.split(`campaign=${SLUG}`).length - 1, raw).toBe(SHARES_LINK.includes(platform) ? 2 : 1);
  });

  test(`${name}: a timeout that hid the post made; the next attempt finds it by its tagged text, out once`, async () => {
    const postId = await campaignPost(platform, { utm: true });
    const queue = createQueueRepo(t.db);
    // The network makes the post, but its answer is lost.
    const lost: Publisher = {
      async publish(target, hooks) {
        await t.app.publisher.publish(target, hooks);
        throw new NetworkError("Network unreachable: The operation was aborted due to timeout", 0, true, false);
      },
      lookup: (target) => t.app.publisher.lookup(target),
    };
    const first = createPublishingWorker({ queue, publisher: lost, now: t.clock.now, id: "w1" });
    expect(await first.tick()).toBe(1);
    await first.stop();
    expect(t.sandbox.published(platform)).toHaveLength(1);

    t.clock.advance(10 * 60_000);
    const { post, targets } = await publishDue(t, postId);
    expect(post?.status, targets[0]?.lastError ?? "").toBe("published");
    expect(targets[0]?.attempts).toBe(2);
    const item = onlyItem(platform);
    expect(targets[0]?.externalId).toBe(item.id);
    expect(item.text).toContain(asSent(platform, shopFor(platform)));
  });

  test(`${name}: the campaign's UTM turned off, then the campaign deleted, between two attempts: still out once, tagged`, async () => {
    const postId = await campaignPost(platform, { utm: true });
    const queue = createQueueRepo(t.db);
    const lost: Publisher = {
      async publish(target, hooks) {
        await t.app.publisher.publish(target, hooks);
        throw new NetworkError("Network unreachable: The operation was aborted due to timeout", 0, true, false);
      },
      lookup: (target) => t.app.publisher.lookup(target),
    };
    const first = createPublishingWorker({ queue, publisher: lost, now: t.clock.now, id: "w1" });
    expect(await first.tick()).toBe(1);
    await first.stop();
    // The choice the post started going out with stays, whatever happens to its campaign meanwhile.
    const [post0] = await t.db.select().from(posts).where(eq(posts.id, postId));
    expect(post0?.utmCampaign).toBe(SLUG);
    await t.db
      .update(campaigns)
      .set({ utm: false })
      .where(eq(campaigns.id, post0?.campaignId as string));
    await t.db.delete(campaigns).where(eq(campaigns.id, post0?.campaignId as string));

    t.clock.advance(10 * 60_000);
    const { post, targets } = await publishDue(t, postId);
    expect(post?.status, targets[0]?.lastError ?? "").toBe("published");
    const item = onlyItem(platform);
    expect(targets[0]?.externalId).toBe(item.id);
    expect(item.text).toContain(asSent(platform, shopFor(platform)));
  });
});

describe("links left alone", () => {
  test("a campaign without UTM sends the links as written", async () => {
    for (const platform of ["facebook", "twitter", "pinterest"] as const) {
      const postId = await campaignPost(platform, { utm: false });
      expect((await publishDue(t, postId)).post?.status).toBe("published");
      const item = onlyItem(platform);
      expect(item.text).toBe(CONTENT);
      if (SHARES_LINK.includes(platform)) expect(item.link).toBe(ARTICLE);
      expect(JSON.stringify(item.raw)).not.toContain("utm_campaign");
    }
  });

  test("a post whose links already carry utm_source goes out as written, link included", async () => {
    const tagged = "https://shop.example/spring?utm_source=partner";
    const content = `Spring is here: ${tagged}`;
    const postId = await campaignPost("facebook", {
      utm: true,
      content,
      options: { facebook: { link: `${ARTICLE}?UTM_SOURCE=partner` } },
    });
    expect((await publishDue(t, postId)).post?.status).toBe("published");
    const item = onlyItem("facebook");
    expect(item.text).toBe(content);
    expect(item.link).toBe(`${ARTICLE}?UTM_SOURCE=partner`);
  });

  test("a post without links goes out as written in a UTM campaign", async () => {
    const postId = await campaignPost("twitter", { utm: true, content: "No links today, just spring." });
    expect((await publishDue(t, postId)).post?.status).toBe("published");
    expect(onlyItem("twitter").text).toBe("No links today, just spring.");
  });
});

describe("through the API", () => {
  /** A campaign made with POST /api/campaigns. */
  async function created(cookie: string, name: string, utm: boolean) {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/campaigns",
      headers: { cookie },
      payload: { name, utm },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().campaign as { id: string; slug: string };
  }

  test("a post that fits untagged but not tagged is refused in a UTM campaign only; X counts its links 23", async () => {
    const { cookie, accountId, extra } = await postingOn("pinterest");
    const tagging = await created(cookie, "Long Links", true);
    const plain = await created(cookie, "Plain Links", false);
    // 470 letters, a space and a 21-character link: 492 of Pinterest's 500; tagged, the link is 86 longer.
    const content = `${"a".repeat(470)} ${ARTICLE}`;
    const at = new Date(t.clock.now().getTime() + 60 * 60_000);
    const save = (campaignId: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/posts",
        headers: { cookie },
        payload: {
          accountIds: [accountId],
          content,
          ...extra,
          campaignId,
          scheduledDate: at.toISOString().slice(0, 10),
          scheduledTime: at.toISOString().slice(11, 16),
          timezone: "UTC",
          status: "scheduled",
        },
      });
    const refused = await save(tagging.id);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.code).toBe("TEXT_TOO_LONG");
    expect((await save(plain.id)).statusCode).toBe(200);

    const x = await postingOn("twitter");
    const xCampaign = await created(x.cookie, "Long Links", true);
    const tweet = `${"a".repeat(256)} ${ARTICLE}`; // 256 + 1 + 23 = 280
    const res = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie: x.cookie },
      payload: {
        accountIds: [x.accountId],
        content: tweet,
        campaignId: xCampaign.id,
        scheduledDate: at.toISOString().slice(0, 10),
        scheduledTime: at.toISOString().slice(11, 16),
        timezone: "UTC",
        status: "scheduled",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  test("a post written in a UTM campaign through the API goes out tagged with the campaign's slug", async () => {
    const { cookie, accountId } = await postingOn("twitter");
    const campaign = await created(cookie, CAMPAIGN, true);
    expect(campaign.slug).toBe(SLUG);
    const postId = await duePost(t, cookie, {
      accountIds: [accountId],
      content: `Sale: ${SHOP}`,
      campaignId: campaign.id,
    });
    expect((await publishDue(t, postId)).post?.status).toBe("published");
    expect(onlyItem("twitter").text).toBe(`Sale: ${shopFor("twitter")}`);
  });
});
