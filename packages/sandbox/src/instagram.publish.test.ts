import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { personOf } from "./people";
import { jpeg, mp4, notMedia, png, sha256, startSandbox, type TestSandbox } from "./publish-test-kit";

let s: TestSandbox;
beforeEach(async () => {
  s = await startSandbox();
});
afterEach(async () => {
  await s.close();
});

const SCOPE = "instagram_business_basic,instagram_business_content_publish";
const me = personOf("instagram", "alice");
const IG = me.id;
const G = "/sandbox/instagram/graph.instagram.com/v25.0";
const token = () => s.token("instagram", "alice", SCOPE);

const gPost = (path: string, params: Record<string, string>, t = token()) =>
  s.inject({ method: "POST", url: `${G}/${path}?${new URLSearchParams({ ...params, access_token: t })}` });
const gGet = (path: string, params: Record<string, string> = {}, t = token()) =>
  s.inject({ method: "GET", url: `${G}/${path}?${new URLSearchParams({ ...params, access_token: t })}` });
const status = async (id: string) => (await gGet(id, { fields: "status_code,status" })).json().status_code;

async function container(params: Record<string, string>) {
  const res = await gPost(`${IG}/media`, params);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

describe("Instagram publishing", () => {
  it("publishes an image: container fetched from image_url, IN_PROGRESS then FINISHED, media_publish, permalink, list", async () => {
    const data = jpeg(9000);
    const url = s.host("a.jpg", data, "image/jpeg");
    const id = await container({ image_url: url, caption: "Hello #insta" });
    const early = await gPost(`${IG}/media_publish`, { creation_id: id });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toMatchObject({ code: 9007, error_subcode: 2207027 });
    expect(await status(id)).toBe("IN_PROGRESS");
    expect(await status(id)).toBe("FINISHED");
    const pub = await gPost(`${IG}/media_publish`, { creation_id: id });
    expect(pub.statusCode, pub.body).toBe(200);
    const mediaId = pub.json().id;
    expect(await status(id)).toBe("PUBLISHED");
    const twice = await gPost(`${IG}/media_publish`, { creation_id: id });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.code).toBe(9007);
    const item = s.control.published("instagram")[0];
    expect(item).toMatchObject({
      id: mediaId,
      kind: "photo",
      text: "Hello #insta",
      networkUserId: me.id,
      media: [{ kind: "image", mimeType: "image/jpeg", bytes: 9000, sha256: sha256(data), url }],
    });
    const link = await gGet(mediaId, { fields: "permalink,shortcode" });
    expect(link.json()).toEqual({ id: mediaId, permalink: item?.url, shortcode: expect.stringMatching(/^\w{11}$/) });
    expect(item?.url).toBe(`https://www.instagram.com/p/${link.json().shortcode}/`);
    const list = await gGet(`${IG}/media`, { fields: "id,caption,timestamp,permalink" });
    expect(list.json().data).toEqual([
      { id: mediaId, caption: "Hello #insta", timestamp: expect.stringMatching(/\+0000$/), permalink: item?.url },
    ]);
    const limit = await gGet(`${IG}/content_publishing_limit`, { fields: "quota_usage,config" });
    expect(limit.json().data[0]).toEqual({ quota_usage: 1, config: { quota_total: 100, quota_duration: 86400 } });
  });

  it("publishes a reel from video_url", async () => {
    const data = mp4(30_000);
    const id = await container({ media_type: "REELS", video_url: s.host("r.mp4", data, "video/mp4"), caption: "Reel" });
    await status(id);
    await status(id);
    const pub = await gPost(`${IG}/media_publish`, { creation_id: id });
    expect(pub.statusCode, pub.body).toBe(200);
    const item = s.control.published("instagram")[0];
    expect(item).toMatchObject({ kind: "reel", media: [{ kind: "video", bytes: 30_000, sha256: sha256(data) }] });
    expect(item?.url).toMatch(/^https:\/\/www\.instagram\.com\/reel\/\w{11}\/$/);
  });

  it("publishes a story and a carousel of two items", async () => {
    const story = await container({ media_type: "STORIES", image_url: s.host("s.jpg", jpeg(), "image/jpeg") });
    await status(story);
    await status(story);
    expect((await gPost(`${IG}/media_publish`, { creation_id: story })).statusCode).toBe(200);
    const a = await container({ image_url: s.host("a.jpg", jpeg(), "image/jpeg"), is_carousel_item: "true" });
    const b = await container({
      video_url: s.host("b.mp4", mp4(), "video/mp4"),
      media_type: "VIDEO",
      is_carousel_item: "true",
    });
    expect((await gPost(`${IG}/media_publish`, { creation_id: a })).statusCode).toBe(400);
    const parent = await container({ media_type: "CAROUSEL", children: `${a},${b}`, caption: "Two" });
    await status(parent);
    await status(parent);
    expect((await gPost(`${IG}/media_publish`, { creation_id: parent })).statusCode).toBe(200);
    const [s1, c1] = s.control.published("instagram");
    expect(s1?.kind).toBe("story");
    expect(c1).toMatchObject({ kind: "carousel", text: "Two" });
    expect(c1?.media.map((m) => m.kind)).toEqual(["image", "video"]);
  });

  it("a container whose URL does not give a JPEG fails with status ERROR and cannot be published", async () => {
    for (const url of [
      `${s.origin}/files/missing.jpg`,
      s.host("n.jpg", notMedia()),
      s.host("p.png", png(), "image/png"),
    ]) {
      const id = await container({ image_url: url });
      const res = await gGet(id, { fields: "status_code,status" });
      expect(res.json().status_code).toBe("ERROR");
      expect(res.json().status).toMatch(/^Error: /);
      expect((await gPost(`${IG}/media_publish`, { creation_id: id })).statusCode).toBe(400);
    }
    expect(s.control.published("instagram")).toHaveLength(0);
  });

  it("answers validation errors with Graph's error body", async () => {
    const url = s.host("a.jpg", jpeg(), "image/jpeg");
    const long = await gPost(`${IG}/media`, { image_url: url, caption: "x".repeat(2201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({ code: 100, fbtrace_id: expect.any(String) });
    // Five hashtags at most since December 2025.
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `#t${i}`).join(" ");
    expect((await gPost(`${IG}/media`, { image_url: url, caption: tags(5) })).statusCode).toBe(200);
    const six = await gPost(`${IG}/media`, { image_url: url, caption: `Bread ${tags(6)}` });
    expect(six.statusCode).toBe(400);
    expect(six.json().error).toMatchObject({ code: 100, message: "The caption has more than 5 hashtags." });
    const mentions = Array.from({ length: 21 }, (_, i) => `@friend${i}`).join(" ");
    expect((await gPost(`${IG}/media`, { image_url: url, caption: mentions })).statusCode).toBe(400);
    expect((await gPost(`${IG}/media`, {})).statusCode).toBe(400);
    expect((await gPost(`${IG}/media`, { media_type: "REELS", image_url: url })).statusCode).toBe(400);
    expect((await gPost("1234567890/media", { image_url: url })).statusCode).toBe(400);
  });

  it("each endpoint needs the permissions Instagram lists: basic to read, content publishing to publish", async () => {
    const basicOnly = s.token("instagram", "alice", "instagram_business_basic");
    const publishOnly = s.token("instagram", "alice", "instagram_business_content_publish");
    const me = (t: string) =>
      s.inject({
        method: "GET",
        url: `/sandbox/instagram/graph.instagram.com/me?fields=user_id,username&access_token=${t}`,
      });
    expect((await me(basicOnly)).statusCode).toBe(200);
    const refused = await me(publishOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 10,
      message: expect.stringContaining("instagram_business_basic"),
    });
    expect((await gGet(`${IG}/media`, { fields: "id" }, basicOnly)).statusCode).toBe(200);
    expect((await gGet(`${IG}/media`, { fields: "id" }, publishOnly)).statusCode).toBe(403);
    expect((await gGet(`${IG}/content_publishing_limit`, {}, basicOnly)).statusCode).toBe(403);
    expect((await gGet(`${IG}/content_publishing_limit`, {}, token())).statusCode).toBe(200);
    const url = s.host("a.jpg", jpeg(), "image/jpeg");
    expect((await gPost(`${IG}/media`, { image_url: url }, publishOnly)).statusCode).toBe(403);
    // Facebook Login's names on graph.facebook.com
    const viaFacebook = (t: string) =>
      s.inject({
        method: "POST",
        url: `/sandbox/instagram/graph.facebook.com/v25.0/${IG}/media?${new URLSearchParams({ image_url: url, access_token: t })}`,
      });
    expect((await viaFacebook(token())).statusCode).toBe(403);
    const fbLogin = s.token("instagram", "alice", "instagram_basic,instagram_content_publish,pages_read_engagement");
    expect((await viaFacebook(fbLogin)).statusCode).toBe(200);
  });

  it("needs the publishing permission, and a live token", async () => {
    const url = s.host("a.jpg", jpeg(), "image/jpeg");
    const basic = await gPost(
      `${IG}/media`,
      { image_url: url },
      s.token("instagram", "alice", "instagram_business_basic"),
    );
    expect(basic.statusCode).toBe(403);
    expect(basic.json().error.code).toBe(10);
    const expired = await gPost(
      `${IG}/media`,
      { image_url: url },
      s.token("instagram", "alice", SCOPE, { expired: true }),
    );
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toMatchObject({ code: 190, error_subcode: 463 });
  });

  it("throttleNext answers 429 with Retry-After on media_publish", async () => {
    const id = await container({ image_url: s.host("a.jpg", jpeg(), "image/jpeg") });
    await status(id);
    await status(id);
    s.control.throttleNext("instagram", { pathIncludes: "media_publish", retryAfterSeconds: 60 });
    const res = await gPost(`${IG}/media_publish`, { creation_id: id });
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBe("60");
    expect(res.json().error.code).toBe(4);
    expect((await gPost(`${IG}/media_publish`, { creation_id: id })).statusCode).toBe(200);
  });
});
