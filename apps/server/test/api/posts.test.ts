import { POST_MESSAGES, wallClock } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { posts, postTargets, subscriptions } from "../../src/db/schema";
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

/** The wall-clock date in Paris `days` from the test clock's now. */
const dayIn = (days: number, zone = TZ) => wallClock(new Date(t.clock.now().getTime() + days * DAY), zone).date;

type Json = Record<string, unknown>;
const call = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: Json) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

async function userWith(...platforms: ("linkedin" | "twitter" | "facebook")[]) {
  const { cookie } = await signedInUser(t.app);
  const accounts: Record<string, string> = {};
  for (const p of platforms) accounts[p] = (await connect(t, cookie, p)).json().account.id;
  return { cookie, accounts };
}

const scheduled = (accountIds: string[], extra: Json = {}): Json => ({
  content: "Launch day is here",
  hashtags: ["launch"],
  accountIds,
  scheduledDate: dayIn(2),
  scheduledTime: "09:00",
  timezone: TZ,
  status: "scheduled",
  ...extra,
});

describe("creating", () => {
  test("a scheduled post keeps its wall-clock time in its zone and gets one target per account", async () => {
    const { cookie, accounts } = await userWith("linkedin", "twitter");
    const res = await call("POST", "/api/posts", cookie, scheduled([accounts.linkedin, accounts.twitter] as string[]));
    expect(res.statusCode, res.body).toBe(200);
    const post = res.json().post;
    expect(post).toMatchObject({
      status: "scheduled",
      content: "Launch day is here",
      hashtags: ["launch"],
      scheduledDate: dayIn(2),
      scheduledTime: "09:00",
      timezone: TZ,
    });
    expect(wallClock(new Date(post.scheduledAt), TZ)).toEqual({ date: dayIn(2), time: "09:00" });
    expect(post.platforms.sort()).toEqual(["linkedin", "twitter"]);
    expect(post.targets).toHaveLength(2);
    expect(post.targets.every((x: Json) => x.status === "pending")).toBe(true);

    const [row] = await t.db.select().from(postTargets).where(eq(postTargets.postId, post.id));
    expect(row?.nextAttemptAt?.toISOString()).toBe(post.scheduledAt);

    expect((await call("GET", `/api/posts/${post.id}`, cookie)).json().post.id).toBe(post.id);
    const from = new Date(t.clock.now().getTime()).toISOString();
    const to = new Date(t.clock.now().getTime() + 7 * DAY).toISOString();
    const list = await call("GET", `/api/posts?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, cookie);
    expect(list.json().posts.map((p: Json) => p.id)).toEqual([post.id]);
    // The list (one JSON query) and the single read agree to the last field.
    expect(list.json().posts[0]).toEqual(post);
    const outside = await call("GET", `/api/posts?from=${encodeURIComponent(to)}`, cookie);
    expect(outside.json().posts).toEqual([]);
  });

  test("a draft needs no platform and defaults to today at 09:00; its targets are never due", async () => {
    const { cookie } = await userWith();
    const res = await call("POST", "/api/posts", cookie, { content: "idea", timezone: TZ, status: "draft" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().post).toMatchObject({ status: "draft", scheduledDate: dayIn(0), scheduledTime: "09:00" });

    const { cookie: c2, accounts } = await userWith("linkedin");
    const withAccount = await call("POST", "/api/posts", c2, {
      content: "idea",
      accountIds: [accounts.linkedin],
      timezone: TZ,
      status: "draft",
    });
    const [target] = await t.db.select().from(postTargets).where(eq(postTargets.postId, withAccount.json().post.id));
    expect(target?.nextAttemptAt).toBeNull();
  });

  test("posts are listed by time, soonest first", async () => {
    const { cookie, accounts } = await userWith("linkedin");
    const ids = [accounts.linkedin] as string[];
    const later = (await call("POST", "/api/posts", cookie, scheduled(ids, { scheduledDate: dayIn(5) }))).json().post;
    const sooner = (await call("POST", "/api/posts", cookie, scheduled(ids, { scheduledDate: dayIn(1) }))).json().post;
    const list = (await call("GET", "/api/posts", cookie)).json().posts;
    expect(list.map((p: Json) => p.id)).toEqual([sooner.id, later.id]);
    const drafts = (await call("GET", "/api/posts?status=draft", cookie)).json().posts;
    expect(drafts).toEqual([]);
  });
});

describe("validation answers 4xx with the spec's title and message", () => {
  test("every rule of section 5", async () => {
    const { cookie, accounts } = await userWith("linkedin", "twitter", "facebook");
    const li = [accounts.linkedin] as string[];
    const cases: [Json, number, string, string][] = [
      [
        scheduled(li, { content: " ", hashtags: [] }),
        400,
        "Content Required",
        "Please enter some content for your post.",
      ],
      [scheduled([]), 400, "No Platforms Selected", "Please select at least one platform to schedule to."],
      [
        scheduled(li, { scheduledTime: "" }),
        400,
        "Schedule Time Required",
        "Please select both date and time for scheduling.",
      ],
      [
        scheduled([accounts.facebook as string]),
        400,
        "Facebook Page Required",
        "Please select a Facebook page to post to.",
      ],
      [scheduled(li, { scheduledDate: dayIn(-1) }), 400, "Schedule Time Passed", POST_MESSAGES.pastTime],
      [
        scheduled([accounts.twitter as string], { content: "x".repeat(300) }),
        400,
        "Content Too Long",
        "Tweet exceeds 280 character limit",
      ],
      [
        scheduled(li, { media: Array.from({ length: 11 }, (_, i) => ({ id: `m${i}`, aspectRatio: "1:1" })) }),
        400,
        "Too Many Files",
        "You can attach at most 10 files to a post.",
      ],
      [
        { content: "", hashtags: [], timezone: TZ, status: "draft" },
        400,
        "Nothing to Save",
        "Please add some content before saving as draft.",
      ],
    ];
    for (const [body, status, title, message] of cases) {
      const res = await call("POST", "/api/posts", cookie, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.json().error).toMatchObject({ title, message });
    }
    expect((await call("GET", "/api/posts", cookie)).json().posts).toEqual([]);
  });

  test("malformed input is a 400, never a 5xx", async () => {
    const { cookie, accounts } = await userWith("linkedin");
    const li = [accounts.linkedin] as string[];
    for (const body of [
      scheduled(li, { timezone: "Mars/Olympus" }),
      scheduled(li, { scheduledDate: "2026-02-30" }),
      scheduled(li, { scheduledTime: "25:00" }),
      scheduled(li, { status: "published" }),
      scheduled(["not-a-uuid"]),
      scheduled(li, { media: [{ id: "m", aspectRatio: "3:2" }] }),
      scheduled(li, { hashtags: ["two words"] }),
      { nothing: true },
    ]) {
      const res = await call("POST", "/api/posts", cookie, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    expect((await call("GET", "/api/posts?from=yesterday", cookie)).statusCode).toBe(400);
    expect((await call("GET", "/api/posts/123", cookie)).statusCode).toBe(400);
  });

  test("another user's account cannot be a target", async () => {
    const a = await userWith("linkedin");
    const b = await userWith();
    const res = await call("POST", "/api/posts", b.cookie, scheduled([a.accounts.linkedin as string]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.title).toBe("Account Not Available");
  });
});

describe("changing", () => {
  test("a new day keeps the time, across a daylight-saving change", async () => {
    const { cookie, accounts } = await userWith("linkedin");
    // Paris moves its clocks forward on 2027-03-28.
    const post = (
      await call(
        "POST",
        "/api/posts",
        cookie,
        scheduled([accounts.linkedin as string], { scheduledDate: "2027-03-27" }),
      )
    ).json().post;
    expect(post.scheduledAt).toBe("2027-03-27T08:00:00.000Z");
    const moved = await call("PATCH", `/api/posts/${post.id}`, cookie, { scheduledDate: "2027-03-29" });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().post).toMatchObject({
      scheduledDate: "2027-03-29",
      scheduledTime: "09:00",
      scheduledAt: "2027-03-29T07:00:00.000Z",
    });
    const [target] = await t.db.select().from(postTargets).where(eq(postTargets.postId, post.id));
    expect(target?.nextAttemptAt?.toISOString()).toBe("2027-03-29T07:00:00.000Z");

    const edited = await call("PATCH", `/api/posts/${post.id}`, cookie, {
      content: "New words",
      scheduledTime: "18:00",
    });
    expect(edited.json().post).toMatchObject({
      content: "New words",
      scheduledDate: "2027-03-29",
      scheduledTime: "18:00",
    });
    const invalid = await call("PATCH", `/api/posts/${post.id}`, cookie, { content: "", hashtags: [] });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.title).toBe("Content Required");
  });

  test("delete removes it; a post that started publishing can be neither changed nor deleted", async () => {
    const { cookie, accounts } = await userWith("linkedin");
    const li = [accounts.linkedin] as string[];
    const a = (await call("POST", "/api/posts", cookie, scheduled(li))).json().post;
    const gone = await call("DELETE", `/api/posts/${a.id}`, cookie);
    expect(gone.statusCode).toBe(200);
    expect((await call("GET", `/api/posts/${a.id}`, cookie)).statusCode).toBe(404);
    expect(await t.db.select().from(postTargets).where(eq(postTargets.postId, a.id))).toEqual([]);

    const b = (await call("POST", "/api/posts", cookie, scheduled(li))).json().post;
    await t.db.update(posts).set({ status: "publishing" }).where(eq(posts.id, b.id));
    const patch = await call("PATCH", `/api/posts/${b.id}`, cookie, { content: "too late" });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().error.message).toBe(POST_MESSAGES.notEditable);
    expect((await call("DELETE", `/api/posts/${b.id}`, cookie)).statusCode).toBe(409);
  });

  test("publish now makes a scheduled post due at once", async () => {
    const { cookie, accounts } = await userWith("linkedin");
    const post = (await call("POST", "/api/posts", cookie, scheduled([accounts.linkedin as string]))).json().post;
    const res = await call("POST", `/api/posts/${post.id}/publish`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().post.scheduledAt).toBe(t.clock.now().toISOString());
    const [target] = await t.db.select().from(postTargets).where(eq(postTargets.postId, post.id));
    expect(target?.nextAttemptAt?.toISOString()).toBe(t.clock.now().toISOString());
    const draft = (await call("POST", "/api/posts", cookie, { content: "d", timezone: TZ, status: "draft" })).json()
      .post;
    expect((await call("POST", `/api/posts/${draft.id}/publish`, cookie)).statusCode).toBe(409);
  });
});

test("another user's post is invisible: 404 for read, change, delete and publish", async () => {
  const a = await userWith("linkedin");
  const b = await userWith("linkedin");
  const post = (await call("POST", "/api/posts", a.cookie, scheduled([a.accounts.linkedin as string]))).json().post;
  expect((await call("GET", "/api/posts", b.cookie)).json().posts).toEqual([]);
  expect((await call("GET", `/api/posts/${post.id}`, b.cookie)).statusCode).toBe(404);
  expect((await call("PATCH", `/api/posts/${post.id}`, b.cookie, { content: "mine now" })).statusCode).toBe(404);
  expect((await call("DELETE", `/api/posts/${post.id}`, b.cookie)).statusCode).toBe(404);
  expect((await call("POST", `/api/posts/${post.id}/publish`, b.cookie)).statusCode).toBe(404);
  expect((await call("GET", `/api/posts/${post.id}`, a.cookie)).json().post.content).toBe("Launch day is here");
});

describe("the Free plan", () => {
  test("5 posts a month; drafts don't count; the 6th is refused; Premium is not limited", async () => {
    const { cookie, accounts } = await userWith("linkedin");
    const li = [accounts.linkedin] as string[];
    const draft = (await call("POST", "/api/posts", cookie, { content: "d", timezone: TZ, status: "draft" })).json()
      .post;
    for (let i = 0; i < 5; i++) {
      const res = await call("POST", "/api/posts", cookie, scheduled(li, { content: `post ${i}` }));
      expect(res.statusCode, res.body).toBe(200);
    }
    const usage = await call("GET", `/api/usage?timezone=${encodeURIComponent(TZ)}`, cookie);
    expect(usage.json()).toMatchObject({ postsThisMonth: 5, limits: { postsPerMonth: 5 } });

    const sixth = await call("POST", "/api/posts", cookie, scheduled(li));
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json().error.message).toBe(
      "You've reached your monthly limit of 5 posts. Upgrade to Premium for unlimited posting.",
    );
    // A draft can still be saved, but not scheduled.
    expect(
      (await call("POST", "/api/posts", cookie, { content: "d2", timezone: TZ, status: "draft" })).statusCode,
    ).toBe(200);
    const promote = await call("PATCH", `/api/posts/${draft.id}`, cookie, {
      status: "scheduled",
      accountIds: li,
      scheduledDate: dayIn(2),
    });
    expect(promote.statusCode).toBe(403);

    const me = await call("GET", "/api/me", cookie);
    await t.db
      .insert(subscriptions)
      .values({ workspaceId: me.json().workspace.id, userId: me.json().user.id, status: "active", tier: "premium" });
    expect((await call("POST", "/api/posts", cookie, scheduled(li))).statusCode).toBe(200);
    expect((await call("GET", "/api/usage", cookie)).json().limits.postsPerMonth).toBeNull();
  });

  test("next month starts again from zero", async () => {
    const { cookie, accounts } = await userWith("linkedin");
    const li = [accounts.linkedin] as string[];
    for (let i = 0; i < 5; i++) await call("POST", "/api/posts", cookie, scheduled(li, { scheduledDate: dayIn(40) }));
    expect((await call("POST", "/api/posts", cookie, scheduled(li, { scheduledDate: dayIn(40) }))).statusCode).toBe(
      403,
    );
    t.clock.advance(32 * DAY);
    expect((await call("POST", "/api/posts", cookie, scheduled(li, { scheduledDate: dayIn(8) }))).statusCode).toBe(200);
  });
});

test("the owner's event stream carries post changes", async () => {
  const { cookie, accounts } = await userWith("linkedin");
  const res = await fetch(`${t.baseUrl}/api/events`, { headers: { cookie } });
  const reader = res.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const post = (await call("POST", "/api/posts", cookie, scheduled([accounts.linkedin as string]))).json().post;
  const decoder = new TextDecoder();
  let text = "";
  while (!text.includes("event: posts")) text += decoder.decode((await reader.read()).value);
  const data = JSON.parse(/event: posts\ndata: (.*)\n/.exec(text)?.[1] as string);
  expect(data).toMatchObject({ type: "posts.changed", action: "insert", post: { id: post.id } });
  await reader.cancel();
});
