import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SandboxComment } from "./comments";
import { FACEBOOK_COMMENT_MAX, facebookCommentId } from "./networks/facebook-comments";
import { pagesOf } from "./networks/facebook-pages";
import { personOf } from "./people";
import { startSandbox, type TestSandbox } from "./publish-test-kit";
import type { PublishedItem } from "./publishing";

/**
 * Facebook's comments on Page posts: the audience's comments as Graph's `/comments` edge gives them to the Page,
 * and what the Page does with them (answer, like, hide, delete), each with the permission Meta lists for it.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const G = "/sandbox/facebook/graph.facebook.com/v25.0";
const ALL = "pages_show_list,pages_read_engagement,pages_read_user_content,pages_manage_engagement";
const FIELDS = "id,message,created_time,from,parent{id},is_hidden,like_count,permalink_url";

// The sandbox's clock runs days behind the real one, so the test kit's tokens (an hour from real now) stay valid.
let clock: number;
let s: TestSandbox;
let post: PublishedItem;
beforeEach(async () => {
  clock = Date.now() - 10 * DAY;
  s = await startSandbox({ now: () => new Date(clock) });
  [post] = s.control.seedPublished("facebook", "alice", [{ text: "Our launch" }]) as [PublishedItem];
  clock += 72 * HOUR;
  // However many the audience wrote (the post's id is drawn at random), a few more arrive now.
  for (const [username, text] of [
    ["nia.rose", "Where can I buy it?"],
    ["omar.k", "Congratulations!"],
    ["lea_m", "Is it vegan?"],
    ["tom.b", "Love the colours."],
  ] as const) {
    clock += 60_000;
    s.control.comment("facebook", post.id, { username, text });
  }
});
afterEach(async () => {
  await s.close();
});

const page = pagesOf(personOf("facebook", "alice"))[0] as { id: string; name: string };
const pageToken = (scope = ALL, username = "alice") => s.token("facebook", username, scope, { kind: "page" });
const get = (path: string, query: Record<string, string>, token = pageToken()) =>
  s.inject({ method: "GET", url: `${G}/${path}?${new URLSearchParams({ ...query, access_token: token })}` });
const send = (method: "POST" | "DELETE", path: string, form: Record<string, string>, token = pageToken()) =>
  s.inject({
    method,
    url: method === "DELETE" ? `${G}/${path}?access_token=${token}` : `${G}/${path}`,
    ...(method === "POST" && { payload: { ...form, access_token: token } }),
  });
const stored = () => s.control.comments("facebook", post.id);
const idOf = (c: SandboxComment) => facebookCommentId(post, c.key);

describe("Facebook comments", () => {
  it("the Page reads every comment newest first, answer after answer, with who wrote it and where", async () => {
    const all = stored();
    expect(all.length).toBeGreaterThan(3);
    const seen: { id: string; message: string; from: { id: string; name: string }; created_time: string }[] = [];
    let after: string | undefined;
    for (let n = 0; n < 20; n++) {
      const res = await get(`${post.id}/comments`, {
        filter: "stream",
        order: "reverse_chronological",
        summary: "true",
        limit: "3",
        fields: FIELDS,
        ...(after && { after }),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.summary).toEqual({ order: "reverse_chronological", total_count: all.length, can_comment: true });
      seen.push(...body.data);
      after = body.paging.next ? body.paging.cursors.after : undefined;
      if (!after) break;
    }
    expect(seen.map((c) => c.id)).toEqual(all.map(idOf).reverse());
    const [newest] = seen;
    const last = all.at(-1) as SandboxComment;
    expect(newest).toEqual({
      id: idOf(last),
      message: last.text,
      created_time: last.at.toISOString().replace(/\.\d{3}Z$/, "+0000"),
      from: { id: last.author.id, name: last.author.name },
      is_hidden: false,
      like_count: 0,
      permalink_url: `${post.url}?comment_id=${idOf(last).split("_")[1]}`,
    });
    // Ids are the post's part and the comment's digits.
    expect(newest?.id).toMatch(new RegExp(`^${post.id.split("_")[1]}_\\d{16}$`));
    // The default fields, oldest first.
    const plain = await get(`${post.id}/comments`, { limit: "100" });
    expect(Object.keys(plain.json().data[0]).sort()).toEqual(["created_time", "from", "id", "message"]);
    expect(plain.json().data.map((c: { id: string }) => c.id)).toEqual(all.map(idOf));
    // Since a moment: only what came after it.
    const middle = all[Math.floor(all.length / 2)] as SandboxComment;
    const since = await get(`${post.id}/comments`, {
      since: String(Math.ceil(middle.at.getTime() / 1000)),
      limit: "100",
    });
    expect(since.json().data.length).toBeLessThan(all.length);
    expect(
      since
        .json()
        .data.every(
          (c: { created_time: string }) =>
            Date.parse(c.created_time.replace("+0000", "Z")) >= middle.at.getTime() - 1000,
        ),
    ).toBe(true);
  });

  it("the Page answers a comment once per call; the reply is the Page's, under its comment, read through the stream", async () => {
    const [first] = stored() as [SandboxComment];
    const res = await send("POST", `${idOf(first)}/comments`, { message: "Thanks for writing!" });
    expect(res.statusCode, res.body).toBe(200);
    const reply = stored().find((c) => c.own) as SandboxComment;
    expect(reply).toMatchObject({ parentKey: first.key, text: "Thanks for writing!" });
    expect(res.json()).toEqual({ id: idOf(reply) });

    const stream = await get(`${post.id}/comments`, { filter: "stream", fields: FIELDS, limit: "100" });
    const shown = stream.json().data.find((c: { id: string }) => c.id === idOf(reply));
    expect(shown).toMatchObject({ from: { id: page.id, name: page.name }, parent: { id: idOf(first) } });
    // First-level comments only by default; the comment's own edge lists its reply.
    const top = await get(`${post.id}/comments`, { limit: "100" });
    expect(top.json().data.some((c: { id: string }) => c.id === idOf(reply))).toBe(false);
    const under = await get(`${idOf(first)}/comments`, { fields: "id,from" });
    expect(under.json().data).toEqual([{ id: idOf(reply), from: { id: page.id, name: page.name } }]);
    // The comment's own node.
    const node = await get(idOf(reply), { fields: "id,message,parent{id}" });
    expect(node.json()).toEqual({ id: idOf(reply), message: "Thanks for writing!", parent: { id: idOf(first) } });

    const empty = await send("POST", `${idOf(first)}/comments`, { message: "  " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ code: 100, message: "(#100) Missing message or attachment" });
    const long = await send("POST", `${idOf(first)}/comments`, { message: "x".repeat(FACEBOOK_COMMENT_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(stored().filter((c) => c.own)).toHaveLength(1);
  });

  it("likes, hides and deletes change the comment; the Page's own comment cannot be hidden", async () => {
    const [first, second] = stored() as [SandboxComment, SandboxComment];
    expect((await send("POST", `${idOf(first)}/likes`, {})).json()).toEqual({ success: true });
    expect(stored().find((c) => c.key === first.key)?.liked).toBe(true);
    const liked = await get(idOf(first), { fields: "like_count,user_likes" });
    expect(liked.json()).toEqual({ id: idOf(first), like_count: 1, user_likes: true });
    expect((await send("DELETE", `${idOf(first)}/likes`, {})).json()).toEqual({ success: true });
    expect(stored().find((c) => c.key === first.key)?.liked).toBe(false);

    expect((await send("POST", idOf(second), { is_hidden: "true" })).json()).toEqual({ success: true });
    expect(stored().find((c) => c.key === second.key)?.hidden).toBe(true);
    const hidden = await get(`${post.id}/comments`, { fields: "id,is_hidden", limit: "100" });
    expect(hidden.json().data.find((c: { id: string }) => c.id === idOf(second))).toEqual({
      id: idOf(second),
      is_hidden: true,
    });
    expect((await send("POST", idOf(second), { is_hidden: "false" })).json()).toEqual({ success: true });
    expect(stored().find((c) => c.key === second.key)?.hidden).toBe(false);
    expect((await send("POST", idOf(second), { is_hidden: "maybe" })).statusCode).toBe(400);

    await send("POST", `${idOf(first)}/comments`, { message: "Ours" });
    const ours = stored().find((c) => c.own) as SandboxComment;
    expect((await send("POST", idOf(ours), { is_hidden: "true" })).statusCode).toBe(400);

    expect((await send("DELETE", idOf(second), {})).json()).toEqual({ success: true });
    expect(stored().some((c) => c.key === second.key)).toBe(false);
    const gone = await send("DELETE", idOf(second), {});
    expect(gone.statusCode).toBe(400);
    expect(gone.json().error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it("each call needs its permission and the Page's token; another person's post or an unknown id does not exist", async () => {
    const [first] = stored() as [SandboxComment];
    const noUserContent = await get(
      `${post.id}/comments`,
      {},
      pageToken("pages_read_engagement,pages_manage_engagement"),
    );
    expect(noUserContent.statusCode).toBe(403);
    expect(noUserContent.json().error).toMatchObject({
      code: 283,
      message: expect.stringContaining("pages_read_user_content"),
    });
    const noEngagement = await get(`${post.id}/comments`, {}, pageToken("pages_read_user_content"));
    expect(noEngagement.json().error).toMatchObject({
      code: 10,
      message: expect.stringContaining("pages_read_engagement"),
    });
    // A user token reads no comments of a Page's posts, and cannot write as the Page.
    const user = s.token("facebook", "alice", ALL);
    const asUser = await get(`${post.id}/comments`, {}, user);
    expect(asUser.statusCode).toBe(200);
    expect(asUser.json().data).toEqual([]);
    const replyAsUser = await send("POST", `${idOf(first)}/comments`, { message: "Hi" }, user);
    expect(replyAsUser.statusCode).toBe(403);
    expect(replyAsUser.json().error).toMatchObject({ code: 200 });
    // Acting needs pages_manage_engagement.
    const readOnly = pageToken("pages_read_engagement,pages_read_user_content");
    for (const [method, path, form] of [
      ["POST", `${idOf(first)}/comments`, { message: "Hi" }],
      ["POST", `${idOf(first)}/likes`, {}],
      ["POST", idOf(first), { is_hidden: "true" }],
      ["DELETE", idOf(first), {}],
    ] as const) {
      const res = await send(method, path, form, readOnly);
      expect(res.statusCode, path).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 200,
        message: expect.stringContaining("pages_manage_engagement"),
      });
    }
    expect(stored().find((c) => c.key === first.key)).toMatchObject({ liked: false, hidden: false });
    // Someone else's Page token, and ids nobody has.
    for (const [path, token] of [
      [`${post.id}/comments`, pageToken(ALL, "bob")],
      [`${idOf(first)}/comments`, pageToken(ALL, "bob")],
      ["123_456/comments", pageToken()],
    ] as const) {
      const res = await get(path, {}, token);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error).toMatchObject({ code: 100, error_subcode: 33 });
    }
    expect((await send("POST", "123_456/comments", { message: "Hi" })).json().error).toMatchObject({ code: 100 });
  });
});
