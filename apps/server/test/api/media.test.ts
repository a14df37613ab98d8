import { createHash, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { MEDIA_MESSAGES } from "@app/shared";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { mediaFiles, sessions, users, workspaceMembers } from "../../src/db/schema";
import { createLinkSigner } from "../../src/lib/crypto";
import { createLocalStorage } from "../../src/modules/media/media.storage";
import { createTestApp, signedInUser, TEST_ORIGIN, type TestApp } from "../helpers";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "../fixtures");
const fixture = (name: string) => readFile(path.join(fixtures, name));
const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** A multipart/form-data body with one file, the way a browser sends it. */
function formWith(filename: string, bytes: Buffer, opts: { field?: string; type?: string } = {}) {
  const boundary = `----orbitpost${randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? "file"}"; filename="${filename}"\r\n` +
      `Content-Type: ${opts.type ?? "application/octet-stream"}\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (cookie: string, filename: string, bytes: Buffer, opts: { field?: string; type?: string } = {}) => {
  const form = formWith(filename, bytes, opts);
  return t.app.inject({
    method: "POST",
    url: "/api/media",
    headers: { ...form.headers, cookie, origin: TEST_ORIGIN },
    payload: form.payload,
  });
};
const get = (url: string, cookie: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { cookie, ...headers } });
const del = (url: string, cookie: string) =>
  t.app.inject({ method: "DELETE", url, headers: { cookie, origin: TEST_ORIGIN } });

const storedFiles = async () => {
  const root = path.join(t.dataDir, "media");
  if (!existsSync(root)) return [];
  const out: string[] = [];
  for (const dir of await readdir(root)) for (const f of await readdir(path.join(root, dir))) out.push(`${dir}/${f}`);
  return out;
};
const leftoverTemporaryFiles = async () => readdir(path.join(t.dataDir, "tmp", "uploads")).catch(() => []);

describe("upload", () => {
  test("real PNG, JPEG, GIF, WebP and MP4 files are kept with their type, size, dimensions and hash", async () => {
    const { cookie } = await signedInUser(t.app);
    const cases = [
      ["sample.png", "image/png", "png", 30, 20, null],
      ["sample.jpg", "image/jpeg", "jpg", 40, 30, null],
      ["sample.gif", "image/gif", "gif", 16, 12, null],
      ["sample.webp", "image/webp", "webp", 24, 18, null],
      ["sample.mp4", "video/mp4", "mp4", 64, 48, 1],
    ] as const;
    for (const [name, mimeType, ext, width, height, durationSeconds] of cases) {
      const bytes = await fixture(name);
      // What the browser claims does not matter: the bytes decide.
      const res = await upload(cookie, `My ${name}`, bytes, { type: "text/plain" });
      expect(res.statusCode, res.body).toBe(200);
      const media = res.json().media;
      expect(media).toMatchObject({
        originalName: `My ${name}`,
        mimeType,
        fileType: mimeType.startsWith("image/") ? "image" : "video",
        fileSize: bytes.length,
        width,
        height,
        durationSeconds,
        sha256: sha256(bytes),
        uploadedFromPlatform: null,
        url: `/api/media/${media.id}/file`,
      });
      expect(media.filename).toMatch(new RegExp(`^\\d+\\.${ext}$`));
    }
    const files = await storedFiles();
    expect(files).toHaveLength(5);
    for (const f of files) expect(f).toMatch(/^[^/]+\/\d+\.(png|jpg|gif|webp|mp4)$/);
    expect(await leftoverTemporaryFiles()).toEqual([]);
  });

  test("a text file named .png is refused by its bytes, leaving no row and no file", async () => {
    const { cookie } = await signedInUser(t.app);
    const res = await upload(cookie, "notes.png", Buffer.from("just some text, not a picture\n".repeat(300)), {
      type: "image/png",
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toMatchObject({
      code: "INVALID_FILE_TYPE",
      title: "Invalid File Type",
      message: "notes.png is not a valid image or video file.",
    });
    // Also when the whole file is shorter than what the type is read from.
    const tiny = await upload(cookie, "tiny.gif", Buffer.from("GIF"));
    expect(tiny.statusCode).toBe(415);
    expect((await get("/api/media", cookie)).json().media).toEqual([]);
    expect(await storedFiles()).toEqual([]);
    expect(await leftoverTemporaryFiles()).toEqual([]);
  });

  test("a file name with ../ or odd characters is kept as a name only; the stored path is generated", async () => {
    const { cookie } = await signedInUser(t.app);
    const png = await fixture("sample.png");
    const res = await upload(cookie, "../../etc/passwd.png", png);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().media.originalName).toBe("passwd.png");
    const odd = await upload(cookie, "été\u0007 <b>ünïcødé.png", png);
    expect(odd.json().media.originalName).toBe("été <b>ünïcødé.png");
    const [row] = await t.db.select().from(mediaFiles).limit(1);
    expect(row?.storagePath).toMatch(/^[A-Za-z0-9_-]+\/\d+\.png$/);
    for (const f of await storedFiles()) expect(f).not.toMatch(/passwd|\.\./);
    // The download names the file as the user knew it, safely quoted.
    const file = await get(`${odd.json().media.url}?download=1`, cookie);
    expect(file.headers["content-disposition"]).toBe(
      `attachment; filename="_t_ <b>_n_c_d_.png"; filename*=UTF-8''${encodeURIComponent("été <b>ünïcødé.png")}`,
    );
  });

  test("uploads in the same millisecond get their own paths", async () => {
    const { cookie } = await signedInUser(t.app);
    const png = await fixture("sample.png");
    const results = await Promise.all([1, 2, 3, 4].map((i) => upload(cookie, `same-${i}.png`, png)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(await storedFiles()).size).toBe(4);
  });

  test("without a file, with another field or not as multipart: a 400 that says so", async () => {
    const { cookie } = await signedInUser(t.app);
    const wrongField = await upload(cookie, "a.png", await fixture("sample.png"), { field: "picture" });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.message).toBe(MEDIA_MESSAGES.noFile);
    const json = await t.app.inject({
      method: "POST",
      url: "/api/media",
      headers: { cookie, origin: TEST_ORIGIN },
      payload: { file: "a.png" },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toBe(MEDIA_MESSAGES.noFile);
  });

  test("signed out: 'User not authenticated'", async () => {
    const form = formWith("a.png", await fixture("sample.png"));
    const res = await t.app.inject({
      method: "POST",
      url: "/api/media",
      headers: { ...form.headers, origin: TEST_ORIGIN },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe("User not authenticated");
    expect((await t.app.inject({ method: "GET", url: "/api/media" })).statusCode).toBe(401);
  });
});

describe("when storage fails", () => {
  test("the upload answers 'Upload Failed' (503) and leaves no row and no temporary file", async () => {
    await t.close();
    const root = path.join(tmpdir(), `orbitpost-broken-${randomUUID()}`);
    const local = createLocalStorage(root);
    t = await createTestApp(
      {},
      {
        mediaStorage: {
          ...local,
          put: async () => {
            throw new Error("bucket unreachable");
          },
        },
      },
    );
    const { cookie } = await signedInUser(t.app);
    const res = await upload(cookie, "a.png", await fixture("sample.png"));
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatchObject({ title: "Upload Failed", message: MEDIA_MESSAGES.uploadFailed });
    expect((await get("/api/media", cookie)).json().media).toEqual([]);
    expect(await leftoverTemporaryFiles()).toEqual([]);
    expect(existsSync(root)).toBe(false);
  });
});

describe("a file larger than 50 MB", () => {
  test("is refused while it streams, without the server holding it in memory, leaving nothing behind", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    if (!address || typeof address !== "object") throw new Error("not listening");
    const { cookie } = await signedInUser(t.app);
    const boundary = "----orbitpost-large";
    const total = 51 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 7);
    // A real PNG signature first, so the type check passes and the size limit is what refuses it.
    const png = await fixture("sample.png");
    async function* body() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.png"\r\n` +
          "Content-Type: image/png\r\n\r\n",
      );
      yield png;
      for (let sent = png.length; sent < total; sent += chunk.length) yield chunk;
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    // What the process keeps alive while the upload streams, garbage collected before each reading.
    const gc = globalThis.gc;
    if (!gc) throw new Error("run with --expose-gc (vitest.config.ts passes it)");
    const live = () => {
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    const before = live();
    let peak = before;
    // A full collection takes a while (100 to 200 ms on a busy machine): the next reading waits four times as long
    // as the last took, so the readings never take more than a fifth of the time the upload has.
    let sampler: NodeJS.Timeout | undefined;
    const sample = () => {
      const started = performance.now();
      peak = Math.max(peak, live());
      sampler = setTimeout(sample, Math.max(150, 4 * (performance.now() - started)));
    };
    sampler = setTimeout(sample, 150);
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: address.port,
          path: "/api/media",
          method: "POST",
          headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie, origin: TEST_ORIGIN },
        },
        (r) => {
          let text = "";
          r.on("data", (d) => {
            text += d;
          });
          r.on("end", () => resolve({ status: r.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", reject);
      Readable.from(body()).pipe(req);
    });
    clearTimeout(sampler);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error).toMatchObject({
      code: "FILE_TOO_LARGE",
      title: "File Too Large",
      message: "huge.png is larger than 50MB limit.",
    });
    // The file is 51 MB; what the process holds grows by much less (buffers in flight, not the file).
    expect(peak - before).toBeLessThan(32 * 1024 * 1024);
    expect((await get("/api/media", cookie)).json().media).toEqual([]);
    expect(await storedFiles()).toEqual([]);
    expect(await leftoverTemporaryFiles()).toEqual([]);
  });
});

