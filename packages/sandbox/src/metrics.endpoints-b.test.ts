import type { Platform } from "@app/shared";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { followersOn, postFigures } from "./metrics";
import { pagesOf } from "./networks/facebook";
import { organization, organizationsOf } from "./networks/linkedin-organizations";
import { personOf } from "./people";
import { jpeg, startSandbox, type TestSandbox } from "./publish-test-kit";

/**
 * The metric reads of Facebook, Instagram and LinkedIn against posts published through the sandbox: the
 * figures are exactly those of postFigures at the sandbox's moment, in each network's field names.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The sandbox's clock runs days behind the real one, so the test kit's tokens (an hour from real now) stay valid.
let clock: number;
let s: TestSandbox;
beforeEach(async () => {
  clock = Date.now() - 10 * DAY;
  s = await startSandbox({ now: () => new Date(clock) });
});
afterEach(async () => {
  await s.close();
});

const later = (hours: number) => {
  clock += hours * HOUR;
};
/** What the sandbox says a published item has gathered by now, computed here from its id and moment. */
function expected(platform: Platform, id: string, at = clock) {
  const item = s.control.published(platform).find((i) => i.id === id);
  if (!item) throw new Error(`no ${platform} item ${id}`);
  return postFigures(platform, id, item.at, new Date(at));
}
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe("Facebook metrics", () => {
  const G = "/sandbox/facebook/graph.facebook.com/v25.0";
  const me = personOf("facebook", "alice");
  const page = pagesOf(me)[0] as { id: string };
  const FULL = "pages_show_list,pages_manage_posts,pages_read_engagement,read_insights";
  const pageToken = (scope = FULL) => s.token("facebook", "alice", scope, { kind: "page" });
  const get = (path: string, query: Record<string, string>, token = pageToken()) =>
    s.inject({ method: "GET", url: `${G}/${path}?${new URLSearchParams({ ...query, access_token: token })}` });
  async function publish(message: string) {
    const res = await s.inject({
      method: "POST",
      url: `${G}/${page.id}/feed`,
      payload: { message, access_token: pageToken() },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  }
  const ENGAGEMENT = "reactions.summary(total_count),comments.summary(total_count),shares";

  it("a post's reactions, comments and shares, and its lifetime insights, grow as the clock moves", async () => {
    const id = await publish("Hello results");
    for (const hours of [6, 48]) {
      later(hours);
      const f = expected("facebook", id);
      const node = await get(id, { fields: ENGAGEMENT });
      expect(node.statusCode, node.body).toBe(200);
      expect(node.json()).toMatchObject({
        id,
        reactions: { summary: { total_count: f.likes } },
        comments: { summary: { total_count: f.comments } },
      });
      // Graph leaves shares out while a post has none.
      expect(node.json().shares).toEqual(f.shares > 0 ? { count: f.shares } : undefined);
      const insights = await get(`${id}/insights`, { metric: "post_total_media_view_unique,post_clicks" });
      expect(insights.statusCode, insights.body).toBe(200);
      expect(insights.json().data).toEqual([
        expect.objectContaining({
          name: "post_total_media_view_unique",
          period: "lifetime",
          values: [{ value: f.reach }],
        }),
        expect.objectContaining({ name: "post_clicks", period: "lifetime", values: [{ value: f.clicks }] }),
      ]);
    }
    expect(expected("facebook", id).likes).toBeGreaterThan(0);
    expect(s.control.requests.filter((r) => r.path.endsWith(`${id}/insights`))).toHaveLength(2);
  });

  it("refuses the impressions metrics removed in November 2025 as invalid, and a call without a metric", async () => {
    const id = await publish("Old metrics");
    for (const metric of ["post_impressions", "post_impressions_unique", "post_reach,post_clicks"]) {
      const res = await get(`${id}/insights`, { metric });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 100,
        message: "(#100) The value must be a valid insights metric",
      });
    }
    const pageRes = await get(`${page.id}/insights`, { metric: "page_impressions,page_fans", period: "day" });
    expect(pageRes.json().error).toMatchObject({
      code: 100,
      message: "(#100) The value must be a valid insights metric",
    });
    const none = await get(`${id}/insights`, {});
    expect(none.json().error).toMatchObject({ code: 3001, error_subcode: 1504028 });
  });

  it("needs a Page token with pages_read_engagement, and read_insights for insights", async () => {
    const id = await publish("Permissions");
    const user = s.token("facebook", "alice", FULL);
    expect((await get(id, { fields: ENGAGEMENT }, user)).json().error).toMatchObject({ code: 190 });
    expect((await get(`${id}/insights`, { metric: "post_clicks" }, user)).json().error).toMatchObject({ code: 190 });
    const noEngagement = await get(id, { fields: ENGAGEMENT }, pageToken("pages_manage_posts,read_insights"));
    expect(noEngagement.statusCode).toBe(403);
    expect(noEngagement.json().error.code).toBe(10);
    const noInsights = await get(`${id}/insights`, { metric: "post_clicks" }, pageToken("pages_read_engagement"));
    expect(noInsights.statusCode).toBe(403);
    expect(noInsights.json().error).toMatchObject({ code: 200, message: expect.stringContaining("read_insights") });
    // Reading the message alone still needs nothing more.
    expect((await get(id, { fields: "id,message" }, pageToken("pages_manage_posts"))).statusCode).toBe(200);
  });

  it("an unknown post or another person's post is not found", async () => {
    const id = await publish("Mine");
    const bob = s.token("facebook", "bob", FULL, { kind: "page" });
    for (const [path, token] of [
      [`${page.id}_1234567890123456`, pageToken()],
      [id, bob],
    ] as const) {
      for (const res of [
        await get(path, { fields: ENGAGEMENT }, token),
        await get(`${path}/insights`, { metric: "post_clicks" }, token),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({ code: 100, error_subcode: 33 });
      }
    }
  });

  it("Page insights by day: follows from the Page's followers, views and engagements its posts gathered", async () => {
    const id = await publish("Page day");
    later(40);
    const res = await get(`${page.id}/insights`, {
      metric: "page_follows,page_post_engagements,page_media_view",
      period: "day",
    });
    expect(res.statusCode, res.body).toBe(200);
    const today = Date.parse(`${utcDay(clock)}T00:00:00Z`);
    const days = [today - 2 * DAY, today - DAY];
    const during = (start: number, pick: (f: ReturnType<typeof expected>) => number) =>
      pick(expected("facebook", id, Math.min(start + DAY, clock))) - pick(expected("facebook", id, start));
    const start = Math.round(me.followers / 2);
    const [follows, engagements, views] = res.json().data;
    expect(follows).toMatchObject({ name: "page_follows", period: "day" });
    expect(follows.values.map((v: { value: number }) => v.value)).toEqual(
      days.map((d) => followersOn("facebook", page.id, start, utcDay(d))),
    );
    expect(engagements.values.map((v: { value: number }) => v.value)).toEqual(
      days.map((d) => during(d, (f) => f.likes + f.comments + f.shares + f.clicks)),
    );
    expect(views.values).toEqual(
      days.map((d) => ({ value: during(d, (f) => f.views), end_time: `${utcDay(d + DAY)}T08:00:00+0000` })),
    );
    const tooLong = await get(`${page.id}/insights`, {
      metric: "page_follows",
      since: utcDay(clock - 120 * DAY),
      until: utcDay(clock),
    });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe("Instagram metrics", () => {
  const me = personOf("instagram", "alice");
  const IG = me.id;
  const SCOPE = "instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights";
  const host = (h = "graph.instagram.com/v25.0") => `/sandbox/instagram/${h}`;
  const call = (method: "GET" | "POST", path: string, params: Record<string, string>, token: string, h?: string) =>
    s.inject({ method, url: `${host(h)}/${path}?${new URLSearchParams({ ...params, access_token: token })}` });
  const ALL = "views,reach,likes,comments,shares,saved,total_interactions";

  async function publish() {
    const token = s.token("instagram", "alice", SCOPE);
    const url = s.host("m.jpg", jpeg(4000), "image/jpeg");
    const container = (await call("POST", `${IG}/media`, { image_url: url, caption: "Results" }, token)).json().id;
    await call("GET", container, { fields: "status_code" }, token);
    await call("GET", container, { fields: "status_code" }, token);
    const res = await call("POST", `${IG}/media_publish`, { creation_id: container }, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  }

  it("a media's like and comment counts and its insights, by Instagram Login and by Facebook Login", async () => {
    const id = await publish();
    later(30);
    const f = expected("instagram", id);
    const token = s.token("instagram", "alice", SCOPE);
    const node = await call("GET", id, { fields: "like_count,comments_count" }, token);
    expect(node.json()).toEqual({ id, like_count: f.likes, comments_count: f.comments });
    const values = {
      views: f.views,
      reach: f.reach,
      likes: f.likes,
      comments: f.comments,
      shares: f.shares,
      saved: f.saves,
      total_interactions: f.likes + f.comments + f.shares + f.saves,
    };
    const viaInstagram = await call("GET", `${id}/insights`, { metric: ALL }, token);
    const viaFacebook = await call(
      "GET",
      `${id}/insights`,
      { metric: ALL },
      s.token("instagram", "alice", "instagram_basic,instagram_manage_insights"),
      "graph.facebook.com/v25.0",
    );
    for (const res of [viaInstagram, viaFacebook]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual(
        Object.entries(values).map(([name, value]) => ({
          name,
          period: "lifetime",
          values: [{ value }],
          id: `${id}/insights/${name}/lifetime`,
        })),
      );
    }
    expect(f.views).toBeGreaterThan(0);
    const account = await call("GET", IG, { fields: "followers_count,username" }, token);
    expect(account.json()).toEqual({
      id: IG,
      followers_count: followersOn("instagram", me.id, me.followers, utcDay(clock)),
      username: "alice",
    });
  });

  it("refuses impressions and plays as Graph does, and insights without the insights permission", async () => {
    const id = await publish();
    const token = s.token("instagram", "alice", SCOPE);
    for (const metric of ["impressions", "reach,plays", "video_views"]) {
      const res = await call("GET", `${id}/insights`, { metric }, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 100, message: expect.stringMatching(/must be one of/) });
    }
    const basic = await call(
      "GET",
      `${id}/insights`,
      { metric: "views" },
      s.token("instagram", "alice", "instagram_business_basic"),
    );
    expect(basic.statusCode).toBe(403);
    expect(basic.json().error).toMatchObject({
      code: 10,
      message: expect.stringContaining("instagram_business_manage_insights"),
    });
    const viaFacebook = await call(
      "GET",
      `${id}/insights`,
      { metric: "views" },
      s.token("instagram", "alice", "instagram_basic"),
      "graph.facebook.com/v25.0",
    );
    expect(viaFacebook.json().error.message).toContain("instagram_manage_insights");
  });

  it("an unknown media or another person's media is not found", async () => {
    const id = await publish();
    for (const [mediaId, who] of [
      ["17999999999999999", "alice"],
      [id, "bob"],
    ] as const) {
      const res = await call("GET", `${mediaId}/insights`, { metric: "views" }, s.token("instagram", who, SCOPE));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 100, error_subcode: 33 });
    }
  });
});

describe("LinkedIn metrics", () => {
  const me = personOf("linkedin", "alice");
  const MEMBER = `urn:li:person:${me.id}`;
  const org = organizationsOf(me)[0] as { id: string };
  const ORG = `urn:li:organization:${org.id}`;
  const REST = { "linkedin-version": "202607", "x-restli-protocol-version": "2.0.0" };
  const call = (method: "GET" | "POST", path: string, scope: string, body?: object, headers = REST) =>
    s.inject({
      method,
      url: `/sandbox/linkedin/api.linkedin.com/rest/${path}`,
      headers: { ...headers, authorization: `Bearer ${s.token("linkedin", "alice", scope)}` },
      ...(body && { payload: body }),
    });
  async function publish(author: string, text = `Results of ${author}`) {
    const res = await call("POST", "posts", "w_member_social w_organization_social", {
      author,
      commentary: text,
      visibility: "PUBLIC",
      distribution: { feedDistribution: "MAIN_FEED", targetEntities: [], thirdPartyDistributionChannels: [] },
      lifecycleState: "PUBLISHED",
      isReshareDisabledByAuthor: false,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.headers["x-restli-id"] as string;
  }
  const socialActions = (urn: string, scope: string) => call("GET", `socialActions/${encodeURIComponent(urn)}`, scope);
  const analytics = (query: string, scope = "r_member_postAnalytics") =>
    call("GET", `memberCreatorPostAnalytics?${query}`, scope);

  it("a member's post: its own analytics with r_member_postAnalytics; social actions need r_member_social", async () => {
    const urn = await publish(MEMBER);
    later(50);
    const f = expected("linkedin", urn);
    const entity = `(share:${encodeURIComponent(urn)})`;
    const types = {
      IMPRESSION: f.views,
      MEMBERS_REACHED: f.reach,
      REACTION: f.likes,
      COMMENT: f.comments,
      RESHARE: f.shares,
    };
    for (const [queryType, count] of Object.entries(types)) {
      const res = await analytics(`q=entity&entity=${entity}&queryType=${queryType}&aggregation=TOTAL`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().elements).toEqual([{ count, metricType: queryType, targetEntity: { share: urn } }]);
    }
    const daily = (await analytics(`q=entity&entity=${entity}&queryType=IMPRESSION&aggregation=DAILY`)).json().elements;
    expect(daily.reduce((n: number, e: { count: number }) => n + e.count, 0)).toBe(f.views);
    expect((await analytics(`q=me&queryType=REACTION`)).json().elements[0].count).toBe(f.likes);

    const refused = await analytics(`q=entity&entity=${entity}&queryType=IMPRESSION`, "w_member_social");
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ status: 403, serviceErrorCode: 100, code: "ACCESS_DENIED" });
    expect((await socialActions(urn, "w_member_social r_member_postAnalytics")).statusCode).toBe(403);
    const actions = await socialActions(urn, "r_member_social");
    expect(actions.statusCode, actions.body).toBe(200);
    expect(actions.json()).toMatchObject({
      likesSummary: { totalLikes: f.likes },
      commentsSummary: { totalFirstLevelComments: f.comments },
    });
  });

  it("an organization's posts: share statistics and social actions for its administrator", async () => {
    const first = await publish(ORG);
    later(3);
    const second = await publish(ORG, "A second one");
    later(20);
    const scope = "r_organization_social rw_organization_admin";
    const shares = `List(${encodeURIComponent(first)},${encodeURIComponent(second)})`;
    const res = await call(
      "GET",
      `organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeURIComponent(ORG)}&shares=${shares}`,
      scope,
    );
    expect(res.statusCode, res.body).toBe(200);
    const stats = (urn: string) => {
      const f = expected("linkedin", urn);
      return {
        organizationalEntity: ORG,
        share: urn,
        totalShareStatistics: {
          impressionCount: f.views,
          uniqueImpressionsCount: f.reach,
          clickCount: f.clicks,
          likeCount: f.likes,
          commentCount: f.comments,
          shareCount: f.shares,
          engagement: f.views ? (f.clicks + f.likes + f.comments + f.shares) / f.views : 0,
        },
      };
    };
    expect(res.json().elements).toEqual([stats(first), stats(second)]);
    const actions = await socialActions(first, "r_organization_social");
    expect(actions.json().likesSummary.totalLikes).toBe(expected("linkedin", first).likes);

    const statsPath = (o: string, list = shares) =>
      `organizationalEntityShareStatistics?q=organizationalEntity&organizationalEntity=${encodeURIComponent(o)}&shares=${list}`;
    expect((await call("GET", statsPath(ORG), "w_organization_social")).statusCode).toBe(403);
    const stranger = ["10000001", "10000002", "10000003"].find((id) => !organizationsOf(me).some((o) => o.id === id));
    expect(
      (await call("GET", statsPath(`urn:li:organization:${organization(stranger ?? "1").id}`), scope)).statusCode,
    ).toBe(403);
    const unknown = await call("GET", statsPath(ORG, "List(urn%3Ali%3Ashare%3A1234)"), scope);
    expect(unknown.statusCode).toBe(404);
    // An organization post has no member analytics.
    expect(
      (await analytics(`q=entity&entity=(share:${encodeURIComponent(first)})&queryType=IMPRESSION`)).statusCode,
    ).toBe(404);
  });

  it("bad ids, bad queries and versions are refused as LinkedIn does", async () => {
    const urn = await publish(MEMBER);
    expect((await socialActions("urn:li:share:1234567890123456789", "r_member_social")).statusCode).toBe(404);
    const bob = await s.inject({
      method: "GET",
      url: `/sandbox/linkedin/api.linkedin.com/rest/socialActions/${encodeURIComponent(urn)}`,
      headers: { ...REST, authorization: `Bearer ${s.token("linkedin", "bob", "r_member_social")}` },
    });
    expect(bob.statusCode).toBe(404);
    expect(bob.json()).toMatchObject({ status: 404, code: "NOT_FOUND" });
    const entity = `(share:${encodeURIComponent(urn)})`;
    for (const query of [
      `q=entity&entity=${entity}&queryType=IMPRESSIONS`,
      `q=entity&entity=(ugc:${encodeURIComponent(urn)})&queryType=IMPRESSION`,
      `q=entity&entity=${encodeURIComponent(urn)}&queryType=IMPRESSION`,
      `q=author&queryType=IMPRESSION`,
    ])
      expect((await analytics(query)).statusCode, query).toBe(400);
    const old = await call("GET", `socialActions/${encodeURIComponent(urn)}`, "r_member_social", undefined, {
      ...REST,
      "linkedin-version": "202401",
    });
    expect(old.statusCode).toBe(426);
  });
});
