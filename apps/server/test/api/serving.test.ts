import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { precompress } from "../../../../scripts/precompress.mjs";
import { createTestApp, signedInUser, TEST_ORIGIN, type TestApp } from "../helpers";

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), "../fixtures");
const IMMUTABLE = "public, max-age=31536000, immutable";

/** Text that compresses well, as built JavaScript does. */
const script = Array.from({ length: 400 }, (_, i) => `export const value${i} = () => "item ${i}";`).join("\n");
const page = `<!doctype html><html><head><title>Orbitpost</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body>${"<div></div>".repeat(200)}</body></html>`;

describe("the built web app", () => {
  let webDist: string;
  let t: TestApp;
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), "orbitpost-web-"));
    await mkdir(path.join(webDist, "assets"));
    await writeFile(path.join(webDist, "index.html"), page);
    await writeFile(path.join(webDist, "assets", "index-Ab12Cd34.js"), script);
    await writeFile(path.join(webDist, "assets", "index-Ab12Cd34.js.map"), JSON.stringify({ mappings: script }));
    await writeFile(path.join(webDist, "assets", "tiny-Ef56Gh78.css"), "a{}");
    await writeFile(
      path.join(webDist, "assets", "logo-Ij90Kl12.png"),
      await readFile(path.join(fixtures, "sample.png")),
    );
    await precompress(webDist);
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });
  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  test("the build writes .br and .gz copies of text files when smaller, and nothing for maps, images or tiny files", async () => {
    const files = (await readdir(webDist, { recursive: true })).map((f) => f.split(path.sep).join("/")).sort();
    expect(files).toEqual([
      "assets",
      "assets/index-Ab12Cd34.js",
      "assets/index-Ab12Cd34.js.br",
      "assets/index-Ab12Cd34.js.gz",
      "assets/index-Ab12Cd34.js.map",
      "assets/logo-Ij90Kl12.png",
      "assets/tiny-Ef56Gh78.css",
      "index.html",
      "index.html.br",
      "index.html.gz",
    ]);
    const js = path.join(webDist, "assets", "index-Ab12Cd34.js");
    expect(brotliDecompressSync(await readFile(`${js}.br`)).toString()).toBe(script);
    expect(gunzipSync(await readFile(`${js}.gz`)).toString()).toBe(script);
  });

  test("a hashed asset goes out as brotli, gzip or as it is, as the browser accepts, cached for a year", async () => {
    const br = await get("/assets/index-Ab12Cd34.js", "gzip, deflate, br");
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers["cache-control"]).toBe(IMMUTABLE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    // The copy made at build, sent as it is (not compressed again on each request).
    const js = path.join(webDist, "assets", "index-Ab12Cd34.js");
    expect(br.rawPayload.equals(await readFile(`${js}.br`))).toBe(true);
    expect(br.headers["content-length"]).toBe(String(br.rawPayload.length));

    const gz = await get("/assets/index-Ab12Cd34.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["cache-control"]).toBe(IMMUTABLE);
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gz.rawPayload.equals(await readFile(`${js}.gz`))).toBe(true);

    for (const plain of [await get("/assets/index-Ab12Cd34.js"), await get("/assets/index-Ab12Cd34.js", "identity")]) {
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["cache-control"]).toBe(IMMUTABLE);
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.body).toBe(script);
    }
  });

  test("index.html, asked for or as the page of a client-side route, is compressed and checked on every visit", async () => {
    for (const url of ["/index.html", "/", "/calendar/month"]) {
      const res = await get(url, "br, gzip");
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-encoding"], url).toBe("br");
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(page);
    }
    const plain = await get("/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["cache-control"]).toBe("no-cache");
    expect(plain.body).toBe(page);
  });

  test("images are sent as they are; the compressed copies are not addresses of their own", async () => {
    const png = await get("/assets/logo-Ij90Kl12.png", "br, gzip");
    expect(png.headers["content-encoding"]).toBeUndefined();
    expect(png.rawPayload.equals(await readFile(path.join(fixtures, "sample.png")))).toBe(true);
    expect((await get("/assets/index-Ab12Cd34.js.br")).statusCode).toBe(404);
    expect((await get("/assets/index-Ab12Cd34.js.gz")).statusCode).toBe(404);
  });
});

