import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { personOf } from "./people";
import { mp4, multipartBody, notMedia, png, sha256, startSandbox, type TestSandbox } from "./publish-test-kit";

let s: TestSandbox;
beforeEach(async () => {
  s = await startSandbox();
});
afterEach(async () => {
  await s.close();
});

const SCOPE = "tweet.read users.read tweet.write media.write offline.access";
const me = personOf("twitter", "alice");
const API = "/sandbox/twitter/api.x.com/2";
const auth = (token?: string) => ({ authorization: `Bearer ${token ?? s.token("twitter", "alice", SCOPE)}` });

const tweet = (body: Record<string, unknown>, token?: string) =>
  s.inject({ method: "POST", url: `${API}/tweets`, headers: auth(token), payload: body });

const multipart = (url: string, parts: Parameters<typeof multipartBody>[0], token?: string) => {
  const { payload, contentType } = multipartBody(parts);
  return s.inject({ method: "POST", url, headers: { ...auth(token), "content-type": contentType }, payload });
};

async function uploadImage(data: Buffer) {
  const res = await multipart(`${API}/media/upload`, {
    media_category: "tweet_image",
    media: { data, filename: "a.png", type: "image/png" },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

describe("X publishing", () => {
  it("posts text: 201 with data.id and text; recorded with the status URL; listed newest first", async () => {
    const res = await tweet({ text: "Hello X" });
    expect(res.statusCode, res.body).toBe(201);
    const { id, text, edit_history_tweet_ids } = res.json().data;
    expect(id).toMatch(/^\d{19}$/);
    expect(text).toBe("Hello X");
    expect(edit_history_tweet_ids).toEqual([id]);
    expect(s.control.published("twitter")[0]).toMatchObject({
      platform: "twitter",
      id,
      url: `https://x.com/alice/status/${id}`,
      networkUserId: me.id,
      kind: "post",
      text: "Hello X",
      media: [],
    });
    await tweet({ text: "Second" });
    const list = await s.inject({
      method: "GET",
      url: `${API}/users/${me.id}/tweets?max_results=5&tweet.fields=created_at`,
      headers: auth(),
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((t: { text: string }) => t.text)).toEqual(["Second", "Hello X"]);
    expect(list.json().data[1]).toMatchObject({ id, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    expect(list.json().meta).toMatchObject({ result_count: 2 });
  });

  it("posts up to four images uploaded in one shot", async () => {
    const files = [png(3000), png(), png(), png()];
    const ids = [];
    for (const f of files) ids.push(await uploadImage(f));
    const res = await tweet({ text: "Pictures", media: { media_ids: ids } });
    expect(res.statusCode, res.body).toBe(201);
    const item = s.control.published("twitter")[0];
    expect(item?.media).toHaveLength(4);
    expect(item?.media[0]).toMatchObject({
      kind: "image",
      mimeType: "image/png",
      bytes: 3000,
      sha256: sha256(files[0] as Buffer),
    });
    const five = await tweet({ text: "Too many", media: { media_ids: [...ids, ids[0]] } });
    expect(five.statusCode).toBe(400);
    expect(five.json()).toMatchObject({
      title: "Invalid Request",
      errors: [expect.objectContaining({ message: expect.any(String) })],
    });
  });

  it("posts a video uploaded in chunks, once STATUS says succeeded", async () => {
    const data = mp4(300_000);
    const init = await s.inject({
      method: "POST",
      url: `${API}/media/upload/initialize`,
      headers: auth(),
      payload: { media_type: "video/mp4", total_bytes: data.length, media_category: "tweet_video" },
    });
    expect(init.statusCode, init.body).toBe(200);
    const id = init.json().data.id;
    // segment 1 before segment 0, and the index after the file in one of them
    const append1 = await multipart(`${API}/media/upload/${id}/append`, {
      media: { data: data.subarray(200_000), filename: "blob", type: "application/octet-stream" },
      segment_index: "1",
    });
    expect(append1.statusCode, append1.body).toBe(200);
    const append0 = await multipart(`${API}/media/upload/${id}/append`, {
      segment_index: "0",
      media: { data: data.subarray(0, 200_000), filename: "blob", type: "application/octet-stream" },
    });
    expect(append0.statusCode, append0.body).toBe(200);
    const fin = await s.inject({ method: "POST", url: `${API}/media/upload/${id}/finalize`, headers: auth() });
    expect(fin.statusCode, fin.body).toBe(200);
    expect(fin.json().data.processing_info).toMatchObject({ state: "pending" });
    expect((await tweet({ text: "Too early", media: { media_ids: [id] } })).statusCode).toBe(400);
    const status = () =>
      s.inject({ method: "GET", url: `${API}/media/upload?command=STATUS&media_id=${id}`, headers: auth() });
    expect((await status()).json().data.processing_info.state).toBe("in_progress");
    expect((await status()).json().data.processing_info.state).toBe("succeeded");
    const res = await tweet({ text: "A clip", media: { media_ids: [id] } });
    expect(res.statusCode, res.body).toBe(201);
    expect(s.control.published("twitter")[0]?.media).toEqual([
      { kind: "video", mimeType: "video/mp4", bytes: data.length, sha256: sha256(data) },
    ]);
  });

  it("refuses a file that is not an image, and a video in one shot", async () => {
    const bad = await multipart(`${API}/media/upload`, {
      media: { data: notMedia(), filename: "a.png", type: "image/png" },
    });
    expect(bad.statusCode).toBe(400);
    const video = await multipart(`${API}/media/upload`, {
      media_category: "tweet_video",
      media: { data: mp4(), filename: "a.mp4", type: "video/mp4" },
    });
    expect(video.statusCode).toBe(400);
  });

  it("threads: each post replies to the previous one", async () => {
    const first = (await tweet({ text: "1/2 thread" })).json().data.id;
    const second = await tweet({ text: "2/2 thread", reply: { in_reply_to_tweet_id: first } });
    expect(second.statusCode, second.body).toBe(201);
    expect(s.control.published("twitter")[1]).toMatchObject({ replyTo: first, text: "2/2 thread" });
    const orphan = await tweet({ text: "reply to nothing", reply: { in_reply_to_tweet_id: "1999999999999999999" } });
    expect(orphan.statusCode).toBe(400);
  });

  it("counts 280 weighted characters, and refuses the same text twice in a row", async () => {
    expect((await tweet({ text: "a".repeat(280) })).statusCode).toBe(201);
    const long = await tweet({ text: "😀".repeat(141) });
    expect(long.statusCode).toBe(403);
    expect(long.json()).toMatchObject({ title: "Forbidden", status: 403 });
    const url = `https://example.com/${"x".repeat(300)}`;
    expect((await tweet({ text: url })).statusCode).toBe(201);
    const dup = await tweet({ text: url });
    expect(dup.statusCode).toBe(403);
    expect(dup.json().detail).toMatch(/duplicate content/);
    expect((await tweet({})).statusCode).toBe(400);
  });

  it("needs tweet.write and media.write, and a live token", async () => {
    const readOnly = s.token("twitter", "alice", "tweet.read users.read");
    expect((await tweet({ text: "no" }, readOnly)).statusCode).toBe(403);
    const noMedia = await multipart(
      `${API}/media/upload`,
      { media: { data: png(), filename: "a.png", type: "image/png" } },
      readOnly,
    );
    expect(noMedia.statusCode).toBe(403);
    const expired = await tweet({ text: "late" }, s.token("twitter", "alice", SCOPE, { expired: true }));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" });
  });

  it("throttleNext answers 429 with Retry-After and the rate-limit headers on the post path", async () => {
    s.control.throttleNext("twitter", { pathIncludes: "2/tweets", retryAfterSeconds: 30 });
    const res = await tweet({ text: "throttled" });
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBe("30");
    expect(res.headers["x-rate-limit-remaining"]).toBe("0");
    expect(res.json()).toMatchObject({ status: 429, type: "https://api.x.com/2/problems/rate-limit-exceeded" });
    expect((await tweet({ text: "throttled" })).statusCode).toBe(201);
  });
});
