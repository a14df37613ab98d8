import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createLocalStorage, createS3Storage, type MediaStorage } from "./media.storage";

/**
 * A local stand-in for the part of the S3 API the storage uses (path-style PUT, GET with Range, HEAD,
 * DELETE), recording each request so the test can check what the SDK sent.
 */
function fakeS3() {
  const objects = new Map<string, { body: Buffer; type: string | undefined }>();
  const requests: { method: string; url: string; headers: IncomingMessage["headers"] }[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers });
    const key = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname);
    const found = objects.get(key);
    if (req.method === "PUT") {
      objects.set(key, { body: Buffer.concat(chunks), type: req.headers["content-type"] });
      res.writeHead(200, { etag: '"1"' }).end();
    } else if (req.method === "DELETE") {
      objects.delete(key);
      res.writeHead(204).end();
    } else if (!found) {
      res.writeHead(404, { "content-type": "application/xml" });
      res.end(req.method === "HEAD" ? undefined : "<Error><Code>NoSuchKey</Code><Message>missing</Message></Error>");
    } else if (req.method === "HEAD") {
      res.writeHead(200, { "content-length": found.body.length }).end();
    } else {
      const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? "");
      const body = m ? found.body.subarray(Number(m[1]), Number(m[2]) + 1) : found.body;
      res.writeHead(m ? 206 : 200, { "content-length": body.length, "content-type": found.type ?? "" }).end(body);
    }
  });
  return { server, objects, requests };
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "orbitpost-storage-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function exercise(storage: MediaStorage) {
  const tmp = path.join(dir, "upload.part");
  await writeFile(tmp, "0123456789");
  await storage.put("user-1/1700000000000.png", tmp, "image/png");
  await expect(stat(tmp)).rejects.toThrow(); // taken over
  expect(await storage.exists("user-1/1700000000000.png")).toBe(true);
  expect(await text(await storage.read("user-1/1700000000000.png"))).toBe("0123456789");
  expect(await text(await storage.read("user-1/1700000000000.png", { start: 2, end: 4 }))).toBe("234");
  await storage.remove("user-1/1700000000000.png");
  expect(await storage.exists("user-1/1700000000000.png")).toBe(false);
  await storage.remove("user-1/1700000000000.png"); // removing twice is fine
  // Keys are generated; anything else is refused before it reaches a disk or a bucket.
  await expect(storage.put("../outside/1.png", tmp, "image/png")).rejects.toThrow(/unsafe/);
  await expect(storage.read("user-1/../../etc/passwd")).rejects.toThrow(/unsafe/);
}

describe("local disk", () => {
  test("stores, reads (also a range), removes, and refuses keys that could leave its folder", async () => {
    const root = path.join(dir, "media");
    await exercise(createLocalStorage(root));
  });

  test("a stored file sits at {root}/{userId}/{timestamp}.{extension}", async () => {
    const root = path.join(dir, "media");
    const storage = createLocalStorage(root);
    const tmp = path.join(dir, "x.part");
    await writeFile(tmp, "abc");
    await storage.put("u/42.jpg", tmp, "image/jpeg");
    expect(await readFile(path.join(root, "u", "42.jpg"), "utf8")).toBe("abc");
  });
});

describe("S3", () => {
  test("puts, gets (with Range), heads and deletes objects over the S3 API, path-style, under the prefix", async () => {
    const s3 = fakeS3();
    await new Promise<void>((resolve) => s3.server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = s3.server.address() as AddressInfo;
      const storage = createS3Storage({
        kind: "s3",
        bucket: "orbit-media",
        region: "eu-west-1",
        endpoint: `http://127.0.0.1:${port}`,
        accessKeyId: "AKIDEXAMPLE",
        secretAccessKey: "secret-example",
        forcePathStyle: true,
        prefix: "media/",
      });
      await exercise(storage);
      const put = s3.requests.find((r) => r.method === "PUT");
      expect(put?.url.split("?")[0]).toBe("/orbit-media/media/user-1/1700000000000.png");
      expect(put?.headers["content-type"]).toBe("image/png");
      expect(put?.headers["content-length"]).toBe("10");
      expect(put?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\//);
      expect(s3.requests.find((r) => r.headers.range)?.headers.range).toBe("bytes=2-4");
      expect(s3.objects.size).toBe(0);
    } finally {
      s3.server.close();
    }
  });
});
