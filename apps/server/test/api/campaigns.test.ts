import {
  CAMPAIGN_MESSAGES,
  type Campaign,
  type CampaignDetail,
  engagementRate,
  engagementsOf,
  type Platform,
  type Post,
  RESULTS_MESSAGES,
  reachOf,
  rolesThatCan,
  WORKSPACE_MESSAGES,
} from "@app/shared";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { CAMPAIGN_EXPORT_HEADER } from "../../src/modules/campaigns/campaigns.export";
import { parseCsv } from "../csv";
import { openEventStream, readUntil } from "../event-stream";
import { createTestApp, joinWorkspace, signedInUser, type TestApp, testClock } from "../helpers";
import { type SeedFigures, seedAccount, seedPublishedPost, workspaceOf } from "../results";

let t: TestApp;
let clock: ReturnType<typeof testClock>;
beforeEach(async () => {
  clock = testClock(new Date("2027-03-10T12:00:00Z"));
  // Roles are read afresh on every request, so a role changed in a test applies at once.
  t = await createTestApp({ SESSION_CACHE_SECONDS: "0" }, { now: clock.now });
});
afterEach(async () => {
  await t.close();
});

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const call = (cookie: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function created(cookie: string, payload: object): Promise<Campaign> {
  const res = await call(cookie, "POST", "/api/campaigns", payload);
  expect(res.statusCode, res.body).toBe(201);
  clock.advance(1000);
  return res.json().campaign;
}
const listed = async (cookie: string, query = "") => {
  const res = await call(cookie, "GET", `/api/campaigns${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().campaigns as Campaign[];
};
const detail = async (cookie: string, id: string, query = "") => {
  const res = await call(cookie, "GET", `/api/campaigns/${id}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CampaignDetail;
};
/** A draft written through the API (no networks needed), in a campaign or none. */
async function draft(cookie: string, content: string, campaignId: string | null = null): Promise<Post> {
  const res = await call(cookie, "POST", "/api/posts", { content, timezone: "UTC", status: "draft", campaignId });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().post;
}

describe("campaigns of a workspace", () => {
  test("created with a slug from the name (unique in the workspace), changed field by field, listed newest first", async () => {
    const owner = await signedInUser(t.app);
    const first = await created(owner.cookie, {
      name: "  Été 2027 — Launch!  ",
      description: "Line one\nLine two",
      color: "#059669",
      startDate: "2027-03-01",
      endDate: "2027-03-31",
      utm: true,
    });
    expect(first).toMatchObject({
      name: "Été 2027 — Launch!",
      slug: "ete-2027-launch",
      description: "Line one\nLine two",
      color: "#059669",
      startDate: "2027-03-01",
      endDate: "2027-03-31",
      status: "active",
      statusFixed: false,
      utm: true,
      postCount: 0,
      engagements: 0,
      createdAt: "2027-03-10T12:00:00.000Z",
    });
    // The same name again: the next free slug.
    const second = await created(owner.cookie, { name: "ete 2027 launch" });
    const third = await created(owner.cookie, { name: "Été 2027: launch" });
    expect([second.slug, third.slug]).toEqual(["ete-2027-launch-2", "ete-2027-launch-3"]);
    expect(second).toMatchObject({ color: "#4f46e5", description: "", startDate: null, endDate: null, utm: false });
    expect(second.status).toBe("draft");
    expect((await listed(owner.cookie)).map((c) => c.id)).toEqual([third.id, second.id, first.id]);

    // A rename keeps the slug (links already out carry it).
    const renamed = await call(owner.cookie, "PATCH", `/api/campaigns/${first.id}`, { name: "Summer launch" });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().campaign).toMatchObject({ name: "Summer launch", slug: "ete-2027-launch", utm: true });
    // A name freed by a rename is not taken again as it stays the first campaign's slug.
    expect((await created(owner.cookie, { name: "Été 2027 Launch" })).slug).toBe("ete-2027-launch-4");

    // Dates are checked against the stored ones.
    const reversed = await call(owner.cookie, "PATCH", `/api/campaigns/${first.id}`, { startDate: "2027-04-01" });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toBe(CAMPAIGN_MESSAGES.datesReversed);
    const bothReversed = await call(owner.cookie, "PATCH", `/api/campaigns/${first.id}`, {
      startDate: "2027-05-02",
      endDate: "2027-05-01",
    });
    expect(bothReversed.statusCode).toBe(400);
    expect(bothReversed.json().error.message).toContain(CAMPAIGN_MESSAGES.datesReversed);
    const moved = await call(owner.cookie, "PATCH", `/api/campaigns/${first.id}`, {
      startDate: "2027-04-01",
      endDate: "2027-04-30",
    });
    expect(moved.json().campaign).toMatchObject({ startDate: "2027-04-01", endDate: "2027-04-30", status: "draft" });

    // A status set by hand, then back to the dates.
    const fixed = await call(owner.cookie, "PATCH", `/api/campaigns/${first.id}`, { status: "completed" });
    expect(fixed.json().campaign).toMatchObject({ status: "completed", statusFixed: true });
    const following = await call(owner.cookie, "PATCH", `/api/campaigns/${first.id}`, { status: null });
    expect(following.json().campaign).toMatchObject({ status: "draft", statusFixed: false });

    const bad = await call(owner.cookie, "PATCH", `/api/campaigns/${first.id}`, { color: "#123456" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(CAMPAIGN_MESSAGES.colorUnknown);
    const nameless = await call(owner.cookie, "POST", "/api/campaigns", { name: "   " });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().error.message).toContain(CAMPAIGN_MESSAGES.nameRequired);
  });

  test("deleted: its posts stay, without a campaign", async () => {
    const owner = await signedInUser(t.app);
    const campaign = await created(owner.cookie, { name: "Spring" });
    const kept = await created(owner.cookie, { name: "Autumn" });
    const a = await draft(owner.cookie, "First of spring", campaign.id);
    const b = await draft(owner.cookie, "Second of spring", campaign.id);
    const other = await draft(owner.cookie, "Of autumn", kept.id);
    expect(a.campaignId).toBe(campaign.id);
    expect((await detail(owner.cookie, campaign.id)).campaign.postCount).toBe(2);

    const gone = await call(owner.cookie, "DELETE", `/api/campaigns/${campaign.id}`);
    expect(gone.statusCode).toBe(204);
    expect((await call(owner.cookie, "GET", `/api/campaigns/${campaign.id}`)).statusCode).toBe(404);
    expect((await call(owner.cookie, "DELETE", `/api/campaigns/${campaign.id}`)).statusCode).toBe(404);
    for (const post of [a, b]) {
      const res = await call(owner.cookie, "GET", `/api/posts/${post.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().post).toMatchObject({ content: post.content, campaignId: null });
    }
    expect((await call(owner.cookie, "GET", `/api/posts/${other.id}`)).json().post.campaignId).toBe(kept.id);
    expect((await listed(owner.cookie)).map((c) => [c.name, c.postCount])).toEqual([["Autumn", 1]]);
  });

  test("status follows the dates as the clock moves, as of today in the member's zone", async () => {
    const owner = await signedInUser(t.app);
    const dated = await created(owner.cookie, { name: "Dated", startDate: "2027-03-12", endDate: "2027-03-14" });
    const openEnded = await created(owner.cookie, { name: "Open", startDate: "2027-03-11" });
    const undated = await created(owner.cookie, { name: "Undated" });
    const statuses = async (tz?: string) =>
      Object.fromEntries(
        (await listed(owner.cookie, tz ? `?tz=${encodeURIComponent(tz)}` : "")).map((c) => [c.name, c.status]),
      );

    // 2027-03-10 12:00 UTC
    expect(await statuses()).toEqual({ Dated: "draft", Open: "draft", Undated: "draft" });
    clock.advance(Date.parse("2027-03-12T00:30:00Z") - clock.now().getTime());
    expect(await statuses()).toEqual({ Dated: "active", Open: "active", Undated: "draft" });
    // Still the 11th in New York.
    expect(await statuses("America/New_York")).toEqual({ Dated: "draft", Open: "active", Undated: "draft" });
    expect((await detail(owner.cookie, dated.id, "?tz=America/New_York")).campaign.status).toBe("draft");
    clock.advance(Date.parse("2027-03-15T01:00:00Z") - clock.now().getTime());
    expect(await statuses()).toEqual({ Dated: "completed", Open: "active", Undated: "draft" });
    expect(await statuses("America/New_York")).toEqual({ Dated: "active", Open: "active", Undated: "draft" });
    expect((await detail(owner.cookie, dated.id)).campaign.status).toBe("completed");
    // Years later, an open-ended campaign is still active; one set by hand keeps its status.
    clock.advance(3 * 365 * 86_400_000);
    await call(owner.cookie, "PATCH", `/api/campaigns/${undated.id}`, { status: "active" });
    expect(await statuses()).toEqual({ Dated: "completed", Open: "active", Undated: "active" });
    expect(openEnded.status).toBe("draft");

    const unknownZone = await call(owner.cookie, "GET", "/api/campaigns?tz=Mars/Olympus");
    expect(unknownZone.statusCode).toBe(400);
    expect(unknownZone.json().error.message).toContain(RESULTS_MESSAGES.zoneInvalid);
  });
});

describe("a campaign's results", () => {
  test("equal the sums of its posts' latest readings, per post, per network and in all", async () => {
    const owner = await signedInUser(t.app);
    const ws = await workspaceOf(t, owner.cookie);
    const linkedin = await seedAccount(t.db, ws, "linkedin", { username: "acme_in" });
    const facebook = await seedAccount(t.db, ws, "facebook", { username: "acme_fb" });
    const campaign = await created(owner.cookie, { name: "Launch", startDate: "2027-03-01", endDate: "2027-03-31" });
    const other = await created(owner.cookie, { name: "Other" });

    /** Each post: its network, its readings (oldest first; only the last counts) and its text. */
    const seeds: { account: typeof linkedin; readings: SeedFigures[]; content: string }[] = [
      {
        account: linkedin,
        content: "Launch day: meet the new range",
        readings: [
          { views: 900, likes: 1, comments: 0 },
          { views: 1500, reach: 1200, likes: 40, comments: 6, shares: 3, saves: null },
        ],
      },
      {
        account: facebook,
        content: "Behind the scenes of the launch",
        readings: [{ reach: 800, likes: 90, comments: 12, shares: 5, saves: 2 }],
      },
      // Views only (reach as the network counts it: its views), and nothing else given.
      { account: linkedin, content: "A week after the launch", readings: [{ views: 300, likes: 4 }] },
      // Published, not read yet.
      { account: facebook, content: "Published, no reading yet", readings: [] },
    ];
    const postIds: string[] = [];
    for (const [i, seed] of seeds.entries()) {
      const publishedAt = new Date(Date.parse("2027-03-02T10:00:00Z") + i * 86_400_000);
      const { postId } = await seedPublishedPost(
        t.db,
        ws,
        seed.account,
        publishedAt,
        seed.readings.map((figures, n) => ({ at: new Date(publishedAt.getTime() + (n + 1) * 3_600_000), figures })),
        seed.content,
      );
      postIds.push(postId);
    }
    // A post of another campaign and a draft of this one (no figures).
    const elsewhere = await seedPublishedPost(t.db, ws, linkedin, new Date("2027-03-03T09:00:00Z"), [
      { at: new Date("2027-03-04T09:00:00Z"), figures: { reach: 5000, likes: 500 } },
    ]);
    const added = await call(owner.cookie, "POST", `/api/campaigns/${campaign.id}/posts`, { postIds });
    expect(added.statusCode, added.body).toBe(204);
    await call(owner.cookie, "POST", `/api/campaigns/${other.id}/posts`, { postIds: [elsewhere.postId] });
    const planned = await draft(owner.cookie, "Still to write", campaign.id);

    // The expectations, from the seeded readings.
    const latest = seeds.map((s) => s.readings.at(-1));
    const reachOfPost = latest.map((f) => (f ? reachOf(f) : 0));
    const engagementsOfPost = latest.map((f) => (f ? engagementsOf(f) : 0));
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const reach = sum(reachOfPost);
    const engagements = sum(engagementsOfPost);
    const networkSums = (platform: Platform) => {
      const indexes = seeds.flatMap((s, i) => (s.account.platform === platform ? [i] : []));
      return {
        platform,
        reach: sum(indexes.map((i) => reachOfPost[i] as number)),
        engagements: sum(indexes.map((i) => engagementsOfPost[i] as number)),
        posts: indexes.length,
      };
    };
    expect(reach).toBe(1200 + 800 + 300);
    expect(engagements).toBe(49 + 109 + 4);

    const [listedOne] = (await listed(owner.cookie)).filter((c) => c.id === campaign.id);
    expect(listedOne).toMatchObject({ postCount: 5, engagements });
    expect((await listed(owner.cookie)).find((c) => c.id === other.id)).toMatchObject({
      postCount: 1,
      engagements: 500,
    });

    const got = await detail(owner.cookie, campaign.id);
    expect(got.figures).toEqual({
      reach,
      engagements,
      engagementRate: engagementRate(engagements, reach),
      published: 4,
      // in the order of PLATFORMS
      perNetwork: [networkSums("facebook"), networkSums("linkedin")],
      bestPost: { id: postIds[1], excerpt: "Behind the scenes of the launch", engagements: engagementsOfPost[1] },
    });
    // Its posts by time, with their own figures; the draft (today, 09:00) last.
    expect(got.posts).toEqual([
      ...seeds.map((s, i) => ({
        id: postIds[i],
        excerpt: s.content,
        status: "published",
        scheduledAt: new Date(Date.parse("2027-03-02T10:00:00Z") + i * 86_400_000).toISOString(),
        timezone: "UTC",
        platforms: [s.account.platform],
        reach: reachOfPost[i],
        engagements: engagementsOfPost[i],
      })),
      {
        id: planned.id,
        excerpt: "Still to write",
        status: "draft",
        scheduledAt: "2027-03-10T09:00:00.000Z",
        timezone: "UTC",
        platforms: [],
        reach: 0,
        engagements: 0,
      },
    ]);

    // An empty campaign adds up to nothing.
    const empty = await created(owner.cookie, { name: "Empty" });
    expect((await detail(owner.cookie, empty.id)).figures).toEqual({
      reach: 0,
      engagements: 0,
      engagementRate: null,
      published: 0,
      perNetwork: [],
      bestPost: null,
    });
  });

  test("exported as CSV: a row per network of each post with its latest figures, formulas defused", async () => {
    const owner = await signedInUser(t.app);
    const ws = await workspaceOf(t, owner.cookie);
    const linkedin = await seedAccount(t.db, ws, "linkedin", { username: "acme_in" });
    const campaign = await created(owner.cookie, { name: "Spring sale!" });
    const { postId } = await seedPublishedPost(
      t.db,
      ws,
      linkedin,
      new Date("2027-03-02T10:00:00Z"),
      [
        { at: new Date("2027-03-02T11:00:00Z"), figures: { views: 10, likes: 1 } },
        { at: new Date("2027-03-03T10:00:00Z"), figures: { views: 400, reach: 250, likes: 20, comments: 5 } },
      ],
      '=HYPERLINK("https://evil.example")\nand a second line',
    );
    await call(owner.cookie, "POST", `/api/campaigns/${campaign.id}/posts`, { postIds: [postId] });
    await draft(owner.cookie, "A draft, no network", campaign.id);

    const res = await call(owner.cookie, "GET", `/api/campaigns/${campaign.id}/export.csv`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe('attachment; filename="campaign-spring-sale.csv"');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual(CAMPAIGN_EXPORT_HEADER);
    const record = (row: string[] | undefined) =>
      Object.fromEntries(CAMPAIGN_EXPORT_HEADER.map((h, i) => [h, row?.[i]]));
    expect(rows).toHaveLength(2);
    expect(record(rows[0])).toEqual({
      "Scheduled at": "2027-03-02T10:00:00.000Z",
      Post: '\'=HYPERLINK("https://evil.example")\nand a second line',
      "Post status": "published",
      Network: "linkedin",
      Account: "acme_in",
      "Network status": "published",
      "Published at": "2027-03-02T10:00:00.000Z",
      Link: `https://example.com/${postId}`,
      Views: "400",
      Reach: "250",
      Likes: "20",
      Comments: "5",
      Shares: "",
      Saves: "",
      Clicks: "",
      Engagements: "25",
      "Engagement rate (%)": "10",
      "Read at": "2027-03-03T10:00:00.000Z",
    });
    expect(record(rows[1])).toMatchObject({
      "Scheduled at": "2027-03-10T09:00:00.000Z",
      Post: "A draft, no network",
      "Post status": "draft",
      Network: "",
      Reach: "",
      Engagements: "",
      "Read at": "",
    });
  });
});

describe("who may do what", () => {
  test("another workspace gets 404 on every route with a campaign's id, and changes nothing", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const campaign = await created(a.cookie, { name: "A's campaign" });
    const aPost = await draft(a.cookie, "A's post");
    const bCampaign = await created(b.cookie, { name: "B's campaign" });
    const bPost = await draft(b.cookie, "B's post");
    const before = await detail(a.cookie, campaign.id);

    const calls: [Method, string, object?][] = [
      ["GET", `/api/campaigns/${campaign.id}`],
      ["PATCH", `/api/campaigns/${campaign.id}`, { name: "Taken by B" }],
      ["DELETE", `/api/campaigns/${campaign.id}`],
      ["POST", `/api/campaigns/${campaign.id}/posts`, { postIds: [bPost.id] }],
      ["GET", `/api/campaigns/${campaign.id}/export.csv`],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(b.cookie, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.message).toBe(CAMPAIGN_MESSAGES.notFound);
    }
    // Not a uuid: the same 404.
    expect((await call(b.cookie, "GET", "/api/campaigns/not-an-id")).statusCode).toBe(404);
    expect((await call(b.cookie, "GET", "/api/campaigns/not-an-id/export.csv")).statusCode).toBe(404);
    // A's post into B's campaign: not B's post.
    const foreignPost = await call(b.cookie, "POST", `/api/campaigns/${bCampaign.id}/posts`, {
      postIds: [bPost.id, aPost.id],
    });
    expect(foreignPost.statusCode).toBe(404);
    expect(foreignPost.json().error.message).toBe(CAMPAIGN_MESSAGES.postNotFound);
    // All or none: B's own post did not join either.
    expect((await call(b.cookie, "GET", `/api/posts/${bPost.id}`)).json().post.campaignId).toBeNull();
    // B's post cannot name A's campaign.
    const named = await call(b.cookie, "POST", "/api/posts", {
      content: "x",
      timezone: "UTC",
      status: "draft",
      campaignId: campaign.id,
    });
    expect(named.statusCode).toBe(400);
    expect(named.json().error.message).toBe(CAMPAIGN_MESSAGES.postCampaignUnknown);
    expect((await listed(b.cookie)).map((c) => c.id)).toEqual([bCampaign.id]);

    expect(await detail(a.cookie, campaign.id)).toEqual(before);
    expect((await call(a.cookie, "GET", `/api/posts/${aPost.id}`)).json().post.campaignId).toBeNull();
  });

  test("every member reads campaigns; owners, admins and editors manage them; a contributor puts their own draft in one", async () => {
    const owner = await signedInUser(t.app);
    const campaign = await created(owner.cookie, { name: "Team campaign" });
    const ownerPost = await draft(owner.cookie, "The owner's post");
    for (const role of ["admin", "editor", "contributor"] as const) {
      const member = await joinWorkspace(t, owner, role);
      const manages = role !== "contributor";
      expect((await listed(member.cookie)).some((c) => c.id === campaign.id)).toBe(true);
      await detail(member.cookie, campaign.id);
      expect((await call(member.cookie, "GET", `/api/campaigns/${campaign.id}/export.csv`)).statusCode).toBe(200);

      const attempts: [Method, string, object?][] = [
        ["POST", "/api/campaigns", { name: `By the ${role}` }],
        ["PATCH", `/api/campaigns/${campaign.id}`, { description: `Changed by the ${role}` }],
        ["POST", `/api/campaigns/${campaign.id}/posts`, { postIds: [ownerPost.id] }],
      ];
      for (const [method, url, payload] of attempts) {
        const res = await call(member.cookie, method, url, payload);
        if (manages) expect(res.statusCode, `${role} ${method} ${url}: ${res.body}`).toBeLessThan(300);
        else {
          expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
          expect(res.json().error.message).toBe(WORKSPACE_MESSAGES.notAllowed(rolesThatCan("campaign", "manage")));
        }
      }
      const doomed = await created(owner.cookie, { name: `To delete by the ${role}` });
      expect((await call(member.cookie, "DELETE", `/api/campaigns/${doomed.id}`)).statusCode).toBe(manages ? 204 : 403);

      // Putting one's own draft in a campaign is editing that post.
      const own = await draft(member.cookie, `The ${role}'s draft`, campaign.id);
      expect(own.campaignId).toBe(campaign.id);
      const cleared = await call(member.cookie, "PATCH", `/api/posts/${own.id}`, { campaignId: null });
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json().post.campaignId).toBeNull();
    }
  });
});

