import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pagesOf } from "./networks/facebook";
import { personOf } from "./people";
import { jpeg, mp4, multipartBody, notMedia, png, sha256, startSandbox, type TestSandbox } from "./publish-test-kit";

let s: TestSandbox;
beforeEach(async () => {
  s = await startSandbox();
});
afterEach(async () => {
  await s.close();
});

const SCOPE = "pages_show_list,pages_manage_posts,pages_read_engagement";
const me = personOf("facebook", "alice");
const PAGE = (pagesOf(me)[0] as { id: string }).id;
const G = "/sandbox/facebook/graph.facebook.com/v25.0";
const pageToken = () => s.token("facebook", "alice", SCOPE, { kind: "page" });

const graphPost = (path: string, params: Record<string, unknown>, token = pageToken()) =>
  s.inject({ method: "POST", url: `${G}/${path}`, payload: { ...params, access_token: token } });
const graphGet = (path: string, query: Record<string, string>, token = pageToken()) =>
  s.inject({ method: "GET", url: `${G}/${path}?${new URLSearchParams({ ...query, access_token: token })}` });

describe("Facebook Page publishing", () => {
  it("posts text with a link: {id: page_post}; permalink_url; the Page feed lists it", async () => {
    const res = await graphPost(`${PAGE}/feed`, {
      message: "Hello Facebook",
      link: "https://example.com/a",
      published: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id } = res.json();
    expect(id).toMatch(new RegExp(`^${PAGE}_\\d{16}$`));
    expect(s.control.published("facebook")[0]).toMatchObject({
      platform: "facebook",
      id,
      pageId: PAGE,
      networkUserId: me.id,
      kind: "post",
      text: "Hello Facebook",
      link: "https://example.com/a",
    });
    const link = await graphGet(id, { fields: "id,permalink_url" });
    expect(link.json()).toEqual({ id, permalink_url: expect.stringMatching(/^https:\/\/www\.facebook\.com\//) });
    await graphPost(`${PAGE}/feed`, { message: "Second" });
    const feed = await graphGet(`${PAGE}/feed`, { fields: "id,message,created_time" });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.json().data.map((p: { message: string }) => p.message)).toEqual(["Second", "Hello Facebook"]);
    expect(feed.json().data[1].created_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);
  });

  it("posts a photo sent as multipart source: {id, post_id}", async () => {
    const data = jpeg(6000);
    const { payload, contentType } = multipartBody({
      access_token: pageToken(),
      caption: "A photo",
      source: { data, filename: "p.jpg", type: "image/jpeg" },
    });
    const res = await s.inject({
      method: "POST",
      url: `${G}/${PAGE}/photos`,
      headers: { "content-type": contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id, post_id } = res.json();
    expect(post_id).toBe(`${PAGE}_${id}`);
    expect(s.control.published("facebook")[0]).toMatchObject({
      id: post_id,
      kind: "photo",
      text: "A photo",
      media: [{ kind: "image", mimeType: "image/jpeg", bytes: 6000, sha256: sha256(data) }],
    });
  });

  it("posts a photo by URL, fetched by the network; several unpublished photos attach to one post", async () => {
    const a = png(3000);
    const b = png(4000);
    const first = await graphPost(`${PAGE}/photos`, { url: s.host("a.png", a, "image/png"), published: false });
    const second = await graphPost(`${PAGE}/photos`, { url: s.host("b.png", b, "image/png"), published: "false" });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().post_id).toBeUndefined();
    expect(s.control.published("facebook")).toHaveLength(0);
    const res = await graphPost(`${PAGE}/feed`, {
      message: "Two photos",
      attached_media: [{ media_fbid: first.json().id }, { media_fbid: second.json().id }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(s.control.published("facebook")[0]?.media.map((m) => m.sha256)).toEqual([sha256(a), sha256(b)]);
    const missing = await graphPost(`${PAGE}/photos`, { url: `${s.origin}/files/nothing.png` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({ code: 324, type: "OAuthException" });
  });

  it("posts a video on graph.facebook.com with multipart source, title and description; needs publish_video", async () => {
    const data = mp4(20_000);
    const videoCall = (host: string, token: string) => {
      const { payload, contentType } = multipartBody({
        access_token: token,
        title: "My clip",
        description: "Watch this",
        source: { data, filename: "v.mp4", type: "video/mp4" },
      });
      return s.inject({
        method: "POST",
        url: `/sandbox/facebook/${host}/v25.0/${PAGE}/videos`,
        headers: { "content-type": contentType },
        payload,
      });
    };
    const withoutVideo = await videoCall("graph.facebook.com", pageToken());
    expect(withoutVideo.statusCode).toBe(403);
    expect(withoutVideo.json().error).toMatchObject({ code: 200, message: expect.stringContaining("publish_video") });
    const videoToken = s.token("facebook", "alice", `${SCOPE},publish_video`, { kind: "page" });
    // The graph-video host is deprecated for uploads.
    const oldHost = await videoCall("graph-video.facebook.com", videoToken);
    expect(oldHost.statusCode).toBe(400);
    expect(oldHost.json().error).toMatchObject({ code: 100, message: expect.stringContaining("graph.facebook.com") });
    expect(s.control.published("facebook")).toHaveLength(0);
    const res = await videoCall("graph.facebook.com", videoToken);
    expect(res.statusCode, res.body).toBe(200);
    expect(s.control.published("facebook")[0]).toMatchObject({
      id: res.json().id,
      kind: "video",
      title: "My clip",
      text: "Watch this",
      media: [{ kind: "video", bytes: data.length, sha256: sha256(data) }],
    });
    const notVideo = await graphPost(`${PAGE}/videos`, { file_url: s.host("x.bin", notMedia()) }, videoToken);
    expect(notVideo.statusCode).toBe(400);
  });

  it("answers validation errors with Graph's error body", async () => {
    const empty = await graphPost(`${PAGE}/feed`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatchObject({ code: 100, type: "OAuthException", fbtrace_id: expect.any(String) });
    expect((await graphPost(`${PAGE}/feed`, { message: "x".repeat(63_207) })).json().error.code).toBe(100);
    expect((await graphPost("1234567890123499/feed", { message: "not my page" })).statusCode).toBe(400);
    expect((await graphPost(`${PAGE}/feed`, { message: "Same" })).statusCode).toBe(200);
    const dup = await graphPost(`${PAGE}/feed`, { message: "Same" });
    expect(dup.json().error.code).toBe(506);
  });

  it("needs a Page token with pages_manage_posts and pages_read_engagement, alive", async () => {
    const user = await graphPost(`${PAGE}/feed`, { message: "as user" }, s.token("facebook", "alice", SCOPE));
    expect(user.statusCode).toBe(403);
    expect(user.json().error.code).toBe(200);
    for (const scope of ["pages_show_list,pages_manage_posts", "pages_show_list,pages_read_engagement"]) {
      const token = s.token("facebook", "alice", scope, { kind: "page" });
      const res = await graphPost(`${PAGE}/feed`, { message: "short of a permission" }, token);
      expect(res.statusCode, scope).toBe(403);
      expect(res.json().error.code).toBe(200);
      expect((await graphPost(`${PAGE}/photos`, { url: s.host("p.png", png(), "image/png") }, token)).statusCode).toBe(
        403,
      );
    }
    const noEngagement = s.token("facebook", "alice", "pages_show_list,pages_manage_posts", { kind: "page" });
    const feed = await graphGet(`${PAGE}/feed`, { fields: "id,message" }, noEngagement);
    expect(feed.statusCode).toBe(403);
    expect(feed.json().error).toMatchObject({ code: 10, message: expect.stringContaining("pages_read_engagement") });
    expect(s.control.published("facebook")).toHaveLength(0);
    const expired = await graphPost(
      `${PAGE}/feed`,
      { message: "late" },
      s.token("facebook", "alice", SCOPE, { kind: "page", expired: true }),
    );
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toMatchObject({ code: 190, error_subcode: 463 });
    const bearer = await s.inject({
      method: "POST",
      url: `${G}/${PAGE}/feed`,
      headers: { authorization: `Bearer ${pageToken()}` },
      payload: { message: "bearer works" },
    });
    expect(bearer.statusCode, bearer.body).toBe(200);
  });

  it("throttleNext answers 429 with Retry-After on the feed path", async () => {
    s.control.throttleNext("facebook", { pathIncludes: "/feed", retryAfterSeconds: 3 });
    const res = await graphPost(`${PAGE}/feed`, { message: "throttled" });
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBe("3");
    expect(res.json().error.code).toBe(4);
    expect((await graphPost(`${PAGE}/feed`, { message: "throttled" })).statusCode).toBe(200);
  });
});