describe("the landing page, rendered at build time", () => {
  let webDist: string;
  let t: TestApp;
  const landing = page.replace(
    "<body>",
    `<body><div id="root"><main><h1>Schedule every post</h1>${"<p>copy</p>".repeat(100)}</main></div>`,
  );
  beforeAll(async () => {
    webDist = await mkdtemp(path.join(tmpdir(), "orbitpost-web-"));
    await writeFile(path.join(webDist, "index.html"), page);
    await writeFile(path.join(webDist, "landing.html"), landing);
    await precompress(webDist);
    t = await createTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  test("is the page of / (any query), compressed and checked on every visit", async () => {
    for (const url of ["/", "/?ref=newsletter"]) {
      const res = await t.app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip" } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-encoding"], url).toBe("br");
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(landing);
    }
  });

  test("never the page of another route, which gets the empty shell and must not show the landing page first", async () => {
    for (const url of ["/scheduler", "/auth", "/no-such-page", "/index.html"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(page);
    }
  });
});

describe("API answers", () => {
  let t: TestApp;
  afterEach(async () => {
    await t?.close();
  });

  test("JSON of 1 KB or more goes out compressed (brotli first, else gzip); a smaller answer as it is", async () => {
    t = await createTestApp();
    const { cookie } = await signedInUser(t.app);
    const day = 86_400_000;
    const range = `from=${encodeURIComponent(new Date(Date.now() - 2 * day).toISOString())}&to=${encodeURIComponent(new Date(Date.now() + 2 * day).toISOString())}`;
    const list = (acceptEncoding?: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/posts?${range}`,
        headers: { cookie, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
      });

    const empty = await list("br, gzip");
    expect(empty.statusCode).toBe(200);
    expect(empty.rawPayload.length).toBeLessThan(1024);
    expect(empty.headers["content-encoding"]).toBeUndefined();

    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/posts",
        headers: { cookie },
        payload: { content: `Idea number ${i}: a few words about the launch`, timezone: "UTC", status: "draft" },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const plain = await list();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await list("gzip, deflate, br");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["content-type"]).toMatch(/^application\/json/);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gz = await list("gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    const health = await t.app.inject({ method: "GET", url: "/api/health", headers: { "accept-encoding": "br" } });
    expect(health.headers["content-encoding"]).toBeUndefined();
  });

  test("a compressed request body is not inflated", async () => {
    t = await createTestApp();
    const { cookie } = await signedInUser(t.app);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie, "content-type": "application/json", "content-encoding": "gzip" },
      payload: gzipSync(JSON.stringify({ content: "zipped", timezone: "UTC", status: "draft" })),
    });
    expect(res.statusCode).toBe(400);
  });

  test("media files (already compressed formats) go out as they are, whole or in ranges", async () => {
    t = await createTestApp();
    const { cookie } = await signedInUser(t.app);
    const mp4 = await readFile(path.join(fixtures, "sample.mp4"));
    expect(mp4.length).toBeGreaterThan(1024);
    const boundary = "----orbitpostserving";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="clip.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
      ),
      mp4,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/media",
      headers: { cookie, origin: TEST_ORIGIN, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const url = uploaded.json().media.url as string;
    const whole = await t.app.inject({ method: "GET", url, headers: { cookie, "accept-encoding": "br, gzip" } });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-encoding"]).toBeUndefined();
    expect(whole.rawPayload.equals(mp4)).toBe(true);
    const part = await t.app.inject({
      method: "GET",
      url,
      headers: { cookie, "accept-encoding": "br, gzip", range: "bytes=0-1499" },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-encoding"]).toBeUndefined();
    expect(part.rawPayload.equals(mp4.subarray(0, 1500))).toBe(true);
  });

  test("the event stream is never compressed: each event arrives as it happens", async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as { port: number };
    const { cookie } = await signedInUser(t.app);
    const chunks: string[] = [];
    let waiting: (() => void) | undefined;
    let stream: ReturnType<typeof request> | undefined;
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      stream = request(
        { host: "127.0.0.1", port, path: "/api/events", headers: { cookie, "accept-encoding": "br, gzip" } },
        (res) => {
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            chunks.push(chunk);
            waiting?.();
          });
          resolve(res.headers);
        },
      );
      stream.on("error", reject);
      stream.end();
    });
    expect(headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(headers["content-encoding"]).toBeUndefined();
    const seen = (pattern: RegExp) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (pattern.test(chunks.join(""))) resolve();
        };
        waiting = check;
        check();
      });
    await seen(/: connected/);
    // A change made now reaches the open stream as plain text, without waiting for more to fill a buffer.
    const draft = await t.app.inject({
      method: "POST",
      url: "/api/posts",
      headers: { cookie },
      payload: { content: "live", timezone: "UTC", status: "draft" },
    });
    expect(draft.statusCode, draft.body).toBe(200);
    await seen(/event: \w+\ndata: .*\n\n/);
    stream?.destroy();
  });
});