describe("the library", () => {
  test("lists newest first; searches by original name in any case; filters by type and source network", async () => {
    const { cookie } = await signedInUser(t.app);
    await upload(cookie, "Summer_Beach.png", await fixture("sample.png"));
    await upload(cookie, "100%_real.jpg", await fixture("sample.jpg"));
    await upload(cookie, "beach-clip.mp4", await fixture("sample.mp4"));
    const names = async (qs: string) =>
      (await get(`/api/media${qs}`, cookie)).json().media.map((m: { originalName: string }) => m.originalName);
    expect(await names("")).toEqual(["beach-clip.mp4", "100%_real.jpg", "Summer_Beach.png"]);
    expect(await names("?search=BEACH")).toEqual(["beach-clip.mp4", "Summer_Beach.png"]);
    expect(await names("?search=%25")).toEqual(["100%_real.jpg"]); // % is a letter, not a wildcard
    expect(await names("?search=_")).toEqual(["100%_real.jpg", "Summer_Beach.png"]);
    expect(await names("?type=video")).toEqual(["beach-clip.mp4"]);
    expect(await names("?type=image&search=beach")).toEqual(["Summer_Beach.png"]);
    expect(await names("?search=&type=")).toHaveLength(3);
    const [row] = await t.db.select().from(mediaFiles).limit(1);
    await t.db
      .update(mediaFiles)
      .set({ uploadedFromPlatform: "instagram" })
      .where(eq(mediaFiles.id, row?.id as string));
    expect(await names("?platform=instagram")).toHaveLength(1);
    expect((await get("/api/media?type=audio", cookie)).statusCode).toBe(400);
    expect((await get("/api/media?platform=myspace", cookie)).statusCode).toBe(400);
  });

  test("download gives the same bytes with the right type; ranges for video; delete removes row and file", async () => {
    const { cookie } = await signedInUser(t.app);
    const mp4 = await fixture("sample.mp4");
    const media = (await upload(cookie, "clip.mp4", mp4)).json().media;

    const whole = await get(media.url, cookie);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(mp4)).toBe(true);
    expect(whole.headers).toMatchObject({
      "content-type": "video/mp4",
      "x-content-type-options": "nosniff",
      "accept-ranges": "bytes",
      "content-length": String(mp4.length),
    });
    expect(whole.headers["content-disposition"]).toMatch(/^inline; /);
    expect((await get(`${media.url}?download=1`, cookie)).headers["content-disposition"]).toMatch(/^attachment; /);

    const part = await get(media.url, cookie, { range: "bytes=10-19" });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 10-19/${mp4.length}`);
    expect(part.rawPayload.equals(mp4.subarray(10, 20))).toBe(true);
    const tail = await get(media.url, cookie, { range: "bytes=-5" });
    expect(tail.rawPayload.equals(mp4.subarray(mp4.length - 5))).toBe(true);
    const beyond = await get(media.url, cookie, { range: `bytes=${mp4.length + 10}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${mp4.length}`);
    expect((await get(media.url, cookie, { range: "pages=1-2" })).statusCode).toBe(200);
    expect((await get(media.url, cookie, { "if-none-match": `"${media.sha256}"` })).statusCode).toBe(304);

    expect(await storedFiles()).toHaveLength(1);
    expect((await del(`/api/media/${media.id}`, cookie)).statusCode).toBe(204);
    expect(await storedFiles()).toEqual([]);
    expect((await get("/api/media", cookie)).json().media).toEqual([]);
    expect((await get(media.url, cookie)).statusCode).toBe(404);
    const again = await del(`/api/media/${media.id}`, cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe(MEDIA_MESSAGES.notFound);
    expect((await del("/api/media/not-a-uuid", cookie)).statusCode).toBe(400);
  });

  test("another user's media cannot be listed, read, downloaded, deleted or put in a post", async () => {
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const media = (await upload(a.cookie, "mine.png", await fixture("sample.png"))).json().media;
    expect((await get("/api/media", b.cookie)).json().media).toEqual([]);
    expect((await get(`/api/media/${media.id}`, b.cookie)).statusCode).toBe(404);
    expect((await get(media.url, b.cookie)).statusCode).toBe(404);
    expect((await get(`${media.url}?download=1`, b.cookie)).statusCode).toBe(404);
    expect((await del(`/api/media/${media.id}`, b.cookie)).statusCode).toBe(404);
    const draft = (cookie: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/posts",
        headers: { cookie, origin: TEST_ORIGIN },
        payload: {
          content: "With a picture",
          media: [{ id: media.id, aspectRatio: "1:1" }],
          timezone: "UTC",
          status: "draft",
        },
      });
    const refused = await draft(b.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(MEDIA_MESSAGES.missingInPost);
    const own = await draft(a.cookie);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().post.media).toEqual([{ id: media.id, aspectRatio: "1:1" }]);
    // Still there for its owner.
    expect((await get(media.url, a.cookie)).statusCode).toBe(200);
    expect(await storedFiles()).toHaveLength(1);
  });
});

test("the owner's event stream carries uploads and deletions", async () => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as { port: number };
  const owner = await signedInUser(t.app);
  const open = async (cookie: string) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/events`, { headers: { cookie } });
    return res.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  };
  const ownerStream = await open(owner.cookie);
  const decoder = new TextDecoder();
  let text = "";
  const next = async () => {
    while (!/event: media\ndata: .*\n/.test(text)) text += decoder.decode((await ownerStream.read()).value);
    const match = /event: media\ndata: (.*)\n/.exec(text) as RegExpExecArray;
    text = text.slice(match.index + match[0].length);
    return JSON.parse(match[1] as string);
  };
  const media = (await upload(owner.cookie, "live.png", await fixture("sample.png"))).json().media;
  expect(await next()).toMatchObject({ type: "media.changed", action: "insert", media: { id: media.id } });
  await del(`/api/media/${media.id}`, owner.cookie);
  expect(await next()).toMatchObject({ type: "media.changed", action: "delete", media: { id: media.id } });
  await ownerStream.cancel();
});

