import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { followersOn, postFigures } from "./metrics";
import { utcDay } from "./networks/figures";
import { boardsOf } from "./networks/pinterest";
import { personOf } from "./people";
import { mp4, pathOf, png, startSandbox, type TestSandbox } from "./publish-test-kit";

/**
 * The metric reads of X, YouTube, TikTok and Pinterest: figures of posts published through the sandbox, read
 * after the sandbox's clock moved on, are exactly `postFigures` at that moment in each network's field names.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The test tokens live an hour of real time: the sandbox's clock starts in the past and stays before then.
let clock = 0;
let s: TestSandbox;
beforeEach(async () => {
  clock = Date.now() - 10 * DAY;
  s = await startSandbox({ now: () => new Date(clock) });
});
afterEach(async () => {
  await s.close();
});

const bearer = (platform: Parameters<TestSandbox["token"]>[0], scope: string, username = "alice") => ({
  authorization: `Bearer ${s.token(platform, username, scope)}`,
});
const figuresNow = (platform: "twitter" | "youtube" | "tiktok" | "pinterest", id: string, at: Date) =>
  postFigures(platform, id, at, new Date(clock));
const followersToday = (platform: "twitter" | "youtube" | "tiktok" | "pinterest", username = "alice") => {
  const p = personOf(platform, username);
  return followersOn(platform, p.id, p.followers, utcDay(clock));
};
/** the GET calls the sandbox recorded on a network whose path starts with `prefix` */
const reads = (platform: string, prefix: string) =>
  s.control.requests.filter((r) => r.platform === platform && r.method === "GET" && r.path.startsWith(prefix)).length;

describe("X post lookup", () => {
  const API = "/sandbox/twitter/api.x.com/2";
  const SCOPE = "tweet.read users.read tweet.write";
  const publish = async (text: string, username = "alice") => {
    const res = await s.inject({
      method: "POST",
      url: `${API}/tweets`,
      headers: bearer("twitter", SCOPE, username),
      payload: { text },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as string;
  };
  const get = (path: string, scope = SCOPE) =>
    s.inject({ method: "GET", url: `${API}/${path}`, headers: bearer("twitter", scope) });
  const expected = (id: string, at: Date) => {
    const f = figuresNow("twitter", id, at);
    const quotes = Math.floor(f.shares / 5);
    return {
      retweet_count: f.shares - quotes,
      reply_count: f.comments,
      like_count: f.likes,
      quote_count: quotes,
      bookmark_count: f.saves,
      impression_count: f.views,
    };
  };

  it("serves public_metrics of one post and of a batch as they grow; followers follow the day", async () => {
    const at = new Date(clock);
    const id = await publish("Metrics please");
    const other = await publish("Another one", "bob");
    clock += 6 * HOUR;
    const one = await get(`tweets/${id}?tweet.fields=public_metrics,created_at`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual({
      id,
      text: "Metrics please",
      edit_history_tweet_ids: [id],
      created_at: at.toISOString(),
      public_metrics: expected(id, at),
    });
    expect(one.json().data.public_metrics.impression_count).toBeGreaterThan(0);
    expect(one.headers["x-rate-limit-limit"]).toBe("15");
    expect(one.headers["x-rate-limit-remaining"]).toBe("14");
    // no tweet.fields: no metrics
    expect((await get(`tweets/${id}`)).json().data).toEqual({
      id,
      text: "Metrics please",
      edit_history_tweet_ids: [id],
    });

    clock += 3 * DAY;
    const missing = "1234567890123456789";
    const batch = await get(`tweets?ids=${id},${other},${missing}&tweet.fields=public_metrics`);
    expect(batch.statusCode, batch.body).toBe(200);
    // Posts are public on X: another user's post is read like one's own.
    expect(batch.json().data).toEqual([
      expect.objectContaining({ id, public_metrics: expected(id, at) }),
      expect.objectContaining({ id: other, public_metrics: expected(other, at) }),
    ]);
    expect(batch.json().errors).toEqual([
      expect.objectContaining({
        resource_id: missing,
        parameter: "ids",
        title: "Not Found Error",
        type: "https://api.twitter.com/2/problems/resource-not-found",
      }),
    ]);
    expect(reads("twitter", "api.x.com/2/tweets")).toBe(3);

    const me = await get("users/me?user.fields=public_metrics");
    expect(me.json().data.public_metrics.followers_count).toBe(followersToday("twitter"));
  });

  it("refuses a missing scope (403), an unknown or malformed id, too many ids, and more lookups than the tier allows", async () => {
    const id = await publish("Scoped");
    const forbidden = await get(`tweets/${id}?tweet.fields=public_metrics`, "tweet.read");
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ title: "Forbidden", status: 403 });

    const unknown = await get("tweets/1999999999999999999?tweet.fields=public_metrics");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({
      errors: [expect.objectContaining({ title: "Not Found Error", parameter: "id" })],
    });
    const malformed = await get("tweets/abc");
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ type: "https://api.x.com/2/problems/invalid-request" });
    const many = Array.from({ length: 101 }, (_, i) => String(1_000 + i)).join(",");
    expect((await get(`tweets?ids=${many}`)).statusCode).toBe(400);
    expect((await get("tweets?ids=")).statusCode).toBe(400);

    // basic tier: 15 lookups per user per 15 minutes (one spent above), then 429 until the window ends
    for (let i = 0; i < 14; i++) expect((await get(`tweets/${id}`)).statusCode).toBe(200);
    const limited = await get(`tweets?ids=${id}`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 429, title: "Too Many Requests" });
    expect(limited.headers["x-rate-limit-remaining"]).toBe("0");
    clock += 15 * 60_000;
    expect((await get(`tweets?ids=${id}`)).statusCode).toBe(200);
    s.control.setReview({ twitter: { tier: "pro" } });
    expect((await get(`tweets/${id}`)).headers["x-rate-limit-limit"]).toBe("900");
  });
});

