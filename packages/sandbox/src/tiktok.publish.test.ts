import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { personOf } from "./people";
import { mp4, notMedia, pathOf, sha256, startSandbox, type TestSandbox } from "./publish-test-kit";

let s: TestSandbox;
beforeEach(async () => {
  s = await startSandbox();
});
afterEach(async () => {
  await s.close();
});

const SCOPE = "user.info.basic,video.publish,video.upload,video.list";
const me = personOf("tiktok", "alice");
const API = "/sandbox/tiktok/open.tiktokapis.com/v2";
const MB = 1024 * 1024;
const auth = (token?: string) => ({ authorization: `Bearer ${token ?? s.token("tiktok", "alice", SCOPE)}` });
const call = (path: string, body: unknown = {}, token?: string) =>
  s.inject({ method: "POST", url: `${API}/${path}`, headers: auth(token), payload: body as object });
const POST_INFO = {
  title: "My video #fun",
  privacy_level: "SELF_ONLY",
  disable_duet: false,
  disable_comment: false,
  disable_stitch: true,
};
const statusOf = async (publish_id: string) => (await call("post/publish/status/fetch/", { publish_id })).json().data;

async function fileUpload(data: Buffer, chunkSize: number, postInfo: Record<string, unknown> = POST_INFO) {
  const chunks = data.length < 5 * MB ? 1 : Math.floor(data.length / chunkSize);
  const init = await call("post/publish/video/init/", {
    post_info: postInfo,
    source_info: { source: "FILE_UPLOAD", video_size: data.length, chunk_size: chunkSize, total_chunk_count: chunks },
  });
  expect(init.statusCode, init.body).toBe(200);
  expect(init.json().error.code).toBe("ok");
  const { publish_id, upload_url } = init.json().data;
  const statuses: number[] = [];
  for (let i = 0; i < chunks; i++) {
    const first = i * chunkSize;
    const last = i === chunks - 1 ? data.length - 1 : first + chunkSize - 1;
    const put = await s.inject({
      method: "PUT",
      url: pathOf(upload_url),
      headers: { "content-type": "video/mp4", "content-range": `bytes ${first}-${last}/${data.length}` },
      payload: data.subarray(first, last + 1),
    });
    statuses.push(put.statusCode);
  }
  return { publish_id: publish_id as string, statuses };
}