test("a signed public link serves the file without a session until it expires; a forged one serves nothing", async () => {
  await t.close();
  let now = new Date("2027-01-10T10:00:00Z");
  t = await createTestApp({}, { now: () => now });
  const { cookie } = await signedInUser(t.app);
  const jpg = await fixture("sample.jpg");
  const media = (await upload(cookie, "pic.jpg", jpg)).json().media;
  const [row] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.id, media.id));
  const signer = createLinkSigner("test-secret-test-secret-test-secret-0123", "public-media");
  expect(row?.workspaceId).toBe(`personal-${row?.userId}`);
  const link = `${signer.sign(`${row?.workspaceId}/${media.id}`, new Date(now.getTime() + 60_000))}.jpg`;
  const res = await t.app.inject({ method: "GET", url: `/api/public-media/${link}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers["content-type"]).toBe("image/jpeg");
  expect(res.rawPayload.equals(jpg)).toBe(true);
  // A link handed out before workspaces named the uploader: it still serves the file until it expires.
  const before = `${signer.sign(`${row?.userId}/${media.id}`, new Date(now.getTime() + 60_000))}.jpg`;
  expect((await t.app.inject({ method: "GET", url: `/api/public-media/${before}` })).statusCode).toBe(200);
  const forged = `${signer.sign(`someone-else/${media.id}`, new Date(now.getTime() + 60_000))}.jpg`;
  expect((await t.app.inject({ method: "GET", url: `/api/public-media/${forged}` })).statusCode).toBe(404);
  expect((await t.app.inject({ method: "GET", url: "/api/public-media/not-a-link.jpg" })).statusCode).toBe(404);
  now = new Date(now.getTime() + 61_000);
  expect((await t.app.inject({ method: "GET", url: `/api/public-media/${link}` })).statusCode).toBe(404);
});

describe("in a workspace shared with others", () => {
  /** A new user who is `role` in `owner`'s personal workspace and works in it. */
  async function joined(owner: { user: { email: string } }, role: "editor" | "contributor") {
    const member = await signedInUser(t.app);
    const idOf = async (email: string) =>
      (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id as string;
    const [ownerId, userId] = [await idOf(owner.user.email), await idOf(member.user.email)];
    const workspaceId = `personal-${ownerId}`;
    await t.db.insert(workspaceMembers).values({ id: `m-${userId}`, workspaceId, userId, role });
    await t.db.update(sessions).set({ activeWorkspaceId: workspaceId }).where(eq(sessions.userId, userId));
    return { ...member, userId, workspaceId };
  }

  beforeEach(async () => {
    await t.close();
    t = await createTestApp({ SESSION_CACHE_SECONDS: "0" });
  });

  test("every member sees the library; a contributor uploads to it but may not delete (403); an editor may", async () => {
    const owner = await signedInUser(t.app);
    const contributor = await joined(owner, "contributor");
    const editor = await joined(owner, "editor");
    const outsider = await signedInUser(t.app);
    const byOwner = (await upload(owner.cookie, "owner.png", await fixture("sample.png"))).json().media;

    expect((await get("/api/media", contributor.cookie)).json().media.map((m: { id: string }) => m.id)).toEqual([
      byOwner.id,
    ]);
    expect((await get(byOwner.url, contributor.cookie)).statusCode).toBe(200);

    const added = await upload(contributor.cookie, "contributed.jpg", await fixture("sample.jpg"));
    expect(added.statusCode, added.body).toBe(200);
    const byContributor = added.json().media;
    const [row] = await t.db.select().from(mediaFiles).where(eq(mediaFiles.id, byContributor.id));
    expect(row).toMatchObject({ workspaceId: contributor.workspaceId, userId: contributor.userId });
    const names = async (cookie: string) =>
      (await get("/api/media", cookie)).json().media.map((m: { originalName: string }) => m.originalName);
    expect(await names(owner.cookie)).toEqual(["contributed.jpg", "owner.png"]);
    expect(await names(outsider.cookie)).toEqual([]);

    for (const id of [byOwner.id, byContributor.id]) {
      const refused = await del(`/api/media/${id}`, contributor.cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error).toMatchObject({
        code: "FORBIDDEN",
        message: "Your role in this workspace does not allow this. Ask an owner or admin or editor.",
      });
    }
    expect(await storedFiles()).toHaveLength(2);
    expect((await del(`/api/media/${byOwner.id}`, outsider.cookie)).statusCode).toBe(404);

    expect((await del(`/api/media/${byContributor.id}`, editor.cookie)).statusCode).toBe(204);
    expect((await del(`/api/media/${byOwner.id}`, owner.cookie)).statusCode).toBe(204);
    expect(await names(contributor.cookie)).toEqual([]);
    expect(await storedFiles()).toEqual([]);
  });

  test("every member's event stream carries the workspace's uploads and deletions", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as { port: number };
    const owner = await signedInUser(t.app);
    const contributor = await joined(owner, "contributor");
    const res = await fetch(`http://127.0.0.1:${port}/api/events`, { headers: { cookie: contributor.cookie } });
    const stream = res.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    const decoder = new TextDecoder();
    let text = "";
    const next = async () => {
      while (!/event: media\ndata: .*\n/.test(text)) text += decoder.decode((await stream.read()).value);
      const match = /event: media\ndata: (.*)\n/.exec(text) as RegExpExecArray;
      text = text.slice(match.index + match[0].length);
      return JSON.parse(match[1] as string);
    };
    const media = (await upload(owner.cookie, "live.png", await fixture("sample.png"))).json().media;
    expect(await next()).toMatchObject({ type: "media.changed", action: "insert", media: { id: media.id } });
    await del(`/api/media/${media.id}`, owner.cookie);
    expect(await next()).toMatchObject({ type: "media.changed", action: "delete", media: { id: media.id } });
    await stream.cancel();
  });
});
