import { defaultReview, followersOn, personOf, postFigures } from "@app/sandbox";
import { type Platform, POST_METRICS } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, test } from "vitest";
import { socialAccounts } from "../../src/db/schema";
import type { PostMetricsRequest } from "../../src/platforms/platform";
import { createNetworkTestApp, type NetworkTestApp } from "../helpers";
import { duePost, publishDue, publisherOn, publisherWithScopes, uploadFixture } from "../publishing";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

/** Publishes one post through the app and the sandbox; returns what the reads need. */
async function published(cookie: string, accountId: string, body: Omit<Parameters<typeof duePost>[2], "accountIds">) {
  const postId = await duePost(t, cookie, { accountIds: [accountId], ...body });
  const { post, targets } = await publishDue(t, postId);
  expect(post?.status, targets[0]?.lastError ?? "").toBe("published");
  return { workspaceId: post?.workspaceId as string, accountId, externalId: targets[0]?.externalId as string };
}

/** The adapter's post metrics for the account, as the app would ask (its token and its granted scopes). */
function postMetrics(
  p: { workspaceId: string; accountId: string },
  posts: PostMetricsRequest["posts"],
  scopes?: (granted: string | null) => string | null,
) {
  return t.app.accounts.withAccount(p.workspaceId, p.accountId, ({ adapter, token, account }) =>
    (adapter.postMetrics as NonNullable<typeof adapter.postMetrics>)({
      accessToken: token,
      posts,
      scopes: scopes ? scopes(account.scopes) : account.scopes,
    }),
  );
}

function accountMetrics(p: { workspaceId: string; accountId: string }) {
  return t.app.accounts.withAccount(p.workspaceId, p.accountId, ({ adapter, token, account }) =>
    (adapter.accountMetrics as NonNullable<typeof adapter.accountMetrics>)(token, {
      accessToken: token,
      expiresAt: null,
      scopes: account.scopes,
    }),
  );
}

/** The sandbox's figures of the one item it holds of `platform`, at the app's moment. */
function expected(platform: Platform) {
  const [item] = t.sandbox.published(platform);
  if (!item) throw new Error(`nothing published on ${platform}`);
  return postFigures(platform, item.id, item.at, t.clock.now());
}

/** Every metric is either a figure or unavailable, never both. */
function accountedFor(reading: { figures: object; unavailable: object } | undefined) {
  expect(reading).toBeDefined();
  const names = [...Object.keys(reading?.figures ?? {}), ...Object.keys(reading?.unavailable ?? {})].sort();
  expect(names).toEqual([...POST_METRICS].sort());
}

const pathsOf = (part: string) => t.sandbox.requests.filter((r) => r.path.includes(part));

test("X: public metrics of posts in one lookup, reposts and quotes as shares; reach is not X's, clicks need a tier", async () => {
  const { cookie, accountId } = await publisherOn(t, "twitter", "xmetrics");
  const p = await published(cookie, accountId, { content: "Counting on you" });
  t.clock.advance(6 * HOUR);
  const f = expected("twitter");
  const readings = await postMetrics(p, [{ externalId: p.externalId }, { externalId: "123" }]);
  const r = readings.get(p.externalId);
  accountedFor(r);
  expect(r?.figures).toEqual({
    views: f.views,
    likes: f.likes,
    comments: f.comments,
    shares: f.shares,
    saves: f.saves,
  });
  expect(r?.unavailable).toEqual({ reach: "network", clicks: "tier", videoViews: "tier" });
  // An id X does not know stays out; both ids went in one call.
  expect(readings.has("123")).toBe(false);
  const lookups = pathsOf("api.x.com/2/tweets").filter((q) => q.method === "GET");
  expect(lookups).toHaveLength(1);
  const person = personOf("twitter", "xmetrics");
  const account = await accountMetrics(p);
  expect(account.figures).toEqual({
    followers: followersOn("twitter", person.id, person.followers, day(t.clock.now())),
  });
  expect(account.unavailable).toEqual({ reach: "network", profileViews: "network" });
});

test("YouTube: statistics as numbers (views are video views) and the channel's subscribers", async () => {
  const { cookie, accountId } = await publisherOn(t, "youtube", "ytmetrics");
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const p = await published(cookie, accountId, { content: "A paper plane", media: [{ id: mp4, aspectRatio: "16:9" }] });
  t.clock.advance(24 * HOUR);
  const f = expected("youtube");
  const r = (await postMetrics(p, [{ externalId: p.externalId }])).get(p.externalId);
  accountedFor(r);
  expect(r?.figures).toEqual({ views: f.views, videoViews: f.views, likes: f.likes, comments: f.comments });
  expect(r?.unavailable).toEqual({ reach: "network", shares: "network", saves: "network", clicks: "network" });
  const person = personOf("youtube", "ytmetrics");
  expect((await accountMetrics(p)).figures).toEqual({
    followers: followersOn("youtube", person.id, person.followers, day(t.clock.now())),
  });
});

