import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mp4, multipartBody, png, startSandbox, TEST_REDIRECT, type TestSandbox } from "./publish-test-kit";

let s: TestSandbox;
beforeEach(async () => {
  s = await startSandbox();
});
afterEach(async () => {
  await s.close();
});

const SCOPE = "tweet.read users.read tweet.write media.write offline.access";
const API = "/sandbox/twitter/api.x.com/2";
const auth = (token?: string) => ({ authorization: `Bearer ${token ?? s.token("twitter", "alice", SCOPE)}` });
const gif = (size = 3000) => Buffer.concat([Buffer.from("GIF89a", "latin1"), randomBytes(size - 6)]);

const tweet = (body: Record<string, unknown>, token?: string) =>
  s.inject({ method: "POST", url: `${API}/tweets`, headers: auth(token), payload: body });
const multipart = (url: string, parts: Parameters<typeof multipartBody>[0], token?: string) => {
  const { payload, contentType } = multipartBody(parts);
  return s.inject({ method: "POST", url, headers: { ...auth(token), "content-type": contentType }, payload });
};
const initialize = (body: Record<string, unknown>) =>
  s.inject({ method: "POST", url: `${API}/media/upload/initialize`, headers: auth(), payload: body });

const FORBIDDEN = { title: "Forbidden", type: "about:blank", status: 403, detail: "Forbidden" };

