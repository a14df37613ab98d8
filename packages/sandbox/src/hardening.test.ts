import { HTTP_MESSAGES } from "@app/shared";
import { JSON_MAX_DEPTH } from "@app/shared/rules/json-depth";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { pagesOf } from "./networks/facebook";
import { personOf } from "./people";
import { pathOf, startSandbox, type TestSandbox } from "./publish-test-kit";

/** The sandbox served on a bare Fastify (as in these tests) refuses what the app refuses in front of it. */

let s: TestSandbox;
beforeEach(async () => {
  s = await startSandbox();
});
afterEach(async () => {
  await s.close();
});

const G = "/sandbox/facebook/graph.facebook.com/v25.0";
const PAGE = (pagesOf(personOf("facebook", "alice"))[0] as { id: string }).id;
const pageToken = () =>
  s.token("facebook", "alice", "pages_show_list,pages_manage_posts,pages_read_engagement", { kind: "page" });
const X = "/sandbox/twitter/api.x.com/2";
const xAuth = () => ({
  authorization: `Bearer ${s.token("twitter", "alice", "tweet.read users.read tweet.write media.write")}`,
});
const PIN = "/sandbox/pinterest/api.pinterest.com/v5";
const pinAuth = () => ({
  authorization: `Bearer ${s.token("pinterest", "alice", "user_accounts:read,boards:read,pins:read,pins:write")}`,
});

/** Multipart bodies the parser cannot read. */
const MALFORMED: [string, string, string][] = [
  ["no boundary", "multipart/form-data", "garbage"],
  ["a boundary over 70 characters", `multipart/form-data; boundary=${"b".repeat(80)}`, `--${"b".repeat(80)}\r\n`],
  [
    "no closing boundary",
    "multipart/form-data; boundary=xyz",
    '--xyz\r\nContent-Disposition: form-data; name="media"; filename="a.png"\r\n\r\n\x89PNG',
  ],
  ["garbage", "multipart/form-data; boundary=xyz", "\u0000\u0001garbage"],
];

describe("names from the path", () => {
  it.each(["__proto__", "constructor", "toString"])("an avatar of the network %j is a 404", async (name) => {
    const res = await s.inject({ method: "GET", url: `/sandbox/_assets/avatar/${name}/a.svg` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found" } });
  });

  it("a name that is not a username (a stray %-escape included) is a 404", async () => {
    expect((await s.inject({ method: "GET", url: "/sandbox/_assets/avatar/twitter/%25E0%25A4.svg" })).statusCode).toBe(
      404,
    );
    expect((await s.inject({ method: "GET", url: "/sandbox/_assets/avatar/twitter/alice.svg" })).statusCode).toBe(200);
  });

  it("TikTok's user/info refuses a field named after an object's inherited property", async () => {
    const token = s.token("tiktok", "alice", "user.info.basic");
    for (const field of ["constructor", "__proto__", "toString"]) {
      const res = await s.inject({
        method: "GET",
        url: `/sandbox/tiktok/open.tiktokapis.com/v2/user/info/?fields=open_id,${field}`,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.body).toContain(`Unknown field: ${field}.`);
    }
  });
});

describe("JSON nesting", () => {
  it("Graph refuses a body nested 10,000 levels with a 400 (it used to overflow the stack)", async () => {
    const res = await s.inject({
      method: "POST",
      url: `${G}/${PAGE}/feed?access_token=${pageToken()}`,
      headers: { "content-type": "application/json" },
      payload: `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(HTTP_MESSAGES.jsonTooDeep(JSON_MAX_DEPTH));
  });

  it("a body within the limit is read as before; prototype poisoning is still refused", async () => {
    const ok = await s.inject({
      method: "POST",
      url: `${G}/${PAGE}/feed`,
      headers: { "content-type": "application/json" },
      payload: { access_token: pageToken(), message: "Nested fine", extra: [[[[{ a: 1 }]]]] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const poisoned = await s.inject({
      method: "POST",
      url: `${G}/${PAGE}/feed`,
      headers: { "content-type": "application/json" },
      payload: `{"access_token":"${pageToken()}","__proto__":{"x":1}}`,
    });
    expect(poisoned.statusCode).toBe(400);
  });
});

describe("multipart bodies the parser cannot read are a 400, in each network's words", () => {
  it.each(MALFORMED)("X media upload, %s", async (_label, type, payload) => {
    const res = await s.inject({
      method: "POST",
      url: `${X}/media/upload`,
      headers: { ...xAuth(), "content-type": type },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(HTTP_MESSAGES.malformedMultipart);
  });

  it.each(MALFORMED)("X chunked append, %s", async (_label, type, payload) => {
    const init = await s.inject({
      method: "POST",
      url: `${X}/media/upload/initialize`,
      headers: xAuth(),
      payload: { media_type: "video/mp4", total_bytes: 1000, media_category: "tweet_video" },
    });
    expect(init.statusCode, init.body).toBe(200);
    const id = init.json().data.id as string;
    const res = await s.inject({
      method: "POST",
      url: `${X}/media/upload/${id}/append`,
      headers: { ...xAuth(), "content-type": type },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain(HTTP_MESSAGES.malformedMultipart);
  });

  it.each(MALFORMED)("Facebook photo upload, %s", async (_label, type, payload) => {
    const res = await s.inject({
      method: "POST",
      url: `${G}/${PAGE}/photos?access_token=${pageToken()}`,
      headers: { "content-type": type },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toContain(HTTP_MESSAGES.malformedMultipart);
  });

  it.each(MALFORMED)("Pinterest's media upload URL, %s", async (_label, type, payload) => {
    const reg = await s.inject({
      method: "POST",
      url: `${PIN}/media`,
      headers: pinAuth(),
      payload: { media_type: "video" },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const res = await s.inject({
      method: "POST",
      url: pathOf(reg.json().upload_url),
      headers: { "content-type": type },
      payload,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.body).toContain("MalformedPOSTRequest");
  });
});