test("TikTok: video/query counts; without video.list the figures are unavailable for the scope, not zeros", async () => {
  const { cookie, accountId } = await publisherOn(t, "tiktok", "tokmetrics");
  const mp4 = await uploadFixture(t, cookie, "sample.mp4");
  const p = await published(cookie, accountId, { content: "Dance", media: [{ id: mp4, aspectRatio: "9:16" }] });
  t.clock.advance(72 * HOUR);
  const f = expected("tiktok");
  const r = (await postMetrics(p, [{ externalId: p.externalId }])).get(p.externalId);
  accountedFor(r);
  expect(r?.figures).toEqual({
    views: f.views,
    videoViews: f.views,
    likes: f.likes,
    comments: f.comments,
    shares: f.shares,
  });
  const query = pathsOf("open.tiktokapis.com/v2/video/query/");
  expect(query).toHaveLength(1);
  const person = personOf("tiktok", "tokmetrics");
  expect((await accountMetrics(p)).figures).toEqual({
    followers: followersOn("tiktok", person.id, person.followers, day(t.clock.now())),
  });

  // An account that did not allow video.list: known scopes skip the call, unknown ones let TikTok refuse it.
  const without = await publisherWithScopes(t, "tiktok", { remove: ["video.list"] });
  const other = { workspaceId: await workspaceOf(without.accountId), accountId: without.accountId };
  const calls = pathsOf("open.tiktokapis.com/v2/video/query/").length;
  for (const scopes of [undefined, () => null]) {
    const refused = (await postMetrics(other, [{ externalId: p.externalId }], scopes)).get(p.externalId);
    accountedFor(refused);
    expect(refused?.figures).toEqual({});
    expect(refused?.unavailable).toMatchObject({ views: "scope", likes: "scope", comments: "scope", shares: "scope" });
  }
  expect(pathsOf("open.tiktokapis.com/v2/video/query/")).toHaveLength(calls + 1);
});

/** The workspace an account belongs to. */
async function workspaceOf(accountId: string) {
  const [row] = await t.db.select().from(socialAccounts).where(eq(socialAccounts.id, accountId));
  return row?.workspaceId as string;
}

test("Pinterest: the pin's lifetime analytics (outbound clicks only as clicks) and the account's followers", async () => {
  const { cookie, accountId } = await publisherOn(t, "pinterest", "pinmetrics");
  const png = await uploadFixture(t, cookie, "sample.png");
  const p = await published(cookie, accountId, { content: "Balcony garden", media: [{ id: png, aspectRatio: "4:5" }] });
  t.clock.advance(7 * 24 * HOUR);
  const f = expected("pinterest");
  const r = (await postMetrics(p, [{ externalId: p.externalId }])).get(p.externalId);
  accountedFor(r);
  expect(r?.figures).toEqual({
    views: f.views,
    clicks: f.clicks,
    saves: f.saves,
    comments: f.comments,
    likes: f.likes,
  });
  expect(pathsOf(`/v5/pins/${p.externalId}/analytics`)).toHaveLength(1);
  const person = personOf("pinterest", "pinmetrics");
  expect((await accountMetrics(p)).figures).toEqual({
    followers: followersOn("pinterest", person.id, person.followers, day(t.clock.now())),
  });
});

/** A Page post of a Facebook account; `insights`: the person also granted read_insights. */
async function facebookPost(username: string, insights = false) {
  const { cookie, accountId } = insights
    ? await publisherWithScopes(t, "facebook", { add: ["read_insights"] })
    : await publisherOn(t, "facebook", username);
  const pages = await t.app.inject({ url: `/api/accounts/${accountId}/facebook-pages`, headers: { cookie } });
  const pageId = pages.json().pages[0].id as string;
  const p = await published(cookie, accountId, { content: "Open today", facebookPageId: pageId });
  return { ...p, pageId };
}

test("Facebook: reactions, comments and shares on the post, views, viewers and clicks from its insights", async () => {
  // Meta granted read_insights to this app (Advanced Access), and the person allowed it.
  t.sandbox.setReview({ facebook: { advanced: [...defaultReview().facebook.advanced, "read_insights"] } });
  const p = await facebookPost("fbmetrics", true);
  t.clock.advance(24 * HOUR);
  const f = expected("facebook");
  const r = (await postMetrics(p, [{ externalId: p.externalId, pageId: p.pageId }])).get(p.externalId);
  accountedFor(r);
  expect(r?.figures).toEqual({
    likes: f.likes,
    comments: f.comments,
    shares: f.shares,
    views: f.views,
    reach: f.reach,
    clicks: f.clicks,
  });
  // A text post has no video views; Graph has no saves of Page posts.
  expect(r?.unavailable).toEqual({ videoViews: "network", saves: "network" });
  expect((await accountMetrics(p)).figures.followers).toBeGreaterThan(0);
});

