import { CALENDAR_SNIPPET_LENGTH, calendarResponseSchema, wallClock } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { posts, postTargets } from "../../src/db/schema";
import { createNetworkTestApp, type NetworkTestApp, signedInUser } from "../helpers";
import { connect } from "../oauth";

let t: NetworkTestApp;
beforeEach(async () => {
  t = await createNetworkTestApp();
});
afterEach(async () => {
  await t.close();
});

const TZ = "Europe/Paris";
const DAY = 86_400_000;
const LONG = "Spring launch: meet our new planner, out on every network today";

/** The wall-clock date in Paris `days` from the test clock's now. */
const dayIn = (days: number) => wallClock(new Date(t.clock.now().getTime() + days * DAY), TZ).date;

type Json = Record<string, unknown>;
const call = (method: "GET" | "POST", url: string, cookie: string, payload?: Json) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function userWith(...platforms: ("linkedin" | "twitter")[]) {
  const { cookie } = await signedInUser(t.app);
  const accounts: string[] = [];
  for (const p of platforms) accounts.push((await connect(t, cookie, p)).json().account.id);
  return { cookie, accounts };
}

async function create(cookie: string, body: Json): Promise<Json> {
  const res = await call("POST", "/api/posts", cookie, { timezone: TZ, scheduledTime: "09:00", ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().post;
}

const calendarUrl = (from: Date | string, to: Date | string, extra = "") =>
  `/api/posts/calendar?from=${encodeURIComponent(new Date(from).toISOString())}&to=${encodeURIComponent(
    new Date(to).toISOString(),
  )}${extra}`;

async function calendar(cookie: string, from: Date | string, to: Date | string, extra = "") {
  const res = await call("GET", calendarUrl(from, to, extra), cookie);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers["content-type"]).toMatch(/^application\/json/);
  // The answer is written by the database, not by the route's serializer: it must still be the schema's shape.
  return calendarResponseSchema.strict().parse(res.json()).items;
}

describe("GET /api/posts/calendar", () => {
  test("carries only what a cell shows: time, zone, the first 20 characters, networks, status", async () => {
    const { cookie, accounts } = await userWith("linkedin", "twitter");
    const both = await create(cookie, {
      content: `  ${LONG}\n`,
      accountIds: accounts,
      scheduledDate: dayIn(2),
      status: "scheduled",
    });
    const tagsOnly = await create(cookie, {
      content: " \n ",
      hashtags: ["launch", "spring"],
      scheduledDate: dayIn(3),
      status: "draft",
    });
    const now = t.clock.now().getTime();
    const items = await calendar(cookie, new Date(now), new Date(now + 7 * DAY));

    expect(items).toEqual([
      {
        id: both.id,
        scheduledAt: both.scheduledAt,
        timezone: TZ,
        text: LONG.slice(0, CALENDAR_SNIPPET_LENGTH),
        platforms: both.platforms,
        status: "scheduled",
        results: null,
        campaignId: null,
      },
      {
        id: tagsOnly.id,
        scheduledAt: tagsOnly.scheduledAt,
        timezone: TZ,
        text: "#launch #spring",
        platforms: [],
        status: "draft",
        results: null,
        campaignId: null,
      },
    ]);
    // Each item's keys and nothing else (no content, targets, options).
    expect(Object.keys(items[0] ?? {}).sort()).toEqual(
      ["campaignId", "id", "platforms", "results", "scheduledAt", "status", "text", "timezone"].sort(),
    );
    // The networks in the order the full read gives them.
    expect(items[0]?.platforms).toHaveLength(2);

    // The day and list views ask for the whole text.
    const full = await calendar(cookie, new Date(now), new Date(now + 7 * DAY), "&text=full");
    expect(full.map((i) => i.text)).toEqual([LONG, "#launch #spring"]);
  });

  test("follows a post's networks as they change (kept on the post by triggers on its targets)", async () => {
    const { cookie, accounts } = await userWith("linkedin", "twitter");
    const [linkedin, twitter] = accounts as [string, string];
    const post = await create(cookie, {
      content: "networks",
      accountIds: [twitter],
      scheduledDate: dayIn(1),
      status: "scheduled",
    });
    const now = t.clock.now().getTime();
    const networks = async () => (await calendar(cookie, new Date(now), new Date(now + 7 * DAY)))[0]?.platforms;
    expect(await networks()).toEqual(["twitter"]);
    const both = await t.app.inject({
      method: "PATCH",
      url: `/api/posts/${post.id}`,
      headers: { cookie },
      payload: { accountIds: [linkedin, twitter] },
    });
    expect(both.statusCode, both.body).toBe(200);
    // The order of the full read (targets first made first, then by name).
    expect(await networks()).toEqual(both.json().post.platforms);
    const one = await t.app.inject({
      method: "PATCH",
      url: `/api/posts/${post.id}`,
      headers: { cookie },
      payload: { accountIds: [linkedin] },
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(await networks()).toEqual(["linkedin"]);
    // Targets written straight to the database (as the benchmarks seed them) are followed too.
    await t.db.delete(postTargets).where(eq(postTargets.postId, String(post.id)));
    expect(await networks()).toEqual([]);
  });

  test("a post whose every network has its own text shows the first network's own text", async () => {
    const { cookie, accounts } = await userWith("linkedin", "twitter");
    const [linkedin, twitter] = accounts as [string, string];
    const post = await create(cookie, {
      content: "",
      accountIds: [twitter, linkedin],
      variants: {
        twitter: { content: "  Short for X  ", hashtags: [], media: [] },
        linkedin: { content: "Longer words for LinkedIn", hashtags: [], media: [] },
      },
      scheduledDate: dayIn(1),
      status: "draft",
    });
    const now = t.clock.now().getTime();
    const [item] = await calendar(cookie, new Date(now), new Date(now + 7 * DAY), "&text=full");
    const first = (post.platforms as string[])[0] === "twitter" ? "Short for X" : "Longer words for LinkedIn";
    expect(item?.text).toBe(first);
  });

  test("counts characters, not UTF-16 units: an emoji is never cut in half", async () => {
    const { cookie } = await userWith();
    const text = `${"a".repeat(CALENDAR_SNIPPET_LENGTH - 1)}🚀 and more`;
    await create(cookie, { content: text, scheduledDate: dayIn(1), status: "draft" });
    const now = t.clock.now().getTime();
    const [item] = await calendar(cookie, new Date(now), new Date(now + 7 * DAY));
    expect(item?.text).toBe(`${"a".repeat(CALENDAR_SNIPPET_LENGTH - 1)}🚀`);
  });

  test("holds only the signed-in user's posts, going out in [from, to), soonest first", async () => {
    const a = await userWith("linkedin");
    const b = await userWith("linkedin");
    const later = await create(a.cookie, {
      content: "later",
      accountIds: a.accounts,
      scheduledDate: dayIn(4),
      status: "scheduled",
    });
    const sooner = await create(a.cookie, {
      content: "sooner",
      accountIds: a.accounts,
      scheduledDate: dayIn(2),
      status: "scheduled",
    });
    const edge = await create(a.cookie, { content: "edge", scheduledDate: dayIn(6), status: "draft" });
    await create(b.cookie, {
      content: "not a's",
      accountIds: b.accounts,
      scheduledDate: dayIn(2),
      status: "scheduled",
    });

    const from = String(sooner.scheduledAt);
    const to = String(edge.scheduledAt);
    // `from` is in, `to` is not (the calendar's range ends where the next one starts).
    expect((await calendar(a.cookie, from, to)).map((i) => i.id)).toEqual([sooner.id, later.id]);
    expect((await calendar(a.cookie, from, new Date(Date.parse(to) + 1))).map((i) => i.id)).toEqual([
      sooner.id,
      later.id,
      edge.id,
    ]);
    expect((await calendar(a.cookie, new Date(Date.parse(from) + 1), to)).map((i) => i.id)).toEqual([later.id]);
    expect((await calendar(b.cookie, from, to)).map((i) => i.text)).toEqual(["not a's"]);
  });

  test("a partly published post and a failed one carry the result badge's counts", async () => {
    const { cookie, accounts } = await userWith("linkedin", "twitter");
    const partial = await create(cookie, {
      content: "half out",
      accountIds: accounts,
      scheduledDate: dayIn(1),
      status: "scheduled",
    });
    const failed = await create(cookie, {
      content: "nowhere",
      accountIds: accounts,
      scheduledDate: dayIn(2),
      status: "scheduled",
    });
    const targets = await t.db
      .select()
      .from(postTargets)
      .where(eq(postTargets.postId, String(partial.id)));
    await t.db
      .update(postTargets)
      .set({ status: "published" })
      .where(eq(postTargets.id, String(targets[0]?.id)));
    await t.db
      .update(postTargets)
      .set({ status: "failed" })
      .where(eq(postTargets.id, String(targets[1]?.id)));
    await t.db
      .update(posts)
      .set({ status: "partially_published" })
      .where(eq(posts.id, String(partial.id)));
    await t.db
      .update(postTargets)
      .set({ status: "unconfirmed" })
      .where(eq(postTargets.postId, String(failed.id)));
    await t.db
      .update(posts)
      .set({ status: "failed" })
      .where(eq(posts.id, String(failed.id)));

    const now = t.clock.now().getTime();
    const items = await calendar(cookie, new Date(now), new Date(now + 7 * DAY));
    expect(items.map((i) => [i.status, i.results])).toEqual([
      ["partially_published", { published: 1, failed: 1 }],
      ["failed", { published: 0, failed: 2 }],
    ]);
    expect(items[0]?.platforms.sort()).toEqual(["linkedin", "twitter"]);
  });

  test("refuses a call without a session, and a range that is not two instants, in the error shape", async () => {
    const { cookie } = await userWith();
    const now = t.clock.now().getTime();
    const anonymous = await t.app.inject({ method: "GET", url: calendarUrl(new Date(now), new Date(now + DAY)) });
    expect(anonymous.statusCode).toBe(401);
    for (const url of [
      "/api/posts/calendar",
      `/api/posts/calendar?from=${encodeURIComponent(new Date(now).toISOString())}`,
      `${calendarUrl(new Date(now), new Date(now + DAY))}&text=everything`,
      "/api/posts/calendar?from=yesterday&to=tomorrow",
      // PostgreSQL has no year 0: refused here rather than failing in the database.
      `/api/posts/calendar?from=${encodeURIComponent("0000-06-01T00:00:00Z")}&to=${encodeURIComponent(new Date(now).toISOString())}`,
    ]) {
      const res = await call("GET", url, cookie);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    }
  });

  test("an empty range is an empty list; the route is in the OpenAPI document", async () => {
    const { cookie } = await userWith();
    const now = t.clock.now().getTime();
    expect(await calendar(cookie, new Date(now), new Date(now + DAY))).toEqual([]);
    const doc = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    const op = doc.paths["/api/posts/calendar"]?.get;
    expect(op?.responses?.["200"]).toBeDefined();
    expect(JSON.stringify(op.responses["200"])).toContain("scheduledAt");
  });
});
