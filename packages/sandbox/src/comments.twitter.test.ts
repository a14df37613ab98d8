import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SandboxComment } from "./comments";
import { drawnMentions, xCommentId } from "./networks/twitter-tweets";
import { personOf } from "./people";
import { startSandbox, type TestSandbox } from "./publish-test-kit";
import type { PublishedItem } from "./publishing";

/**
 * X's replies and mentions as its v2 API gives them to a paid app: recent search over a conversation, the mentions
 * timeline, answers (under X's 2026 reply rule), likes and hidden replies, each with its scopes; the Free tier is
 * not enrolled for any of them.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const API = "/sandbox/twitter/api.x.com/2";
const ALL = "tweet.read tweet.write users.read like.write tweet.moderate.write offline.access";
const FIELDS = "author_id,created_at,conversation_id,in_reply_to_user_id,referenced_tweets";
const brand = personOf("twitter", "brand");

// The sandbox's clock runs days behind the real one, so the test kit's tokens (an hour from real now) stay valid.
let clock: number;
let s: TestSandbox;
let post: PublishedItem;
beforeEach(async () => {
  clock = Date.now() - 20 * DAY;
  s = await startSandbox({ now: () => new Date(clock) });
  [post] = s.control.seedPublished("twitter", "brand", [{ text: "Our launch is today" }]) as [PublishedItem];
  clock += 30 * HOUR;
  s.control.comment("twitter", post.id, { username: "ana.lopez", text: "Where can I buy it?" });
});
afterEach(async () => {
  await s.close();
});

type Tweet = { id: string; text: string; author_id?: string; conversation_id?: string; referenced_tweets?: unknown };
const token = (scope = ALL, username = "brand") => s.token("twitter", username, scope);
const get = (path: string, query: Record<string, string>, t = token()) =>
  s.inject({
    method: "GET",
    url: `${API}/${path}?${new URLSearchParams(query)}`,
    headers: { authorization: `Bearer ${t}` },
  });
const send = (method: "POST" | "PUT" | "DELETE", path: string, payload?: Record<string, unknown>, t = token()) =>
  s.inject({
    method,
    url: `${API}/${path}`,
    headers: { authorization: `Bearer ${t}` },
    ...(payload !== undefined && { payload }),
  });
const search = (query: string, extra: Record<string, string> = {}, t = token()) =>
  get(
    "tweets/search/recent",
    { query, max_results: "100", "tweet.fields": FIELDS, expansions: "author_id", ...extra },
    t,
  );
const stored = () => s.control.comments("twitter", post.id);
const idOf = (c: SandboxComment) => xCommentId(c.key);
/** The ids in `now` that were not in `before`, sorted. */
const newSince = (before: Tweet[], now: Tweet[]) =>
  now
    .map((t) => t.id)
    .filter((id) => !before.some((t) => t.id === id))
    .sort();