test("Facebook without read_insights: the insights' figures are unavailable for the scope, the counts still come", async () => {
  // Meta has not granted read_insights to this app (no Advanced Access for it).
  const advanced = defaultReview().facebook.advanced.filter((scope) => scope !== "read_insights");
  t.sandbox.setReview({ facebook: { advanced } });
  const p = await facebookPost("fbnoinsights");
  t.clock.advance(24 * HOUR);
  const f = expected("facebook");
  // As recorded (no read_insights), and unknown (Graph refuses the insights call itself).
  for (const scopes of [undefined, () => null]) {
    const r = (await postMetrics(p, [{ externalId: p.externalId, pageId: p.pageId }], scopes)).get(p.externalId);
    accountedFor(r);
    expect(r?.figures).toEqual({ likes: f.likes, comments: f.comments, shares: f.shares });
    expect(r?.unavailable).toMatchObject({ views: "scope", reach: "scope", clicks: "scope", videoViews: "scope" });
  }
});

test("Instagram: media counts and insights (views, reach, shares, saves) and the account's followers", async () => {
  const { cookie, accountId } = await publisherOn(t, "instagram", "igmetrics");
  const jpg = await uploadFixture(t, cookie, "sample.jpg");
  const p = await published(cookie, accountId, { content: "Fresh bread", media: [{ id: jpg, aspectRatio: "1:1" }] });
  t.clock.advance(6 * HOUR);
  const f = expected("instagram");
  const r = (await postMetrics(p, [{ externalId: p.externalId }])).get(p.externalId);
  accountedFor(r);
  expect(r?.figures).toEqual({
    views: f.views,
    reach: f.reach,
    likes: f.likes,
    comments: f.comments,
    shares: f.shares,
    saves: f.saves,
  });
  expect(r?.unavailable).toEqual({ clicks: "network", videoViews: "network" });
  const person = personOf("instagram", "igmetrics");
  expect((await accountMetrics(p)).figures).toEqual({
    followers: followersOn("instagram", person.id, person.followers, day(t.clock.now())),
  });
});

test("LinkedIn: a member's post from their post analytics, a company post from its share statistics", async () => {
  const { cookie, accountId } = await publisherOn(t, "linkedin", "limetrics");
  const member = await published(cookie, accountId, { content: "Hello network" });
  const orgs = await t.app.inject({ url: `/api/accounts/${accountId}/linkedin-organizations`, headers: { cookie } });
  const organizationId = orgs.json().organizations[0].id as string;
  const company = await published(cookie, accountId, {
    content: "Hello from the company",
    options: { linkedin: { postAs: "company", organizationId } },
  });
  t.clock.advance(24 * HOUR);
  const [first, second] = t.sandbox.published("linkedin");
  const fm = postFigures("linkedin", first?.id as string, first?.at as Date, t.clock.now());
  const fc = postFigures("linkedin", second?.id as string, second?.at as Date, t.clock.now());
  const readings = await postMetrics(member, [
    { externalId: member.externalId },
    { externalId: company.externalId, pageId: organizationId },
  ]);
  const m = readings.get(member.externalId);
  accountedFor(m);
  expect(m?.figures).toEqual({
    views: fm.views,
    reach: fm.reach,
    shares: fm.shares,
    likes: fm.likes,
    comments: fm.comments,
    saves: fm.saves,
  });
  expect(m?.unavailable).toEqual({ clicks: "network", videoViews: "network" });
  const c = readings.get(company.externalId);
  accountedFor(c);
  expect(c?.figures).toEqual({
    views: fc.views,
    reach: fc.reach,
    clicks: fc.clicks,
    likes: fc.likes,
    comments: fc.comments,
    shares: fc.shares,
  });
  expect(pathsOf("rest/organizationalEntityShareStatistics")).toHaveLength(1);
  expect((await accountMetrics(member)).figures).toEqual({ followers: personOf("linkedin", "limetrics").followers });
});

test("LinkedIn without the analytics scopes: a member's figures are unavailable for the scope, not zeros", async () => {
  await t.close();
  // An app without LinkedIn's Community Management product: no r_member_postAnalytics (nor r_member_social).
  t = await createNetworkTestApp({ LINKEDIN_ORGANIZATIONS: "0" });
  const { cookie, accountId } = await publisherOn(t, "linkedin", "linoscope");
  const member = await published(cookie, accountId, { content: "Quiet post" });
  t.clock.advance(24 * HOUR);
  const before = t.sandbox.requests.length;
  const known = (await postMetrics(member, [{ externalId: member.externalId }])).get(member.externalId);
  expect(t.sandbox.requests.length).toBe(before);
  // Scopes unknown: LinkedIn refuses both reads (403), which say "scope" too.
  const asked = (await postMetrics(member, [{ externalId: member.externalId }], () => null)).get(member.externalId);
  expect(pathsOf("rest/memberCreatorPostAnalytics").length).toBeGreaterThan(0);
  expect(pathsOf("rest/socialActions").length).toBeGreaterThan(0);
  for (const m of [known, asked]) {
    accountedFor(m);
    expect(m?.figures).toEqual({});
    expect(m?.unavailable).toMatchObject({ views: "scope", reach: "scope", likes: "scope", comments: "scope" });
  }
  expect((await accountMetrics(member)).unavailable).toMatchObject({ followers: "scope" });
});
