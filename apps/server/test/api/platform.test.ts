import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { sandboxMediaFetch } from "../../src/app";
import { redactUrl } from "../../src/http/logging";
import { createPublishingWorker } from "../../src/worker/publishing-worker";
import { createQueueRepo } from "../../src/worker/queue.repo";
import { createTestApp, type TestApp } from "../helpers";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe("server basics", () => {
  test("/api/health reports the database, the publishing worker's heartbeat and the queue", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    // No worker has reported yet: the server is up, but nothing would go out.
    expect(res.json()).toMatchObject({
      status: "degraded",
      database: { ok: true },
      worker: { alive: false, lastSeenAt: null },
      queue: { due: 0 },
    });
    expect(["pglite", "postgres"]).toContain(res.json().database.kind);
    const worker = createPublishingWorker({
      queue: createQueueRepo(t.db),
      publisher: { publish: async () => ({ externalId: "x", url: null }), lookup: async () => null },
    });
    await worker.tick();
    const after = (await t.app.inject({ method: "GET", url: "/api/health" })).json();
    expect(after).toMatchObject({ status: "ok", worker: { alive: true } });
    await worker.stop();
    expect((await t.app.inject({ method: "GET", url: "/api/health" })).json().worker.alive).toBe(false);
  });

  test("the OpenAPI document describes the routes, and /api/docs serves a page", async () => {
    const doc = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toMatch(/^3\./);
    expect(Object.keys(doc.json().paths)).toEqual(expect.arrayContaining(["/api/health", "/api/me"]));
    const docs = await t.app.inject({ method: "GET", url: "/api/docs/" });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers["content-type"]).toMatch(/text\/html/);
  });

  test("responses carry security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
  });

  test("an unknown API route is a JSON 404 in the uniform error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: "NOT_FOUND", message: "No route for GET /api/nope" } });
  });

  test("one-time secrets in URLs are redacted from logs", () => {
    expect(redactUrl("/api/auth/reset-password/abc123?callbackURL=/auth")).toBe(
      "/api/auth/reset-password/[redacted]?callbackURL=/auth",
    );
    expect(redactUrl("/auth/callback?code=xyz&state=s1")).toBe("/auth/callback?code=[redacted]&state=[redacted]");
  });
});

describe("the built web app", () => {
  test("client-side routes get index.html; files and API paths do not", async () => {
    const dist = path.join(t.dataDir, "web");
    await mkdir(path.join(dist, "assets"), { recursive: true });
    await writeFile(path.join(dist, "index.html"), "<!doctype html><title>app</title>");
    await writeFile(path.join(dist, "assets", "app-1234.js"), "console.log(1)");
    const web = await createTestApp({ WEB_DIST: dist });
    try {
      for (const url of ["/", "/dashboard", "/auth?tab=signup", "/no/such/page"]) {
        const res = await web.app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain("<title>app</title>");
      }
      const asset = await web.app.inject({ method: "GET", url: "/assets/app-1234.js" });
      expect(asset.headers["cache-control"]).toContain("immutable");
      expect((await web.app.inject({ method: "GET", url: "/assets/missing.js" })).statusCode).toBe(404);
      expect((await web.app.inject({ method: "GET", url: "/api/missing" })).statusCode).toBe(404);
    } finally {
      await web.close();
    }
  });
});

test("the built-in sandbox fetches only the app's own signed media links, nothing else", async () => {
  const fetchFor = sandboxMediaFetch({ publicUrl: "https://social.example.com", internalUrl: "http://127.0.0.1:3000" });
  const signal = AbortSignal.timeout(1000);
  for (const url of [
    "http://169.254.169.254/latest/meta-data/",
    "http://127.0.0.1:5432/",
    "https://social.example.com/api/me",
    "https://social.example.com.evil.test/api/public-media/x.jpg",
  ]) {
    expect((await fetchFor(url, { signal })).status, url).toBe(403);
  }
  // Its own links are fetched for real (here nothing listens there, so the fetch itself fails).
  const closedPort = sandboxMediaFetch({ publicUrl: "http://127.0.0.1:9", internalUrl: "http://127.0.0.1:9" });
  await expect(closedPort("http://127.0.0.1:9/api/public-media/x.jpg", { signal })).rejects.toThrow();
});