describe("YouTube video statistics", () => {
  const READ = "https://www.googleapis.com/auth/youtube.readonly";
  const UPLOAD = "https://www.googleapis.com/auth/youtube.upload";
  async function upload(username = "alice") {
    const data = mp4(4096);
    const init = await s.inject({
      method: "POST",
      url: "/sandbox/youtube/www.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status",
      headers: {
        ...bearer("youtube", UPLOAD, username),
        "x-upload-content-length": String(data.length),
        "x-upload-content-type": "video/mp4",
      },
      payload: { snippet: { title: "Clip" }, status: { privacyStatus: "public" } },
    });
    expect(init.statusCode, init.body).toBe(200);
    const done = await s.inject({
      method: "PUT",
      url: pathOf(init.headers.location as string),
      headers: { "content-type": "video/mp4", "content-range": `bytes 0-${data.length - 1}/${data.length}` },
      payload: data,
    });
    expect(done.statusCode, done.body).toBe(200);
    return done.json().id as string;
  }
  const get = (path: string, scope = READ) =>
    s.inject({
      method: "GET",
      url: `/sandbox/youtube/www.googleapis.com/youtube/v3/${path}`,
      headers: bearer("youtube", scope),
    });

  it("serves statistics as strings for several videos at once; the channel's subscribers follow the day", async () => {
    const at = new Date(clock);
    const a = await upload();
    const b = await upload();
    clock += 2 * DAY + 5 * HOUR;
    const res = await get(`videos?part=statistics&id=${a},${b},nope`);
    expect(res.statusCode, res.body).toBe(200);
    const stats = (id: string) => {
      const f = figuresNow("youtube", id, at);
      return {
        viewCount: String(f.views),
        likeCount: String(f.likes),
        favoriteCount: "0",
        commentCount: String(f.comments),
      };
    };
    // an unknown id is left out of the list
    expect(res.json().items).toEqual([
      { kind: "youtube#video", etag: `etag-${a}`, id: a, statistics: stats(a) },
      { kind: "youtube#video", etag: `etag-${b}`, id: b, statistics: stats(b) },
    ]);
    expect(Number(res.json().items[0].statistics.viewCount)).toBeGreaterThan(0);
    const channel = await get("channels?part=statistics&mine=true", `https://www.googleapis.com/auth/youtube`);
    expect(channel.json().items[0].statistics.subscriberCount).toBe(String(followersToday("youtube")));
    expect(reads("youtube", "www.googleapis.com/youtube/v3/videos")).toBe(1);
  });

  it("refuses a token without a read scope (403 insufficientPermissions)", async () => {
    const id = await upload();
    const res = await get(`videos?part=statistics&id=${id}`, UPLOAD);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.errors[0].reason).toBe("insufficientPermissions");
  });
});

