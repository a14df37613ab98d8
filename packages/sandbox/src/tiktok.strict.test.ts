import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mp4, pathOf, startSandbox, TEST_REDIRECT, type TestSandbox } from "./publish-test-kit";

let s: TestSandbox;
beforeEach(async () => {
  s = await startSandbox();
});
afterEach(async () => {
  await s.close();
});

const ALL = "user.info.basic,user.info.profile,user.info.stats,video.publish,video.upload,video.list";
const API = "/sandbox/tiktok/open.tiktokapis.com/v2";
const MB = 1024 * 1024;
const JSON_UTF8 = "application/json; charset=UTF-8";
const tokenOf = (username = "alice", scope = ALL) => s.token("tiktok", username, scope);
const post = (path: string, o: { token?: string; type?: string | null; body?: unknown } = {}) =>
  s.inject({
    method: "POST",
    url: `${API}/${path}`,
    headers: {
      authorization: `Bearer ${o.token ?? tokenOf()}`,
      ...(o.type !== null && { "content-type": o.type ?? JSON_UTF8 }),
    },
    ...(o.body !== undefined && { payload: JSON.stringify(o.body) }),
  });
const init = (privacy: string, o: { token?: string; size?: number; chunk?: number; count?: number } = {}) => {
  const size = o.size ?? 40_000;
  return post("post/publish/video/init/", {
    token: o.token,
    body: {
      post_info: { title: "Hi", privacy_level: privacy },
      source_info: {
        source: "FILE_UPLOAD",
        video_size: size,
        chunk_size: o.chunk ?? size,
        total_chunk_count: o.count ?? 1,
      },
    },
  });
};
const errorOf = (res: { json(): { error: { code: string } } }) => res.json().error.code;

describe("TikTok's JSON content type", () => {
  it("creator_info is refused without Content-Type application/json (the app's request before issue 14)", async () => {
    const bare = await post("post/publish/creator_info/query/", { type: null });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({
      data: {},
      error: {
        code: "invalid_params",
        message: expect.stringContaining("application/json"),
        log_id: expect.any(String),
      },
    });
    const form = await post("post/publish/creator_info/query/", { type: "application/x-www-form-urlencoded" });
    expect(errorOf(form)).toBe("invalid_params");
    const latin = await post("post/publish/creator_info/query/", {
      type: "application/json; charset=ISO-8859-1",
      body: {},
    });
    expect(latin.statusCode).toBe(400);
    const good = await post("post/publish/creator_info/query/", { body: {} });
    expect(good.statusCode, good.body).toBe(200);
  });

  it("init, status and video list need it too", async () => {
    for (const path of ["post/publish/video/init/", "post/publish/status/fetch/", "video/list/?fields=id"]) {
      const res = await post(path, { type: null });
      expect(res.statusCode, path).toBe(400);
      expect(errorOf(res), path).toBe("invalid_params");
    }
  });
});

