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

const SCOPE = "https://www.googleapis.com/auth/youtube.upload https://www.googleapis.com/auth/youtube.readonly";
const me = personOf("youtube", "alice");
const UNIT = 256 * 1024;
const auth = (token?: string) => ({ authorization: `Bearer ${token ?? s.token("youtube", "alice", SCOPE)}` });

const start = (body: unknown, size: number, token?: string) =>
  s.inject({
    method: "POST",
    url: "/sandbox/youtube/www.googleapis.com/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status",
    headers: { ...auth(token), "x-upload-content-length": String(size), "x-upload-content-type": "video/mp4" },
    payload: body as object,
  });

const META = {
  snippet: { title: "My video", description: "About it", tags: ["a", "b"], categoryId: "22" },
  status: { privacyStatus: "private", selfDeclaredMadeForKids: false },
};

const put = (session: string, data: Buffer, range: string) =>
  s.inject({
    method: "PUT",
    url: pathOf(session),
    headers: { "content-type": "video/mp4", "content-range": range },
    payload: data,
  });

describe("YouTube publishing", () => {
  it("uploads in chunks: Location session, 308 with Range, 200 with the video; recorded; listed by search", async () => {
    const data = mp4(2 * UNIT + 5000);
    const init = await start(META, data.length);
    expect(init.statusCode, init.body).toBe(200);
    const session = init.headers.location as string;
    expect(session).toContain("upload_id=");
    const first = await put(session, data.subarray(0, UNIT), `bytes 0-${UNIT - 1}/${data.length}`);
    expect(first.statusCode).toBe(308);
    expect(first.headers.range).toBe(`bytes=0-${UNIT - 1}`);
    // asking where it got to
    const where = await s.inject({
      method: "PUT",
      url: pathOf(session),
      headers: { "content-range": `bytes */${data.length}` },
    });
    expect(where.statusCode).toBe(308);
    expect(where.headers.range).toBe(`bytes=0-${UNIT - 1}`);
    const last = await put(session, data.subarray(UNIT), `bytes ${UNIT}-${data.length - 1}/${data.length}`);
    expect(last.statusCode, last.body).toBe(200);
    const video = last.json();
    expect(video).toMatchObject({
      kind: "youtube#video",
      id: expect.stringMatching(/^[\w-]{11}$/),
      snippet: { title: "My video", description: "About it", channelId: me.id },
      status: { uploadStatus: "uploaded", privacyStatus: "private" },
    });
    expect(s.control.published("youtube")[0]).toMatchObject({
      id: video.id,
      url: `https://www.youtube.com/watch?v=${video.id}`,
      kind: "video",
      title: "My video",
      text: "About it",
      visibility: "private",
      networkUserId: me.id,
      media: [{ kind: "video", mimeType: "video/mp4", bytes: data.length, sha256: sha256(data) }],
    });
    const search = await s.inject({
      method: "GET",
      url: "/sandbox/youtube/www.googleapis.com/youtube/v3/search?part=snippet&forMine=true&type=video&order=date&maxResults=10",
      headers: auth(),
    });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.json().items).toEqual([
      expect.objectContaining({
        id: { kind: "youtube#video", videoId: video.id },
        snippet: expect.objectContaining({ title: "My video" }),
      }),
    ]);
    const list = await s.inject({
      method: "GET",
      url: `/sandbox/youtube/www.googleapis.com/youtube/v3/videos?part=status&id=${video.id}`,
      headers: auth(),
    });
    expect(list.json().items[0].status.privacyStatus).toBe("private");
  });

  it("uploads in one PUT without Content-Range", async () => {
    const data = mp4(9000);
    const session = (await start(META, data.length)).headers.location as string;
    const res = await s.inject({
      method: "PUT",
      url: pathOf(session),
      headers: { "content-type": "video/mp4" },
      payload: data,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(s.control.published("youtube")).toHaveLength(1);
  });

  it("refuses a middle chunk that is not a multiple of 256 KiB, and a file that is not a video", async () => {
    const data = mp4(UNIT + 100);
    const session = (await start(META, data.length)).headers.location as string;
    expect((await put(session, data.subarray(0, 1000), `bytes 0-999/${data.length}`)).statusCode).toBe(400);
    const junk = notMedia(1000);
    const other = (await start(META, junk.length)).headers.location as string;
    const res = await put(other, junk, `bytes 0-${junk.length - 1}/${junk.length}`);
    expect(res.statusCode).toBe(400);
    expect(s.control.published("youtube")).toHaveLength(0);
  });

  it("answers metadata errors with Google's error body", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...META, snippet: { title: "t".repeat(101) } }, "invalidTitle"],
      [{ ...META, snippet: { title: "" } }, "invalidTitle"],
      [{ ...META, snippet: { title: "ok", description: "<b>" } }, "invalidDescription"],
      [{ ...META, snippet: { title: "ok", description: "é".repeat(2501) } }, "invalidDescription"],
      [{ ...META, status: { privacyStatus: "secret" } }, "invalidVideoMetadata"],
    ];
    for (const [body, reason] of cases) {
      const res = await start(body, 1000);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: {
          code: 400,
          message: expect.any(String),
          errors: [{ message: expect.any(String), domain: "global", reason }],
          status: "INVALID_ARGUMENT",
        },
      });
    }
  });

  it("needs the upload scope, and a live token", async () => {
    const readOnly = await start(
      META,
      1000,
      s.token("youtube", "alice", "https://www.googleapis.com/auth/youtube.readonly"),
    );
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().error.errors[0].reason).toBe("insufficientPermissions");
    const expired = await start(META, 1000, s.token("youtube", "alice", SCOPE, { expired: true }));
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toMatchObject({ code: 401, errors: [{ reason: "authError" }] });
  });

  it("throttleNext answers 429 with Retry-After on the upload path", async () => {
    s.control.throttleNext("youtube", { pathIncludes: "upload/youtube", retryAfterSeconds: 4 });
    const res = await start(META, 1000);
    expect(res.statusCode).toBe(429);
    expect(res.headers["retry-after"]).toBe("4");
    expect(res.json().error.errors[0].reason).toBe("rateLimitExceeded");
    expect((await start(META, 1000)).statusCode).toBe(200);
  });
});
