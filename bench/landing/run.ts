/**
 * bench/landing: what a first-time visitor's browser fetches before the landing page first paints.
 *
 * Runs the built server (`node apps/server/dist/main.js`, or the sources through tsx when it is not built)
 * in production mode on an empty data directory, opens `/` in Chromium RUNS times (each in a fresh context,
 * cache disabled) and prints:
 *   - first contentful paint, median of the runs (target ≤ 300 ms);
 *   - the JavaScript fetched before that paint: files, raw bytes and brotli bytes (target ≤ 100 kB brotli);
 *   - the bytes of the whole page load per file type (html, js, css, font, image), raw and compressed.
 * Compressed sizes are brotli (quality 11) of the built files, computed here with node's zlib, so they do not
 * depend on how the server sends them; "wire" is what the browser was actually sent (with headers).
 * Fonts and raster images are compressed formats already: their compressed size is their size.
 * Prints, as text and then one JSON line; asserts nothing. 1 kB = 1,000 bytes.
 *
 * Needs apps/web/dist (runs `vite build` once when it is missing), or another build in WEB_DIST.
 * PORT (default 3630), RUNS (default 7).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { launchChromium } from "../chromium";

const RUNS = Number(process.env.RUNS ?? 7);
const PORT = Number(process.env.PORT ?? 3630);
const TARGET_JS_BROTLI = 100_000;
const TARGET_FCP_MS = 300;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, "apps/web/dist"));
const base = `http://127.0.0.1:${PORT}`;

type Kind = "html" | "js" | "css" | "font" | "image" | "other";
interface Fetched {
  url: string;
  startTime: number;
  transferSize: number;
  decodedBodySize: number;
}
interface Load {
  fcp: number;
  resources: Fetched[];
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function kindOf(url: string, isDocument: boolean): Kind {
  if (isDocument) return "html";
  const ext = path.extname(new URL(url).pathname).toLowerCase();
  if (ext === ".js" || ext === ".mjs") return "js";
  if (ext === ".css") return "css";
  if ([".woff2", ".woff", ".ttf", ".otf"].includes(ext)) return "font";
  if ([".svg", ".png", ".jpg", ".jpeg", ".webp", ".avif", ".gif", ".ico"].includes(ext)) return "image";
  return "other";
}

/**
 * The built file behind a URL of the app. The page itself is landing.html, the landing page rendered at build
 * time, which the server sends for `/` (index.html, the empty shell, in a build from before it).
 */
function builtFile(url: string, isDocument: boolean): Buffer | null {
  const page = existsSync(path.join(webDist, "landing.html")) ? "/landing.html" : "/index.html";
  const pathname = isDocument ? page : new URL(url).pathname;
  const file = path.join(webDist, decodeURIComponent(pathname));
  if (!file.startsWith(webDist) || !existsSync(file)) return null;
  return readFileSync(file);
}

const brotliCache = new Map<string, number>();
/** Brotli at quality 11 for text; fonts and raster images are sent as they are. */
function sizes(url: string, isDocument: boolean, fallbackRaw: number) {
  const kind = kindOf(url, isDocument);
  const body = builtFile(url, isDocument);
  const raw = body?.length ?? fallbackRaw;
  const binary = kind === "font" || (kind === "image" && !url.endsWith(".svg"));
  if (!body || binary) return { kind, raw, brotli: raw };
  let brotli = brotliCache.get(url);
  if (brotli === undefined) {
    brotli = zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }).length;
    brotliCache.set(url, brotli);
  }
  return { kind, raw, brotli };
}

function startServer(dataDir: string): ChildProcess {
  const built = path.join(root, "apps/server/dist/main.js");
  const [command, args] = existsSync(built)
    ? ["node", [built]]
    : ["npx", ["tsx", path.join(root, "apps/server/src/main.ts")]];
  console.log(`server: ${command} ${path.relative(root, args[args.length - 1] as string)} (NODE_ENV=production)`);
  return spawn(command as string, args as string[], {
    cwd: root,
    // Its own process group, so that stopping it also stops what npx started.
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(PORT),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      WEB_DIST: webDist,
      LOG_LEVEL: "warn",
      PUBLISHING_WORKER: "off",
    },
  });
}

