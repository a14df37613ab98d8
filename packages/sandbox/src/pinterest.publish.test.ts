import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { boardsOf } from "./networks/pinterest";
import { personOf } from "./people";
import {
  jpeg,
  mp4,
  multipartBody,
  notMedia,
  pathOf,
  png,
  sha256,
  startSandbox,
  type TestSandbox,
} from "./publish-test-kit";

let s: TestSandbox;
beforeEach(async () => {
  s = await startSandbox();
});
afterEach(async () => {
  await s.close();
});

const SCOPE = "user_accounts:read,boards:read,boards:write,pins:read,pins:write";
const me = personOf("pinterest", "alice");
const BOARD = (boardsOf(me)[1] as { id: string }).id;
const API = "/sandbox/pinterest/api.pinterest.com/v5";
const auth = (token?: string) => ({ authorization: `Bearer ${token ?? s.token("pinterest", "alice", SCOPE)}` });

const pin = (body: Record<string, unknown>, token?: string) =>
  s.inject({ method: "POST", url: `${API}/pins`, headers: auth(token), payload: { board_id: BOARD, ...body } });

describe("Pinterest publishing", () => {
  it("creates a pin from an image URL it fetches: 201 with the pin; recorded; listed newest first", async () => {
    const data = jpeg(7000);
    const url = s.host("p.jpg", data, "image/jpeg");
    const res = await pin({
      title: "A pin",
      description: "About it",
      link: "https://example.com/x",
      alt_text: "alt",
      media_source: { source_type: "image_url", url },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    expect(id).toMatch(/^\d{18}$/);
    expect(res.json()).toMatchObject({
      board_id: BOARD,
      title: "A pin",
      description: "About it",
      link: "https://example.com/x",
    });
    expect(s.control.published("pinterest")[0]).toMatchObject({
      id,
      url: `https://www.pinterest.com/pin/${id}/`,
      kind: "pin",
      boardId: BOARD,
      networkUserId: me.id,
      title: "A pin",
      text: "About it",
      link: "https://example.com/x",
      media: [{ kind: "image", mimeType: "image/jpeg", bytes: 7000, sha256: sha256(data), url }],
    });
    const second = await pin({ title: "Second", media_source: { source_type: "image_url", url } });
    const list = await s.inject({ method: "GET", url: `${API}/pins?page_size=10`, headers: auth() });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items.map((p: { id: string }) => p.id)).toEqual([second.json().id, id]);
  });

  it("creates a pin from base64 data and checks it is the type it claims", async () => {
    const data = png(3000);
    const res = await pin({
      media_source: { source_type: "image_base64", content_type: "image/png", data: data.toString("base64") },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(s.control.published("pinterest")[0]?.media[0]).toMatchObject({ bytes: 3000, sha256: sha256(data) });
    const liar = await pin({
      media_source: { source_type: "image_base64", content_type: "image/jpeg", data: data.toString("base64") },
    });
    expect(liar.statusCode).toBe(400);
    expect(liar.json()).toEqual({ code: 1, message: expect.any(String) });
  });

  it("creates a video pin: register media, upload to upload_url, poll until succeeded", async () => {
    const reg = await s.inject({
      method: "POST",
      url: `${API}/media`,
      headers: auth(),
      payload: { media_type: "video" },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const { media_id, upload_url, upload_parameters } = reg.json();
    const status = async () =>
      (await s.inject({ method: "GET", url: `${API}/media/${media_id}`, headers: auth() })).json().status;
    expect(await status()).toBe("registered");
    const data = mp4(50_000);
    const { payload, contentType } = multipartBody({
      ...upload_parameters,
      file: { data, filename: "v.mp4", type: "video/mp4" },
    });
    const up = await s.inject({
      method: "POST",
      url: pathOf(upload_url),
      headers: { "content-type": contentType },
      payload,
    });
    expect(up.statusCode, up.body).toBe(204);
    const cover = "https://example.com/cover.jpg";
    expect(
      (await pin({ media_source: { source_type: "video_id", media_id, cover_image_url: cover } })).statusCode,
    ).toBe(400);
    expect(await status()).toBe("processing");
    expect(await status()).toBe("succeeded");
    const res = await pin({
      title: "Clip",
      media_source: { source_type: "video_id", media_id, cover_image_url: cover },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(s.control.published("pinterest")[0]?.media).toEqual([
      { kind: "video", mimeType: "video/mp4", bytes: data.length, sha256: sha256(data) },
    ]);
  });

  it("answers validation errors with {code, message}", async () => {
    const url = s.host("p.png", png(), "image/png");
    const media_source = { source_type: "image_url", url };
    expect((await pin({ board_id: undefined, media_source })).statusCode).toBe(400);
    expect((await pin({ board_id: "999999999999999999", media_source })).statusCode).toBe(404);
    expect((await pin({ title: "t".repeat(101), media_source })).statusCode).toBe(400);
    expect((await pin({ description: "d".repeat(801), media_source })).statusCode).toBe(400);
    expect((await pin({ link: `https://example.com/${"l".repeat(2048)}`, media_source })).statusCode).toBe(400);
    expect((await pin({})).statusCode).toBe(400);
    const broken = await pin({ media_source: { source_type: "image_url", url: s.host("n.png", notMedia()) } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 1, message: expect.stringContaining("fetch") });
    expect(s.control.published("pinterest")).toHaveLength(0);
  });

  it("needs boards:read, boards:write, pins:read and pins:write, and a live token", async () => {
    const url = s.host("p.png", png(), "image/png");
    const readOnly = await pin(
      { media_source: { source_type: "image_url", url } },
      s.token("pinterest", "alice", "boards:read,pins:read"),
    );
    expect(readOnly.statusCode).toBe(401);
    expect(readOnly.json()).toMatchObject({ code: 3, message: expect.stringContaining("scopes") });
    const expired = await pin(
      { media_source: { source_type: "image_url", url } },
      s.token("pinterest", "alice", SCOPE, { expired: true }),
    );
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ code: 2, message: "Authentication failed." });
  });

  it("throttleNext answers 429 with Retry-After on the pins path", async () => {
    s.control.throttleNext("pinterest", { pathIncludes: "v5/pins", retryAfterSeconds: 5 });
    const url = s.host("p.png", png(), "image/png");
    const res = await pin({ media_source: { source_type: "image_url", url } });
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toMatchObject({ code: 8 });
    expect((await pin({ media_source: { source_type: "image_url", url } })).statusCode).toBe(201);
  });
});