describe("posts in campaigns", () => {
  test("a post's campaign must be one of its workspace's; the posts list and the calendar filter by it", async () => {
    const owner = await signedInUser(t.app);
    const spring = await created(owner.cookie, { name: "Spring" });
    const autumn = await created(owner.cookie, { name: "Autumn" });
    const unknown = "00000000-0000-4000-8000-000000000000";

    for (const campaignId of [unknown, "not-a-uuid"]) {
      const res = await call(owner.cookie, "POST", "/api/posts", {
        content: "x",
        timezone: "UTC",
        status: "draft",
        campaignId,
      });
      expect(res.statusCode, String(campaignId)).toBe(400);
      expect(res.json().error.message).toContain(CAMPAIGN_MESSAGES.postCampaignUnknown);
    }
    const inSpring = await draft(owner.cookie, "In spring", spring.id);
    const moved = await draft(owner.cookie, "Moved to autumn", spring.id);
    const none = await draft(owner.cookie, "In none");

    const toAutumn = await call(owner.cookie, "PATCH", `/api/posts/${moved.id}`, { campaignId: autumn.id });
    expect(toAutumn.json().post.campaignId).toBe(autumn.id);
    const toUnknown = await call(owner.cookie, "PATCH", `/api/posts/${moved.id}`, { campaignId: unknown });
    expect(toUnknown.statusCode).toBe(400);
    expect(toUnknown.json().error.message).toBe(CAMPAIGN_MESSAGES.postCampaignUnknown);
    // A change of something else keeps the campaign.
    const retold = await call(owner.cookie, "PATCH", `/api/posts/${moved.id}`, { content: "Moved, retold" });
    expect(retold.json().post.campaignId).toBe(autumn.id);

    const ids = async (url: string) => {
      const res = await call(owner.cookie, "GET", url);
      expect(res.statusCode, res.body).toBe(200);
      return ((res.json().posts ?? res.json().items) as { id: string }[]).map((p) => p.id);
    };
    expect(await ids(`/api/posts?campaignId=${spring.id}`)).toEqual([inSpring.id]);
    expect(await ids(`/api/posts?campaignId=${autumn.id}`)).toEqual([moved.id]);
    expect((await ids("/api/posts")).sort()).toEqual([inSpring.id, moved.id, none.id].sort());
    const range = "from=2027-03-01T00:00:00Z&to=2027-04-01T00:00:00Z";
    expect(await ids(`/api/posts/calendar?${range}&campaignId=${autumn.id}`)).toEqual([moved.id]);
    expect((await ids(`/api/posts/calendar?${range}`)).length).toBe(3);
    expect((await call(owner.cookie, "GET", "/api/posts?campaignId=nope")).statusCode).toBe(400);

    // Adding: ids that are not uuids are refused before anything is read; adding twice is harmless.
    const badIds = await call(owner.cookie, "POST", `/api/campaigns/${spring.id}/posts`, { postIds: ["x"] });
    expect(badIds.statusCode).toBe(400);
    const noIds = await call(owner.cookie, "POST", `/api/campaigns/${spring.id}/posts`, { postIds: [] });
    expect(noIds.json().error.message).toContain(CAMPAIGN_MESSAGES.noPostsChosen);
    const twice = await call(owner.cookie, "POST", `/api/campaigns/${spring.id}/posts`, {
      postIds: [none.id, none.id, inSpring.id],
    });
    expect(twice.statusCode, twice.body).toBe(204);
    expect(await ids(`/api/posts?campaignId=${spring.id}`)).toHaveLength(2);
    const missing = await call(owner.cookie, "POST", `/api/campaigns/${spring.id}/posts`, { postIds: [unknown] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(CAMPAIGN_MESSAGES.postNotFound);
  });
});

test("every member's open tabs hear of each change of a campaign, and of a post joining or leaving one", async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as { port: number };
  const owner = await signedInUser(t.app);
  const contributor = await joinWorkspace(t, owner, "contributor");
  const stream = await openEventStream(`http://127.0.0.1:${port}`, contributor.cookie);
  const next = async () => {
    const event = /event: campaigns\ndata: (.*)\n/;
    expect(await readUntil(stream, event)).toBe(true);
    const match = event.exec(stream.text) as RegExpExecArray;
    stream.text = stream.text.slice(match.index + match[0].length);
    return JSON.parse(match[1] as string);
  };
  try {
    const campaign = await created(owner.cookie, { name: "Live" });
    expect(await next()).toEqual({ type: "campaigns.changed", action: "insert", id: campaign.id });
    await call(owner.cookie, "PATCH", `/api/campaigns/${campaign.id}`, { utm: true });
    expect(await next()).toEqual({ type: "campaigns.changed", action: "update", id: campaign.id });
    const post = await draft(owner.cookie, "Joins", campaign.id);
    expect(await next()).toEqual({ type: "campaigns.changed", action: "update", id: campaign.id });
    await call(owner.cookie, "PATCH", `/api/posts/${post.id}`, { campaignId: null });
    expect(await next()).toEqual({ type: "campaigns.changed", action: "update", id: campaign.id });
    await call(owner.cookie, "POST", `/api/campaigns/${campaign.id}/posts`, { postIds: [post.id] });
    expect(await next()).toEqual({ type: "campaigns.changed", action: "update", id: campaign.id });
    await call(owner.cookie, "DELETE", `/api/campaigns/${campaign.id}`);
    expect(await next()).toEqual({ type: "campaigns.changed", action: "delete", id: campaign.id });
  } finally {
    await stream.reader.cancel();
  }
});