describe("TikTok's scopes", () => {
  it("user/info: each field needs its scope (basic, profile, stats)", async () => {
    const basicOnly = tokenOf("alice", "user.info.basic,video.publish");
    const get = (fields: string, token = basicOnly) =>
      s.inject({
        method: "GET",
        url: `${API}/user/info/?fields=${fields}`,
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await get("open_id,avatar_url,display_name")).statusCode).toBe(200);
    for (const [field, scope] of [
      ["username", "user.info.profile"],
      ["follower_count", "user.info.stats"],
    ] as const) {
      const res = await get(`open_id,${field}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toMatchObject({ code: "scope_not_authorized", message: expect.stringContaining(scope) });
    }
    const all = await get("open_id,username,follower_count", tokenOf());
    expect(all.json().data.user).toMatchObject({ username: "alice", follower_count: expect.any(Number) });
  });

  it("status/fetch takes video.upload or video.publish; video/list needs video.list", async () => {
    const res = await init("PUBLIC_TO_EVERYONE");
    const publish_id = res.json().data.publish_id;
    for (const scope of ["video.publish", "video.upload"]) {
      const status = await post("post/publish/status/fetch/", {
        token: tokenOf("alice", `user.info.basic,${scope}`),
        body: { publish_id },
      });
      expect(status.statusCode, scope).toBe(200);
    }
    const none = await post("post/publish/status/fetch/", {
      token: tokenOf("alice", "user.info.basic"),
      body: { publish_id },
    });
    expect(errorOf(none)).toBe("scope_not_authorized");
    const list = await post("video/list/?fields=id", {
      token: tokenOf("alice", "user.info.basic,video.publish"),
      body: {},
    });
    expect(list.statusCode).toBe(401);
    expect(errorOf(list)).toBe("scope_not_authorized");
  });

  it("an inbox draft needs video.upload: it ends in the creator's inbox, not on their profile", async () => {
    const data = mp4(30_000);
    const body = {
      source_info: { source: "FILE_UPLOAD", video_size: data.length, chunk_size: data.length, total_chunk_count: 1 },
    };
    const publishOnly = tokenOf("alice", "user.info.basic,video.publish");
    const refused = await post("post/publish/inbox/video/init/", { token: publishOnly, body });
    expect(refused.statusCode).toBe(401);
    expect(errorOf(refused)).toBe("scope_not_authorized");
    const upload = tokenOf("alice", "user.info.basic,video.upload");
    const init = await post("post/publish/inbox/video/init/", { token: upload, body });
    expect(init.statusCode, init.body).toBe(200);
    const { publish_id, upload_url } = init.json().data;
    const put = await s.inject({
      method: "PUT",
      url: pathOf(upload_url),
      headers: { "content-type": "video/mp4", "content-range": `bytes 0-${data.length - 1}/${data.length}` },
      payload: data,
    });
    expect(put.statusCode).toBe(201);
    const status = async () =>
      (await post("post/publish/status/fetch/", { token: upload, body: { publish_id } })).json().data.status;
    expect(await status()).toBe("PROCESSING_UPLOAD");
    expect(await status()).toBe("SEND_TO_USER_INBOX");
    expect(s.control.published("tiktok")).toHaveLength(0);
  });

  it("the authorize page sends an unknown scope back as invalid_scope", async () => {
    const q = new URLSearchParams({
      client_key: "sandbox-tiktok",
      response_type: "code",
      redirect_uri: TEST_REDIRECT,
      scope: "user.info.basic,video.everything",
      state: "st",
    });
    const res = await s.inject({ method: "GET", url: `/sandbox/tiktok/www.tiktok.com/v2/auth/authorize/?${q}` });
    expect(res.statusCode).toBe(302);
    const back = new URL(res.headers.location as string);
    expect(back.searchParams.get("error")).toBe("invalid_scope");
    expect(back.searchParams.get("state")).toBe("st");
  });
});

describe("TikTok's privacy levels and audit", () => {
  it("a public account offers everyone/friends/only me; a private one followers/friends/only me", async () => {
    const options = async (username: string) =>
      (await post("post/publish/creator_info/query/", { token: tokenOf(username), body: {} })).json().data
        .privacy_level_options;
    expect(await options("alice")).toEqual(["PUBLIC_TO_EVERYONE", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"]);
    expect(await options("private_bo")).toEqual(["FOLLOWER_OF_CREATOR", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"]);
    const mismatch = await init("FOLLOWER_OF_CREATOR");
    expect(mismatch.statusCode).toBe(400);
    expect(errorOf(mismatch)).toBe("privacy_level_option_mismatch");
    expect((await init("FOLLOWER_OF_CREATOR", { token: tokenOf("private_bo") })).statusCode).toBe(200);
  });

  it("an unaudited app posts only from private accounts, only as SELF_ONLY (403 otherwise)", async () => {
    s.control.setReview({ tiktok: { audited: false } });
    // creator_info does not change: TikTok refuses at init
    const info = await post("post/publish/creator_info/query/", { body: {} });
    expect(info.json().data.privacy_level_options).toContain("PUBLIC_TO_EVERYONE");
    for (const [username, privacy] of [
      ["alice", "PUBLIC_TO_EVERYONE"],
      ["alice", "SELF_ONLY"],
      ["private_bo", "MUTUAL_FOLLOW_FRIENDS"],
    ] as const) {
      const res = await init(privacy, { token: tokenOf(username) });
      expect(res.statusCode, `${username} ${privacy}`).toBe(403);
      expect(errorOf(res)).toBe("unaudited_client_can_only_post_to_private_accounts");
    }
    const ok = await init("SELF_ONLY", { token: tokenOf("private_bo") });
    expect(ok.statusCode, ok.body).toBe(200);
    s.control.setReview({ tiktok: { audited: true } });
    expect((await init("PUBLIC_TO_EVERYONE")).statusCode).toBe(200);
  });
});

describe("TikTok's chunk rules", () => {
  it("checks chunk sizes and counts at init", async () => {
    const cases: [number, number, number, number][] = [
      // size, chunk, count, status
      [4 * MB, 2 * MB, 2, 400], // under 5 MB: one chunk
      [4 * MB, 4 * MB, 1, 200],
      [7 * MB, 7 * MB, 1, 200], // up to 64 MB may go whole
      [20 * MB, 4 * MB, 5, 400], // chunks of at least 5 MB
      [100 * MB, 65 * MB, 1, 400], // at most 64 MB
      [25 * MB, 10 * MB, 3, 400], // count = floor(size / chunk)
      [25 * MB, 10 * MB, 2, 200], // the last takes the rest
      [200 * MB, 64 * MB, 3, 200],
    ];
    for (const [size, chunk, count, status] of cases) {
      const res = await init("SELF_ONLY", { size, chunk, count });
      expect(res.statusCode, `${size / MB} MB in ${count} × ${chunk / MB} MB`).toBe(status);
    }
  });

  it("each PUT needs a video Content-Type, its Content-Range and a matching Content-Length", async () => {
    const data = mp4(40_000);
    const url = pathOf((await init("SELF_ONLY", { size: data.length })).json().data.upload_url);
    const put = (headers: Record<string, string>) =>
      s.inject({ method: "PUT", url, headers: { "content-range": "bytes 0-39999/40000", ...headers }, payload: data });
    const untyped = await put({ "content-type": "application/octet-stream" });
    expect(untyped.statusCode).toBe(400);
    expect(errorOf(untyped)).toBe("invalid_file_upload");
    expect((await put({ "content-type": "video/mp4", "content-range": "bytes 0-19999/40000" })).statusCode).toBe(416);
    expect((await put({ "content-type": "video/mp4" })).statusCode).toBe(201);
  });
});