async function waitForServer(server: ChildProcess) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(`${base}/`, { headers: { accept: "text/html" } });
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer on ${base} within 90 s`);
}

async function main() {
  if (!existsSync(path.join(webDist, "index.html"))) {
    console.log("apps/web/dist is missing: building it once (vite build)");
    const build = spawnSync("npx", ["vite", "build"], { cwd: path.join(root, "apps/web"), stdio: "inherit" });
    if (build.status !== 0) throw new Error("vite build failed");
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), "orbitpost-bench-landing-"));
  const server = startServer(dataDir);
  const stop = () => {
    if (server.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
  };
  process.once("SIGINT", () => {
    stop();
    process.exit(130);
  });

  const browser = await launchChromium();
  try {
    await waitForServer(server);
    const loads: Load[] = [];
    // One unmeasured load first: the server's and Chromium's own first-use costs are not the page's.
    for (let i = 0; i < RUNS + 1; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
      await page.goto(`${base}/`, { waitUntil: "load" });
      await page.waitForFunction(() => performance.getEntriesByName("first-contentful-paint").length > 0);
      // What loads after the first paint (the FAQ) is part of the page's bytes, not of the first paint's.
      await page.waitForLoadState("networkidle");
      // No named functions in here: tsx would wrap them in a helper the page does not have.
      const load = await page.evaluate(
        (): Load => ({
          fcp: (performance.getEntriesByName("first-contentful-paint")[0] as PerformanceEntry).startTime,
          resources: [
            ...(performance.getEntriesByType("navigation") as PerformanceResourceTiming[]),
            ...(performance.getEntriesByType("resource") as PerformanceResourceTiming[]),
          ].map((e) => ({
            url: e.name,
            startTime: e.startTime,
            transferSize: e.transferSize,
            decodedBodySize: e.decodedBodySize,
          })),
        }),
      );
      await context.close();
      if (i > 0) loads.push(load);
    }

    const fcps = loads.map((l) => l.fcp);
    const fcp = median(fcps);
    const typical = loads.find((l) => l.fcp === fcp) as Load;
    const [document, ...resources] = typical.resources;
    const jsBefore = resources
      .filter((r) => kindOf(r.url, false) === "js" && r.startTime < typical.fcp)
      .map((r) => ({ url: r.url, ...sizes(r.url, false, r.decodedBodySize) }));
    const jsAfter = resources.filter((r) => kindOf(r.url, false) === "js" && r.startTime >= typical.fcp);
    const jsRaw = jsBefore.reduce((s, r) => s + r.raw, 0);
    const jsBrotli = jsBefore.reduce((s, r) => s + r.brotli, 0);

    const perType: Record<Kind, { files: number; raw: number; brotli: number; wire: number }> = {
      html: { files: 0, raw: 0, brotli: 0, wire: 0 },
      js: { files: 0, raw: 0, brotli: 0, wire: 0 },
      css: { files: 0, raw: 0, brotli: 0, wire: 0 },
      font: { files: 0, raw: 0, brotli: 0, wire: 0 },
      image: { files: 0, raw: 0, brotli: 0, wire: 0 },
      other: { files: 0, raw: 0, brotli: 0, wire: 0 },
    };
    for (const r of typical.resources) {
      const s = sizes(r.url, r === document, r.decodedBodySize);
      const row = perType[s.kind];
      row.files += 1;
      row.raw += s.raw;
      row.brotli += s.brotli;
      row.wire += r.transferSize;
    }

    const verdict = (ok: boolean) => (ok ? "meets the target" : "MISSES the target");
    console.log(`\nlanding page, ${RUNS} fresh loads (cache disabled), Chromium 1280×900`);
    console.log(
      `first contentful paint: median ${fcp.toFixed(0)} ms (runs: ${fcps.map((x) => x.toFixed(0)).join(", ")})` +
        ` — target ≤ ${TARGET_FCP_MS} ms: ${verdict(fcp <= TARGET_FCP_MS)}`,
    );
    console.log(
      `JavaScript before the first paint: ${jsBefore.length} files, ${kB(jsRaw)} raw, ${kB(jsBrotli)} brotli` +
        ` — target ≤ ${kB(TARGET_JS_BROTLI)} brotli: ${verdict(jsBrotli <= TARGET_JS_BROTLI)}`,
    );
    for (const r of [...jsBefore].sort((a, b) => b.brotli - a.brotli)) {
      console.log(
        `  ${new URL(r.url).pathname.padEnd(48)} ${kB(r.raw).padStart(9)} raw ${kB(r.brotli).padStart(9)} br`,
      );
    }
    if (jsAfter.length > 0) {
      console.log(`JavaScript after the first paint: ${jsAfter.map((r) => new URL(r.url).pathname).join(", ")}`);
    }
    console.log("whole page load, per file type:");
    for (const [kind, row] of Object.entries(perType)) {
      if (row.files === 0) continue;
      console.log(
        `  ${kind.padEnd(6)} ${String(row.files).padStart(3)} files ${kB(row.raw).padStart(9)} raw` +
          ` ${kB(row.brotli).padStart(9)} compressed ${kB(row.wire).padStart(9)} on the wire`,
      );
    }
    console.log(
      JSON.stringify({
        bench: "landing",
        runs: RUNS,
        fcpMs: { median: Math.round(fcp), runs: fcps.map(Math.round), target: TARGET_FCP_MS },
        jsBeforeFcp: {
          files: jsBefore.length,
          rawBytes: jsRaw,
          brotliBytes: jsBrotli,
          targetBrotliBytes: TARGET_JS_BROTLI,
        },
        jsAfterFcp: jsAfter.length,
        perType: Object.fromEntries(Object.entries(perType).filter(([, row]) => row.files > 0)),
      }),
    );
  } finally {
    await browser.close();
    stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