describe("X strictness: media", () => {
  it("the one-shot upload refuses tweet_gif and tweet_video with X's validation body", async () => {
    for (const [category, data, type] of [
      ["tweet_gif", gif(), "image/gif"],
      ["tweet_video", mp4(), "video/mp4"],
    ] as const) {
      const res = await multipart(`${API}/media/upload`, {
        media_category: category,
        media: { data, filename: "f", type },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        errors: [
          {
            parameters: { media_category: [category] },
            message:
              '$.media_category: does not have a value in the enumeration ["tweet_image", "dm_image", "subtitles"]',
          },
        ],
        title: "Invalid Request",
        detail: "One or more parameters to your request was invalid.",
        type: "https://api.x.com/2/problems/invalid-request",
      });
    }
  });

  it("the one-shot upload takes an image as multipart or as base64 JSON", async () => {
    const json = await s.inject({
      method: "POST",
      url: `${API}/media/upload`,
      headers: auth(),
      payload: { media: png().toString("base64"), media_category: "tweet_image" },
    });
    expect(json.statusCode, json.body).toBe(200);
    expect(json.json().data.media_key).toMatch(/^3_\d+$/);
  });

  it("initialize takes JSON only, with a known category and a numeric total_bytes", async () => {
    const form = await s.inject({
      method: "POST",
      url: `${API}/media/upload/initialize`,
      headers: { ...auth(), "content-type": "application/x-www-form-urlencoded" },
      payload: "media_type=image%2Fgif&total_bytes=3000&media_category=tweet_gif",
    });
    expect(form.statusCode).toBe(400);
    expect(
      (await initialize({ media_type: "image/gif", total_bytes: "3000", media_category: "tweet_gif" })).statusCode,
    ).toBe(400);
    expect((await initialize({ media_type: "image/gif", total_bytes: 3000, media_category: "gif" })).statusCode).toBe(
      400,
    );
  });

  it("a GIF goes through initialize, append (multipart, segments of at most 5 MB), finalize and STATUS", async () => {
    const data = gif(5000);
    const init = await initialize({ media_type: "image/gif", total_bytes: data.length, media_category: "tweet_gif" });
    expect(init.statusCode, init.body).toBe(200);
    const id = init.json().data.id;
    expect(init.json().data.media_key).toBe(`16_${id}`);
    const json = await s.inject({
      method: "POST",
      url: `${API}/media/upload/${id}/append`,
      headers: auth(),
      payload: { segment_index: 0, media: data.toString("base64") },
    });
    expect(json.statusCode).toBe(400);
    const append = await multipart(`${API}/media/upload/${id}/append`, {
      segment_index: "0",
      media: { data, filename: "blob", type: "application/octet-stream" },
    });
    expect(append.statusCode, append.body).toBe(200);
    const fin = await s.inject({ method: "POST", url: `${API}/media/upload/${id}/finalize`, headers: auth() });
    expect(fin.json().data.processing_info).toMatchObject({ state: "pending" });
    const status = () =>
      s.inject({ method: "GET", url: `${API}/media/upload?command=STATUS&media_id=${id}`, headers: auth() });
    await status();
    expect((await status()).json().data.processing_info.state).toBe("succeeded");
    expect((await tweet({ text: "A GIF", media: { media_ids: [id] } })).statusCode).toBe(201);
    expect(s.control.published("twitter")[0]?.media[0]).toMatchObject({ mimeType: "image/gif", bytes: 5000 });
  });

  it("refuses a segment over 5 MB", async () => {
    const data = mp4(5 * 1024 * 1024 + 1);
    const id = (
      await initialize({ media_type: "video/mp4", total_bytes: data.length, media_category: "tweet_video" })
    ).json().data.id;
    const res = await multipart(`${API}/media/upload/${id}/append`, {
      segment_index: "0",
      media: { data, filename: "blob", type: "application/octet-stream" },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("X strictness: scopes and bodies", () => {
  it("each endpoint needs every scope X lists for it, and answers a bare 403 Forbidden otherwise", async () => {
    const noUsersRead = s.token("twitter", "alice", "tweet.read tweet.write media.write");
    const post = await tweet({ text: "no users.read" }, noUsersRead);
    expect(post.statusCode).toBe(403);
    expect(post.json()).toEqual(FORBIDDEN);
    const me = await s.inject({ method: "GET", url: `${API}/users/me`, headers: auth(noUsersRead) });
    expect(me.statusCode).toBe(403);
    const noMedia = s.token("twitter", "alice", "tweet.read users.read tweet.write");
    const init = await s.inject({
      method: "POST",
      url: `${API}/media/upload/initialize`,
      headers: auth(noMedia),
      payload: { media_type: "video/mp4", total_bytes: 10, media_category: "tweet_video" },
    });
    expect(init.json()).toEqual(FORBIDDEN);
    expect((await tweet({ text: "all scopes" })).statusCode).toBe(201);
  });

  it("the token endpoint takes a form only", async () => {
    const res = await s.inject({
      method: "POST",
      url: "/sandbox/twitter/api.x.com/2/oauth2/token",
      headers: { authorization: `Basic ${Buffer.from("sandbox-twitter:sandbox-client-secret").toString("base64")}` },
      payload: { grant_type: "refresh_token", refresh_token: "x" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: "invalid_request",
      error_description: "Content-Type must be application/x-www-form-urlencoded.",
    });
  });

  it("a post is JSON only", async () => {
    const res = await s.inject({
      method: "POST",
      url: `${API}/tweets`,
      headers: { ...auth(), "content-type": "application/x-www-form-urlencoded" },
      payload: "text=hello",
    });
    expect(res.statusCode).toBe(400);
  });

  it("the authorize page refuses a scope X does not know, on its own page", async () => {
    const q = new URLSearchParams({
      response_type: "code",
      client_id: "sandbox-twitter",
      redirect_uri: TEST_REDIRECT,
      scope: "tweet.read tweet.everything",
      state: "s",
      code_challenge: "abc",
      code_challenge_method: "S256",
    });
    const res = await s.inject({ method: "GET", url: `/sandbox/twitter/x.com/i/oauth2/authorize?${q}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("tweet.everything");
    q.set("scope", SCOPE);
    expect((await s.inject({ method: "GET", url: `/sandbox/twitter/x.com/i/oauth2/authorize?${q}` })).statusCode).toBe(
      200,
    );
  });
});

describe("X strictness: the 2026 reply rule per tier", () => {
  const REFUSED =
    "Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to.";
  const bob = () => s.token("twitter", "bob", SCOPE);

  it("below enterprise a reply needs the parent's author to mention the replier; enterprise replies freely", async () => {
    const plain = (await tweet({ text: "Hello world" })).json().data.id;
    const mentioning = (await tweet({ text: "Hello @bob" })).json().data.id;
    for (const tier of ["free", "basic", "pro"] as const) {
      s.control.setReview({ twitter: { tier } });
      const refused = await tweet({ text: `No ${tier}`, reply: { in_reply_to_tweet_id: plain } }, bob());
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ title: "Forbidden", detail: REFUSED, type: "about:blank", status: 403 });
      const ok = await tweet({ text: `Yes ${tier}`, reply: { in_reply_to_tweet_id: mentioning } }, bob());
      expect(ok.statusCode).toBe(201);
    }
    s.control.setReview({ twitter: { tier: "enterprise" } });
    expect((await tweet({ text: "Free to reply", reply: { in_reply_to_tweet_id: plain } }, bob())).statusCode).toBe(
      201,
    );
  });

  it("self-replies (threads) pass, unless the sandbox reads X's rule strictly; enterprise always", async () => {
    const first = (await tweet({ text: "1/3" })).json().data.id;
    const second = await tweet({ text: "2/3", reply: { in_reply_to_tweet_id: first } });
    expect(second.statusCode).toBe(201);
    s.control.setReview({ twitter: { tier: "basic", selfReplies: "refused" } });
    const third = await tweet({ text: "3/3", reply: { in_reply_to_tweet_id: second.json().data.id } });
    expect(third.statusCode).toBe(403);
    expect(third.json().detail).toBe(REFUSED);
    s.control.setReview({ twitter: { tier: "enterprise" } });
    expect((await tweet({ text: "3/3", reply: { in_reply_to_tweet_id: second.json().data.id } })).statusCode).toBe(201);
    s.control.reset();
    s.control.setReview({ twitter: { tier: "pro" } });
    const again = (await tweet({ text: "a/b" })).json().data.id;
    expect((await tweet({ text: "b/b", reply: { in_reply_to_tweet_id: again } })).statusCode).toBe(201);
  });
});