describe("TikTok video query", () => {
  const API = "/sandbox/tiktok/open.tiktokapis.com/v2";
  const SCOPE = "user.info.basic,user.info.stats,video.publish,video.list";
  async function publish(username = "alice") {
    const data = mp4(4096);
    const init = await s.inject({
      method: "POST",
      url: `${API}/post/publish/video/init/`,
      headers: bearer("tiktok", SCOPE, username),
      payload: {
        post_info: { title: "Dance", privacy_level: "PUBLIC_TO_EVERYONE" },
        source_info: { source: "FILE_UPLOAD", video_size: data.length, chunk_size: data.length, total_chunk_count: 1 },
      },
    });
    expect(init.statusCode, init.body).toBe(200);
    const put = await s.inject({
      method: "PUT",
      url: pathOf(init.json().data.upload_url),
      headers: { "content-type": "video/mp4", "content-range": `bytes 0-${data.length - 1}/${data.length}` },
      payload: data,
    });
    expect(put.statusCode).toBe(201);
    return s.control.published("tiktok").at(-1)?.id as string;
  }
  const FIELDS = "id,view_count,like_count,comment_count,share_count";
  const query = (body: unknown, scope = SCOPE, fields = FIELDS) =>
    s.inject({
      method: "POST",
      url: `${API}/video/query/?fields=${fields}`,
      headers: bearer("tiktok", scope),
      payload: body as object,
    });

  it("serves the counts of the user's own videos; another's or an unknown id is left out; followers follow the day", async () => {
    const at = new Date(clock);
    const mine = await publish();
    const theirs = await publish("bob");
    clock += 30 * HOUR;
    const res = await query({ filters: { video_ids: [mine, theirs, "7000000000000000000"] } });
    expect(res.statusCode, res.body).toBe(200);
    const f = figuresNow("tiktok", mine, at);
    expect(res.json().data).toEqual({
      videos: [
        { id: mine, view_count: f.views, like_count: f.likes, comment_count: f.comments, share_count: f.shares },
      ],
    });
    expect(res.json().error.code).toBe("ok");
    const user = await s.inject({
      method: "GET",
      url: `${API}/user/info/?fields=follower_count`,
      headers: bearer("tiktok", SCOPE),
    });
    expect(user.json().data.user.follower_count).toBe(followersToday("tiktok"));
  });

  it("refuses a missing scope, more than 20 ids, no ids and unknown fields", async () => {
    const id = await publish();
    const refused = await query({ filters: { video_ids: [id] } }, "user.info.basic,video.publish");
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe("scope_not_authorized");
    const ids = Array.from({ length: 21 }, () => id);
    expect((await query({ filters: { video_ids: ids } })).json().error.code).toBe("invalid_params");
    expect((await query({ filters: {} })).statusCode).toBe(400);
    expect((await query({ filters: { video_ids: [id] } }, SCOPE, "id,plays")).statusCode).toBe(400);
    const stats = await s.inject({
      method: "GET",
      url: `${API}/user/info/?fields=follower_count`,
      headers: bearer("tiktok", "user.info.basic"),
    });
    expect(stats.json().error.code).toBe("scope_not_authorized");
  });
});

