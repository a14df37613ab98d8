import { afterEach, describe, expect, it } from "vitest";
import { mp4, pathOf, startSandbox, TEST_REDIRECT, type TestSandbox } from "./publish-test-kit";

let s: TestSandbox;
afterEach(async () => {
  await s.close();
});

const G = "https://www.googleapis.com/auth/";
const SCOPE = `${G}youtube.upload ${G}youtube.readonly`;
const API = "/sandbox/youtube/www.googleapis.com";
const auth = (scope = SCOPE) => ({ authorization: `Bearer ${s.token("youtube", "alice", scope)}` });
const META = { snippet: { title: "Clip" }, status: { privacyStatus: "public" } };

const start = (o: { headers?: Record<string, string>; body?: unknown; scope?: string; size?: number } = {}) =>
  s.inject({
    method: "POST",
    url: `${API}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
    headers: {
      ...auth(o.scope),
      "x-upload-content-length": String(o.size ?? 4096),
      "x-upload-content-type": "video/mp4",
      ...o.headers,
    },
    payload: (o.body ?? META) as object,
  });

async function upload(meta: unknown = META) {
  const data = mp4(4096);
  const session = (await start({ body: meta, size: data.length })).headers.location as string;
  const res = await s.inject({
    method: "PUT",
    url: pathOf(session),
    headers: { "content-type": "video/mp4" },
    payload: data,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const channels = (scope?: string) =>
  s.inject({
    method: "GET",
    url: `${API}/youtube/v3/channels?part=snippet,statistics&mine=true`,
    headers: auth(scope),
  });

describe("YouTube strictness", () => {
  it("a project has 10,000 units a day: the seventh videos.insert (1,600 each) gets 403 quotaExceeded until midnight Pacific", async () => {
    // 07:30 UTC is 23:30 in Los Angeles in November (PST, UTC-8).
    let now = Date.parse("2026-11-24T07:30:00Z");
    s = await startSandbox({ now: () => new Date(now) });
    for (let i = 0; i < 6; i++) await upload({ snippet: { title: `Clip ${i}` }, status: { privacyStatus: "public" } });
    const refused = await start();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: {
        code: 403,
        message: expect.stringContaining("you have exceeded your"),
        errors: [{ message: expect.any(String), domain: "youtube.quota", reason: "quotaExceeded" }],
      },
    });
    // 9,600 units used: a 1-unit read still fits.
    expect((await channels()).statusCode).toBe(200);
    now += 29 * 60_000;
    expect((await start()).statusCode).toBe(403);
    now += 2 * 60_000;
    expect((await start()).statusCode).toBe(200);
  });

  it("an unaudited project's public or unlisted upload comes back private; an audited one keeps what was asked", async () => {
    s = await startSandbox();
    expect((await upload()).status.privacyStatus).toBe("public");
    s.control.setReview({ youtube: { audited: false } });
    const locked = await upload({ snippet: { title: "Locked" }, status: { privacyStatus: "unlisted" } });
    expect(locked.status.privacyStatus).toBe("private");
    expect(s.control.published("youtube")[1]?.visibility).toBe("private");
  });

  it("channels.list mine=true needs a read scope; videos.insert takes any of the four upload scopes", async () => {
    s = await startSandbox();
    const uploadOnly = await channels(`${G}youtube.upload`);
    expect(uploadOnly.statusCode).toBe(403);
    expect(uploadOnly.json().error.errors[0].reason).toBe("insufficientPermissions");
    expect((await channels(`${G}youtube.readonly`)).statusCode).toBe(200);
    expect((await start({ scope: `${G}youtubepartner` })).statusCode).toBe(200);
    expect((await start({ scope: `${G}youtube.readonly` })).statusCode).toBe(403);
  });

  it("the resumable upload needs JSON metadata, X-Upload-Content-Length and a video X-Upload-Content-Type", async () => {
    s = await startSandbox();
    expect((await start({ headers: { "x-upload-content-type": "" } })).statusCode).toBe(400);
    expect((await start({ headers: { "x-upload-content-type": "image/png" } })).json().error.errors[0].reason).toBe(
      "invalidContentType",
    );
    expect((await start({ headers: { "x-upload-content-length": "" } })).statusCode).toBe(400);
    const form = await s.inject({
      method: "POST",
      url: `${API}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
      headers: {
        ...auth(),
        "x-upload-content-length": "4096",
        "x-upload-content-type": "video/mp4",
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: "snippet=x",
    });
    expect(form.statusCode).toBe(400);
    const session = (await start()).headers.location as string;
    const wrongTotal = await s.inject({
      method: "PUT",
      url: pathOf(session),
      headers: { "content-range": "bytes 0-4095/5000" },
      payload: mp4(4096),
    });
    expect(wrongTotal.statusCode).toBe(400);
  });

  it("the authorize page refuses a scope Google does not know, on its own page", async () => {
    s = await startSandbox();
    const q = new URLSearchParams({
      client_id: "sandbox-youtube",
      redirect_uri: TEST_REDIRECT,
      response_type: "code",
      scope: `${G}youtube.upload ${G}youtube.everything`,
      state: "s",
    });
    const res = await s.inject({ method: "GET", url: `/sandbox/youtube/accounts.google.com/o/oauth2/v2/auth?${q}` });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("invalid_scope");
    q.set("scope", SCOPE);
    expect(
      (await s.inject({ method: "GET", url: `/sandbox/youtube/accounts.google.com/o/oauth2/v2/auth?${q}` })).statusCode,
    ).toBe(200);
  });
});
