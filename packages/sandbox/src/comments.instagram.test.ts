import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SandboxComment } from "./comments";
import { INSTAGRAM_COMMENT_MAX, instagramCommentId } from "./networks/instagram-comments";
import { personOf } from "./people";
import { startSandbox, type TestSandbox } from "./publish-test-kit";
import type { PublishedItem } from "./publishing";

/**
 * Instagram's comment moderation (Instagram Login): first-level comments with their replies, answers (one level
 * deep), hides and deletes, each needing instagram_business_manage_comments.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const IG = "/sandbox/instagram/graph.instagram.com/v25.0";
const SCOPE = "instagram_business_basic,instagram_business_manage_comments";
const FIELDS = "id,text,timestamp,username,from,hidden,replies{id,text,parent_id,username}";

let clock: number;
let s: TestSandbox;
let media: PublishedItem;
beforeEach(async () => {
  clock = Date.now() - 10 * DAY;
  s = await startSandbox({ now: () => new Date(clock) });
  [media] = s.control.seedPublished("instagram", "alice", [{ text: "New drop" }]) as [PublishedItem];
  clock += 48 * HOUR;
  for (const [username, text] of [
    ["nia.rose", "Where can I buy it?"],
    ["omar.k", "Congratulations!"],
    ["lea_m", "Is it vegan?"],
  ] as const) {
    clock += 60_000;
    s.control.comment("instagram", media.id, { username, text });
  }
});
afterEach(async () => {
  await s.close();
});

const token = (scope = SCOPE, username = "alice") => s.token("instagram", username, scope);
const get = (path: string, query: Record<string, string>, t = token(), base = IG) =>
  s.inject({ method: "GET", url: `${base}/${path}?${new URLSearchParams({ ...query, access_token: t })}` });
const send = (method: "POST" | "DELETE", path: string, form: Record<string, string>, t = token()) =>
  s.inject({
    method,
    url: method === "DELETE" ? `${IG}/${path}?access_token=${t}` : `${IG}/${path}`,
    ...(method === "POST" && { payload: { ...form, access_token: t } }),
  });
const stored = () => s.control.comments("instagram", media.id);
const idOf = (c: SandboxComment) => instagramCommentId(c.key);
const top = () => stored().filter((c) => c.parentKey === null);

describe("Instagram comments", () => {
  it("first-level comments come newest first, answer after answer, with who wrote them; replies nest under them", async () => {
    const [first] = top() as [SandboxComment];
    expect((await send("POST", `${idOf(first)}/replies`, { message: "Thank you!" })).statusCode).toBe(200);
    const seen: { id: string; username: string; replies?: { data: unknown[] } }[] = [];
    let after: string | undefined;
    for (let n = 0; n < 30; n++) {
      const res = await get(`${media.id}/comments`, { fields: FIELDS, limit: "2", ...(after && { after }) });
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().data);
      after = res.json().paging.next ? res.json().paging.cursors.after : undefined;
      if (!after) break;
    }
    expect(seen.map((c) => c.id)).toEqual(top().map(idOf).reverse());
    const newest = top().at(-1) as SandboxComment;
    expect(seen[0]).toEqual({
      id: idOf(newest),
      text: newest.text,
      timestamp: newest.at.toISOString().replace(/\.\d{3}Z$/, "+0000"),
      username: newest.author.username.toLowerCase(),
      from: { id: newest.author.id, username: newest.author.username.toLowerCase() },
      hidden: false,
    });
    const reply = stored().find((c) => c.own) as SandboxComment;
    expect(seen.find((c) => c.id === idOf(first))?.replies).toEqual({
      data: [{ id: idOf(reply), text: "Thank you!", parent_id: idOf(first), username: "alice" }],
    });
    expect(idOf(reply)).toMatch(/^1\d{16}$/);
    // The default fields.
    const plain = await get(`${media.id}/comments`, {});
    expect(Object.keys(plain.json().data[0]).sort()).toEqual(["id", "text", "timestamp"]);
  });

  it("an answer to a reply goes under the first-level comment; replies and a comment's node are read by id", async () => {
    const [first] = top() as [SandboxComment];
    const res = await send("POST", `${idOf(first)}/replies`, { message: "Yes, next week." });
    const replyId = res.json().id as string;
    const again = await send("POST", `${replyId}/replies`, { message: "And online too." });
    expect(again.statusCode, again.body).toBe(200);
    const ours = stored().filter((c) => c.own);
    expect(ours.map((c) => c.parentKey)).toEqual([first.key, first.key]);
    const replies = await get(`${idOf(first)}/replies`, { fields: "id,text,parent_id,from" });
    expect(replies.json().data).toEqual(
      ours.map((c) => ({
        id: idOf(c),
        text: c.text,
        parent_id: idOf(first),
        from: { id: personOf("instagram", "alice").id, username: "alice" },
      })),
    );
    expect((await get(`${replyId}/replies`, {})).json().data).toEqual([]);
    const node = await get(again.json().id, { fields: "id,parent_id,user,media" });
    expect(node.json()).toEqual({
      id: again.json().id,
      parent_id: idOf(first),
      user: { id: personOf("instagram", "alice").id },
      media: { id: media.id, media_product_type: "FEED" },
    });

    expect((await send("POST", `${idOf(first)}/replies`, { message: "" })).statusCode).toBe(400);
    const long = await send("POST", `${idOf(first)}/replies`, { message: "x".repeat(INSTAGRAM_COMMENT_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ code: 100, type: "IGApiException" });
  });

  it("hides, unhides and deletes; a hidden comment cannot be answered; apps cannot like", async () => {
    const [first, second] = top() as [SandboxComment, SandboxComment];
    expect((await send("POST", idOf(first), { hide: "true" })).json()).toEqual({ success: true });
    expect(stored().find((c) => c.key === first.key)?.hidden).toBe(true);
    const hidden = await get(`${media.id}/comments`, { fields: "id,hidden", limit: "50" });
    expect(hidden.json().data).toContainEqual({ id: idOf(first), hidden: true });
    const refused = await send("POST", `${idOf(first)}/replies`, { message: "Hello" });
    expect(refused.statusCode).toBe(400);
    expect(stored().some((c) => c.own)).toBe(false);
    expect((await send("POST", idOf(first), { hide: "false" })).json()).toEqual({ success: true });
    expect(stored().find((c) => c.key === first.key)?.hidden).toBe(false);

    expect((await send("DELETE", idOf(second), {})).json()).toEqual({ success: true });
    expect(stored().some((c) => c.key === second.key)).toBe(false);
    expect((await send("DELETE", idOf(second), {})).json().error).toMatchObject({ code: 100, error_subcode: 33 });
    // Instagram has no endpoint for liking a comment.
    expect((await send("POST", `${idOf(first)}/likes`, {})).statusCode).toBe(404);
  });

  it("every call needs the comments permission of its host; another account's media or an unknown id does not exist", async () => {
    const [first] = top() as [SandboxComment];
    const basic = token("instagram_business_basic");
    for (const res of [
      await get(`${media.id}/comments`, {}, basic),
      await get(`${idOf(first)}/replies`, {}, basic),
      await send("POST", `${idOf(first)}/replies`, { message: "Hi" }, basic),
      await send("POST", idOf(first), { hide: "true" }, basic),
      await send("DELETE", idOf(first), {}, basic),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 10,
        message: expect.stringContaining("instagram_business_manage_comments"),
      });
    }
    expect(stored().find((c) => c.key === first.key)?.hidden).toBe(false);
    // Facebook Login's host names its own permissions.
    const fb = "/sandbox/instagram/graph.facebook.com/v25.0";
    const viaFacebook = await get(`${media.id}/comments`, {}, token(SCOPE), fb);
    expect(viaFacebook.json().error.message).toContain("instagram_basic");
    const fbScopes = token("instagram_basic,instagram_manage_comments,pages_read_engagement");
    expect((await get(`${media.id}/comments`, {}, fbScopes, fb)).statusCode).toBe(200);

    for (const path of [`${media.id}/comments`, `${idOf(first)}/replies`]) {
      const res = await get(path, {}, token(SCOPE, "bob"));
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error).toMatchObject({ code: 100, error_subcode: 33, type: "IGApiException" });
    }
    expect((await get("17999999999999999/replies", {})).statusCode).toBe(400);
  });
});