describe("TikTok publishing", () => {
  it("creator_info lists the privacy options", async () => {
    const res = await call("post/publish/creator_info/query/");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      creator_username: "alice",
      privacy_level_options: expect.arrayContaining(["SELF_ONLY", "PUBLIC_TO_EVERYONE"]),
    });
  });

  it("posts a video uploaded in chunks: 206 per chunk then 201; PROCESSING_UPLOAD then PUBLISH_COMPLETE; listed", async () => {
    const data = mp4(11 * MB + 123);
    const { publish_id, statuses } = await fileUpload(data, 5 * MB);
    expect(statuses).toEqual([206, 201]);
    expect((await statusOf(publish_id)).status).toBe("PROCESSING_UPLOAD");
    const done = await call("post/publish/status/fetch/", { publish_id });
    expect(done.json().data.status).toBe("PUBLISH_COMPLETE");
    // an int64 in the JSON text: read exactly from the text
    const postId = /"publicaly_available_post_id":\[(\d+)\]/.exec(done.body)?.[1];
    expect(postId).toMatch(/^\d{19}$/);
    const item = s.control.published("tiktok")[0];
    expect(item).toMatchObject({
      id: String(postId),
      url: `https://www.tiktok.com/@alice/video/${postId}`,
      networkUserId: me.id,
      kind: "video",
      text: "My video #fun",
      visibility: "SELF_ONLY",
      media: [{ kind: "video", mimeType: "video/mp4", bytes: data.length, sha256: sha256(data) }],
    });
    const list = await call("video/list/?fields=id,title,create_time,share_url", { max_count: 20 });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.videos).toEqual([
      { id: item?.id, title: "My video #fun", create_time: expect.any(Number), share_url: item?.url },
    ]);
  });

  it("posts a small video in one chunk, and one pulled from a URL", async () => {
    const small = await fileUpload(mp4(40_000), 40_000);
    expect(small.statuses).toEqual([201]);
    const data = mp4(60_000);
    const init = await call("post/publish/video/init/", {
      post_info: { ...POST_INFO, title: "Pulled" },
      source_info: { source: "PULL_FROM_URL", video_url: s.host("v.mp4", data, "video/mp4") },
    });
    expect(init.statusCode, init.body).toBe(200);
    const id = init.json().data.publish_id;
    expect((await statusOf(id)).status).toBe("PROCESSING_DOWNLOAD");
    expect((await statusOf(id)).status).toBe("PUBLISH_COMPLETE");
    expect(s.control.published("tiktok")[1]).toMatchObject({ text: "Pulled", media: [{ sha256: sha256(data) }] });
    const broken = await call("post/publish/video/init/", {
      post_info: POST_INFO,
      source_info: { source: "PULL_FROM_URL", video_url: s.host("n.mp4", notMedia()) },
    });
    expect(await statusOf(broken.json().data.publish_id)).toMatchObject({
      status: "FAILED",
      fail_reason: "video_pull_failed",
    });
  });

  it("refuses a chunk out of order, and a file that is not a video fails", async () => {
    const data = mp4(40_000);
    const init = await call("post/publish/video/init/", {
      post_info: POST_INFO,
      source_info: { source: "FILE_UPLOAD", video_size: data.length, chunk_size: data.length, total_chunk_count: 1 },
    });
    const url = pathOf(init.json().data.upload_url);
    const wrong = await s.inject({
      method: "PUT",
      url,
      headers: { "content-type": "video/mp4", "content-range": `bytes 10-39999/40000` },
      payload: data.subarray(10),
    });
    expect(wrong.statusCode).toBe(416);
    const junk = notMedia(40_000);
    const bad = await fileUpload(junk, junk.length);
    expect(bad.statuses).toEqual([201]);
    expect(await statusOf(bad.publish_id)).toMatchObject({ status: "FAILED", fail_reason: "file_format_check_failed" });
  });

  it("answers validation errors with {data:{}, error:{code,message,log_id}}", async () => {
    const mismatch = await call("post/publish/video/init/", {
      post_info: { ...POST_INFO, privacy_level: "PUBLIC" },
      source_info: { source: "PULL_FROM_URL", video_url: "https://example.com/v.mp4" },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({
      data: {},
      error: { code: "privacy_level_option_mismatch", message: expect.any(String), log_id: expect.any(String) },
    });
    const long = await call("post/publish/video/init/", {
      post_info: { ...POST_INFO, title: "x".repeat(2201) },
      source_info: { source: "PULL_FROM_URL", video_url: "https://example.com/v.mp4" },
    });
    expect(long.json().error.code).toBe("invalid_params");
    const chunks = await call("post/publish/video/init/", {
      post_info: POST_INFO,
      source_info: { source: "FILE_UPLOAD", video_size: 20 * MB, chunk_size: 1 * MB, total_chunk_count: 20 },
    });
    expect(chunks.statusCode).toBe(400);
  });

  it("needs video.publish, and a live token", async () => {
    const noScope = await call("post/publish/creator_info/query/", {}, s.token("tiktok", "alice", "user.info.basic"));
    expect(noScope.statusCode).toBe(401);
    expect(noScope.json().error.code).toBe("scope_not_authorized");
    const expired = await call(
      "post/publish/creator_info/query/",
      {},
      s.token("tiktok", "alice", SCOPE, { expired: true }),
    );
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe("access_token_invalid");
  });

  it("throttleNext answers 429 with Retry-After on video/init", async () => {
    s.control.throttleNext("tiktok", { pathIncludes: "video/init", retryAfterSeconds: 10 });
    const body = {
      post_info: POST_INFO,
      source_info: { source: "PULL_FROM_URL", video_url: s.host("v.mp4", mp4(), "video/mp4") },
    };
    const res = await call("post/publish/video/init/", body);
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBe("10");
    expect(res.json().error.code).toBe("rate_limit_exceeded");
    expect((await call("post/publish/video/init/", body)).statusCode).toBe(200);
  });
});