describe("X replies and mentions", () => {
  it("recent search of a conversation: every reply newest first, with X's leading mentions, authors and billing count", async () => {
    const res = await search(`conversation_id:${post.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as {
      data: Tweet[];
      includes: { users: { id: string; username: string }[] };
      meta: { result_count: number };
    };
    const replies = stored();
    // The conversation's first post is part of it.
    expect(body.data.map((t) => t.id).sort()).toEqual([post.id, ...replies.map(idOf)].sort());
    expect(body.meta.result_count).toBe(replies.length + 1);
    const ana = replies.find((c) => c.author.username === "ana.lopez") as SandboxComment;
    expect(body.data[0]).toEqual({
      id: idOf(ana),
      text: "@brand Where can I buy it?",
      edit_history_tweet_ids: [idOf(ana)],
      author_id: personOf("twitter", "ana.lopez").id,
      created_at: new Date(clock).toISOString(),
      conversation_id: post.id,
      in_reply_to_user_id: brand.id,
      referenced_tweets: [{ type: "replied_to", id: post.id }],
    });
    expect(body.includes.users).toContainEqual({ id: ana.author.id, name: "Ana Lopez", username: "ana.lopez" });
    expect(res.headers["x-rate-limit-limit"]).toBe("300");
    // Paging: ten at a time, nothing twice.
    const seen: string[] = [];
    let next: string | undefined;
    do {
      const page = await search(`conversation_id:${post.id}`, { max_results: "10", ...(next && { next_token: next }) });
      const b = page.json() as { data?: Tweet[]; meta: { next_token?: string } };
      seen.push(...(b.data ?? []).map((t) => t.id));
      next = b.meta.next_token;
    } while (next);
    expect(seen.sort()).toEqual(body.data.map((t) => t.id).sort());
  });

  it("since_id and start_time narrow the search; seven days is as far back as it sees", async () => {
    const before = (await search(`conversation_id:${post.id}`)).json() as { data: Tweet[] };
    const newest = before.data[0] as Tweet;
    clock += 60_000;
    s.control.comment("twitter", post.id, { username: "ben.k", text: "Congrats!" });
    const since = (await search(`conversation_id:${post.id}`, { since_id: newest.id })).json() as { data: Tweet[] };
    expect(since.data.map((t) => t.text)).toContain("@brand Congrats!");
    // The audience may have written in that minute too (the post's id is drawn at random): exactly the new ones.
    const now = (await search(`conversation_id:${post.id}`)).json() as { data: Tweet[] };
    expect(since.data.map((t) => t.id).sort()).toEqual(newSince(before.data, now.data));
    const old = await search(`conversation_id:${post.id}`, { start_time: new Date(clock - 8 * DAY).toISOString() });
    expect(old.statusCode).toBe(400);
    expect(JSON.stringify(old.json())).toContain("'start_time' must be on or after");
    clock += 8 * DAY;
    const later = (await search(`conversation_id:${post.id}`)).json() as { meta: { result_count: number } };
    expect(later.meta.result_count).toBe(0);
  });

  it("an answer to a reply joins the conversation; in_reply_to_tweet_id and from: find it; the same text twice is refused", async () => {
    const ana = stored().find((c) => c.author.username === "ana.lopez") as SandboxComment;
    const answer = await send("POST", "tweets", {
      text: "In our shop online.",
      reply: { in_reply_to_tweet_id: idOf(ana) },
    });
    expect(answer.statusCode).toBe(201);
    const made = answer.json().data as Tweet;
    expect(made.text).toBe("@ana.lopez In our shop online.");
    expect(stored().find((c) => c.parentKey === ana.key)).toMatchObject({ own: true, text: "In our shop online." });
    const found = (await search(`in_reply_to_tweet_id:${idOf(ana)} from:brand`)).json() as { data: Tweet[] };
    expect(found.data.map((t) => t.id)).toEqual([made.id]);
    const again = await send("POST", "tweets", {
      text: "In our shop online.",
      reply: { in_reply_to_tweet_id: idOf(ana) },
    });
    expect(again.statusCode).toBe(403);
    // Hours later the one answered may answer back, naming the account.
    clock += 4 * HOUR;
    const back = stored().filter((c) => c.parentKey === stored().find((x) => x.own)?.key);
    for (const c of back) expect(c.author.username).toBe("ana.lopez");
  });

  it("mentions: the audience's over time, posts naming the account, replies to it; since_id; only the caller's own", async () => {
    clock += 5 * DAY;
    const other = s.control.mention("brand", { username: "zoe.w", text: "thanks for the quick help!" });
    const res = await get(`users/${brand.id}/mentions`, {
      max_results: "100",
      "tweet.fields": FIELDS,
      expansions: "author_id",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Tweet[]; meta: { newest_id: string; result_count: number } };
    const drawn = drawnMentions(brand, post.at, new Date(clock));
    expect(drawn.length).toBeGreaterThan(0);
    const ids = body.data.map((t) => t.id);
    for (const m of drawn) expect(ids).toContain(m.id);
    expect(ids).toContain(other.id);
    expect(body.data.find((t) => t.id === other.id)?.text).toBe("@brand thanks for the quick help!");
    for (const c of stored().filter((x) => !x.own)) expect(ids).toContain(idOf(c));
    expect(body.meta.newest_id).toBe(other.id);
    for (const t of body.data) expect(t.text.toLowerCase()).toContain("@brand");
    clock += 60_000;
    const fresh = s.control.mention("brand", { username: "kai", text: "@brand hello" });
    const since = (await get(`users/${brand.id}/mentions`, { since_id: body.meta.newest_id })).json() as {
      data: Tweet[];
    };
    expect(since.data.map((t) => t.id)).toContain(fresh.id);
    const now = (await get(`users/${brand.id}/mentions`, { max_results: "100" })).json() as { data: Tweet[] };
    expect(since.data.map((t) => t.id).sort()).toEqual(newSince(body.data, now.data));
    const elses = (await get(`users/${personOf("twitter", "zoe.w").id}/mentions`, {})).json();
    expect(elses).toEqual({ meta: { result_count: 0 } });
  });

  it("the Free tier is not enrolled; a missing scope is X's bare 403; a bad token 401", async () => {
    s.control.setReview({ twitter: { tier: "free" } });
    const free = await search(`conversation_id:${post.id}`);
    expect(free.statusCode).toBe(403);
    expect(free.json()).toMatchObject({ reason: "client-not-enrolled", title: "Client Forbidden" });
    expect((await get(`users/${brand.id}/mentions`, {})).json()).toMatchObject({ reason: "client-not-enrolled" });
    s.control.setReview({ twitter: { tier: "basic" } });
    const scope = await search(`conversation_id:${post.id}`, {}, token("tweet.write users.read"));
    expect(scope.statusCode).toBe(403);
    expect(scope.json()).toEqual({ title: "Forbidden", detail: "Forbidden", type: "about:blank", status: 403 });
    const ana = stored()[0] as SandboxComment;
    const like = await send("POST", `users/${brand.id}/likes`, { tweet_id: idOf(ana) }, token("tweet.read users.read"));
    expect(like.statusCode).toBe(403);
    const hide = await send("PUT", `tweets/${idOf(ana)}/hidden`, { hidden: true }, token("tweet.read users.read"));
    expect(hide.statusCode).toBe(403);
    expect((await search("from:brand")).statusCode).toBe(400);
    expect((await search(`conversation_id:${post.id}`, {}, "not-a-token")).statusCode).toBe(401);
  });

  it("likes and hidden replies: the account's own conversations only", async () => {
    const ana = stored().find((c) => c.author.username === "ana.lopez") as SandboxComment;
    expect((await send("POST", `users/${brand.id}/likes`, { tweet_id: idOf(ana) })).json()).toEqual({
      data: { liked: true },
    });
    expect(stored().find((c) => c.key === ana.key)?.liked).toBe(true);
    expect((await send("DELETE", `users/${brand.id}/likes/${idOf(ana)}`)).json()).toEqual({ data: { liked: false } });
    expect(stored().find((c) => c.key === ana.key)?.liked).toBe(false);
    expect((await send("PUT", `tweets/${idOf(ana)}/hidden`, { hidden: true })).json()).toEqual({
      data: { hidden: true },
    });
    expect(stored().find((c) => c.key === ana.key)?.hidden).toBe(true);
    expect((await send("PUT", `tweets/${idOf(ana)}/hidden`, { hidden: false })).json()).toEqual({
      data: { hidden: false },
    });
    // Someone else may not hide replies in the brand's conversation, nor like for the brand.
    const stranger = token(ALL, "mallory");
    expect((await send("PUT", `tweets/${idOf(ana)}/hidden`, { hidden: true }, stranger)).statusCode).toBe(403);
    expect((await send("POST", `users/${brand.id}/likes`, { tweet_id: idOf(ana) }, stranger)).statusCode).toBe(403);
    // The first post of a conversation is no reply to hide.
    expect((await send("PUT", `tweets/${post.id}/hidden`, { hidden: true })).statusCode).toBe(403);
  });
});
