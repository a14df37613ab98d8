/**
 * bench/upload: 20 uploads of 50 MB each to a server running in its own process.
 * Prints, as one JSON line: the throughput (MB/s over all uploads) and the server's peak RSS growth over
 * its RSS before the first upload. Target: peak growth under 64 MB (an upload is never held in memory).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { MEDIA_MAX_BYTES } from "@app/shared";

const UPLOADS = 20;
const SIZE = MEDIA_MAX_BYTES; // 50 MB: the largest file allowed
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Resident memory of a process in bytes (Linux /proc, else ps). */
function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // not Linux
  }
  return (
    Number(
      execFileSync("ps", ["-o", "rss=", "-p", String(pid)])
        .toString()
        .trim(),
    ) * 1024
  );
}

async function waitForServer(base: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error("the server stopped while starting");
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server did not start");
}

/** One multipart upload of a PNG padded to `size` bytes, generated as it is sent (nothing held here either). */
function upload(base: string, cookie: string, png: Buffer, size: number): Promise<number> {
  const boundary = "----orbitpost-bench";
  const chunk = Buffer.alloc(256 * 1024, 1);
  async function* body() {
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.png"\r\nContent-Type: image/png\r\n\r\n`,
    );
    yield png;
    let sent = png.length;
    while (sent < size) {
      const n = Math.min(chunk.length, size - sent);
      yield n === chunk.length ? chunk : chunk.subarray(0, n);
      sent += n;
    }
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  const url = new URL("/api/media", base);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie, origin: base },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    Readable.from(body()).pipe(req);
  });
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), "orbitpost-bench-upload-"));
  const port = 3990 + Math.floor(Math.random() * 9);
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "apps/server/src/main.ts")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATABASE_URL: "",
      S3_BUCKET: "",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  try {
    await waitForServer(base, child);
    const user = { name: "Bench", email: `bench-${Date.now()}@example.com`, password: "bench-password-1" };
    const json = { "content-type": "application/json", origin: base };
    await fetch(`${base}/api/auth/sign-up/email`, { method: "POST", headers: json, body: JSON.stringify(user) });
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const png = await readFile(path.join(root, "apps/server/test/fixtures/sample.png"));

    // One small upload first, so what the server loads on its first upload is not counted as growth.
    if ((await upload(base, cookie, png, png.length)) !== 200) throw new Error("warm-up upload failed");
    const pid = child.pid as number;
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 10);
    const t0 = performance.now();
    for (let i = 0; i < UPLOADS; i++) {
      const status = await upload(base, cookie, png, SIZE);
      if (status !== 200) throw new Error(`upload ${i + 1} answered ${status}`);
    }
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    const mb = (n: number) => Math.round((n / (1024 * 1024)) * 10) / 10;
    console.log(
      JSON.stringify({
        bench: "upload",
        uploads: UPLOADS,
        file_mb: mb(SIZE),
        throughput_mb_s: mb((UPLOADS * SIZE) / seconds),
        seconds: Math.round(seconds * 10) / 10,
        rss_baseline_mb: mb(baseline),
        rss_peak_growth_mb: { value: mb(peak - baseline), target: 64 },
      }),
    );
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