describe("Pinterest pin analytics", () => {
  const API = "/sandbox/pinterest/api.pinterest.com/v5";
  const SCOPE = "boards:read,boards:write,pins:read,pins:write,user_accounts:read";
  const TYPES = "IMPRESSION,OUTBOUND_CLICK,PIN_CLICK,SAVE,TOTAL_COMMENTS,TOTAL_REACTIONS";
  async function publish(username = "alice") {
    const res = await s.inject({
      method: "POST",
      url: `${API}/pins`,
      headers: bearer("pinterest", SCOPE, username),
      payload: {
        board_id: (boardsOf(personOf("pinterest", username))[0] as { id: string }).id,
        media_source: { source_type: "image_base64", content_type: "image/png", data: png().toString("base64") },
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }
  const analytics = (id: string, start: string, end: string, scope = SCOPE, types = TYPES) =>
    s.inject({
      method: "GET",
      url: `${API}/pins/${id}/analytics?start_date=${start}&end_date=${end}&metric_types=${types}`,
      headers: bearer("pinterest", scope),
    });
  const named = (id: string, at: Date, moment: number) => {
    const f = postFigures("pinterest", id, at, new Date(moment));
    return {
      IMPRESSION: f.views,
      OUTBOUND_CLICK: f.clicks,
      PIN_CLICK: 2 * f.clicks,
      SAVE: f.saves,
      TOTAL_COMMENTS: f.comments,
      TOTAL_REACTIONS: f.likes,
    };
  };

  it("serves daily values that add up to the summary, which is the pin's figures now; followers follow the day", async () => {
    clock = Date.parse(`${utcDay(clock)}T15:00:00Z`);
    const at = new Date(clock);
    const id = await publish();
    clock += 3 * DAY + 2 * HOUR;
    const before = utcDay(at.getTime() - DAY);
    const res = await analytics(id, before, utcDay(clock));
    expect(res.statusCode, res.body).toBe(200);
    const { all } = res.json();
    expect(all.lifetime_metrics).toEqual(named(id, at, clock));
    expect(all.summary_metrics).toEqual(named(id, at, clock));
    expect(all.daily_metrics).toHaveLength(5);
    expect(all.daily_metrics[0]).toEqual({ date: before, data_status: "BEFORE_PIN_CREATED", metrics: {} });
    // the first day: from publishing to midnight
    const midnight = Date.parse(`${utcDay(at.getTime() + DAY)}T00:00:00Z`);
    expect(all.daily_metrics[1]).toEqual({
      date: utcDay(at.getTime()),
      data_status: "READY",
      metrics: named(id, at, midnight),
    });
    const sum = (key: keyof ReturnType<typeof named>) =>
      all.daily_metrics.reduce((n: number, d: { metrics: Record<string, number> }) => n + (d.metrics[key] ?? 0), 0);
    expect(sum("IMPRESSION")).toBe(named(id, at, clock).IMPRESSION);
    expect(sum("SAVE")).toBe(named(id, at, clock).SAVE);

    const me = await s.inject({ method: "GET", url: `${API}/user_account`, headers: bearer("pinterest", SCOPE) });
    expect(me.json().follower_count).toBe(followersToday("pinterest"));
    expect(reads("pinterest", `api.pinterest.com/v5/pins/${id}/analytics`)).toBe(1);
  });

  it("refuses a missing scope, another user's or an unknown pin, a start more than 90 days ago and bad parameters", async () => {
    const id = await publish();
    const theirs = await publish("bob");
    const today = utcDay(clock);
    const noScope = await analytics(id, today, today, "boards:read,pins:read");
    expect(noScope.statusCode).toBe(401);
    expect(noScope.json().code).toBe(3);
    for (const pin of [theirs, "999999999999999999"]) {
      const res = await analytics(pin, today, today);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 50, message: "Pin not found." });
    }
    const old = await analytics(id, utcDay(clock - 91 * DAY), today);
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toContain("90 days");
    expect((await analytics(id, utcDay(clock - 90 * DAY), today)).statusCode).toBe(200);
    expect((await analytics(id, today, utcDay(clock - DAY))).statusCode).toBe(400);
    expect((await analytics(id, "2026-02-30", today)).statusCode).toBe(400);
    expect((await analytics(id, today, today, SCOPE, "IMPRESSION,CLOSEUP")).statusCode).toBe(400);
    // the API's sandbox host has its own pins: a production pin is not found there
    const sandboxHost = await s.inject({
      method: "GET",
      url: `/sandbox/pinterest/api-sandbox.pinterest.com/v5/pins/${id}/analytics?start_date=${today}&end_date=${today}&metric_types=SAVE`,
      headers: bearer("pinterest", SCOPE),
    });
    expect(sandboxHost.statusCode).toBe(401);
  });
});
