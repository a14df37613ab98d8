/**
 * bench/calendar: a month with 2,000 posts (issue 17's targets).
 * Prints, as one JSON line, for the calendar's read of that month (`GET /api/posts/calendar`, what the month
 * grid asks for):
 * - its size: raw, brotli (quality 4, as the server compresses) and as it really comes over the wire to a
 *   client accepting brotli (target ≤ 250 KB);
 * - its time (median and p95), uncompressed and with brotli, and that of a bare Node http server sending the
 *   very same bytes, measured alternately in the same run (target ≤ 10 ms median and ≤ 4× the bare server);
 * - the full list of the same month (`GET /api/posts`) for comparison;
 * - the time from navigating to the Post Scheduler's calendar until its month grid shows the posts, in
 *   Chromium (median of 5; target ≤ 250 ms).
 * BENCH_WEB_DIST names another build of the web app to serve (by default apps/web/dist); BENCH_PROFILE names a
 * file to write a Chromium CPU profile of the last timed navigation to (open it in the browser's DevTools).
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import { wallClock, zonedInstant } from "@app/shared";
import { buildApp } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/config/env";
import { openDatabase } from "../../apps/server/src/db/client";
import { posts, postTargets } from "../../apps/server/src/db/schema";
import { launchChromium } from "../chromium";

const POSTS = 2_000;
const API_RUNS = 40;
const GRID_RUNS = 5;
const ZONE = "UTC";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] as number;
const round = (x: number) => Math.round(x * 10) / 10;
const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/** One GET over a kept-alive connection: the time until the last byte, the bytes on the wire and the headers. */
function get(agent: http.Agent, url: string, headers: Record<string, string>) {
  return new Promise<{ ms: number; wire: number; body: Buffer; headers: http.IncomingHttpHeaders }>(
    (resolve, reject) => {
      const t0 = performance.now();
      http
        .get(url, { agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => {
            const body = Buffer.concat(chunks);
            if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode} ${body.toString()}`));
            else resolve({ ms: performance.now() - t0, wire: body.length, body, headers: res.headers });
          });
        })
        .on("error", reject);
    },
  );
}

/** A bare Node server answering every request with the given bytes and headers: the floor of a JSON answer. */
async function bareServer(body: Buffer, headers: http.OutgoingHttpHeaders) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { ...headers, "content-length": body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`, close: () => server.close() };
}

/**
 * The app and a bare server sending the app's bytes, called in turn (so both see the same machine load):
 * median and p95 of each, and their ratio.
 */
async function alternately(appUrl: string, headers: Record<string, string>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sample = await get(agent, appUrl, headers);
  const pass = ["content-type", "content-encoding", "vary"] as const;
  const bare = await bareServer(
    sample.body,
    Object.fromEntries(pass.filter((h) => sample.headers[h]).map((h) => [h, sample.headers[h]])),
  );
  const app: number[] = [];
  const floor: number[] = [];
  try {
    for (let i = 0; i < 3; i++) {
      await get(agent, appUrl, headers);
      await get(agent, bare.url, headers);
    }
    for (let i = 0; i < API_RUNS; i++) {
      app.push((await get(agent, appUrl, headers)).ms);
      floor.push((await get(agent, bare.url, headers)).ms);
    }
  } finally {
    bare.close();
    agent.destroy();
  }
  return {
    wire_bytes: sample.wire,
    encoding: sample.headers["content-encoding"] ?? "identity",
    app_ms: { median: round(median(app)), p95: round(p95(app)) },
    bare_ms: { median: round(median(floor)), p95: round(p95(floor)) },
    ratio: round(median(app) / median(floor)),
  };
}

async function main() {
  const webDist = process.env.BENCH_WEB_DIST
    ? path.resolve(process.env.BENCH_WEB_DIST)
    : path.join(root, "apps/web/dist");
  if (!existsSync(path.join(webDist, "index.html"))) throw new Error("Build the web app first: npm run build");
  const dataDir = await mkdtemp(path.join(tmpdir(), "orbitpost-bench-"));
  const port = 3900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: base,
    WEB_DIST: webDist,
    AUTH_RATE_LIMIT: "1000",
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  const app = await buildApp({ config, database });
  await app.listen({ port, host: "127.0.0.1" });

  try {
    // A user with one LinkedIn account, connected through the sandbox like a person would.
    const user = { name: "Bench", email: `bench-${Date.now()}@example.com`, password: "bench-password-1" };
    await fetch(`${base}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify(user),
    });
    const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const headers = { cookie, origin: base, "content-type": "application/json" };
    const init = await (
      await fetch(`${base}/api/oauth/linkedin/initiate`, { method: "POST", headers, body: "{}" })
    ).json();
    const consent = await fetch(init.authUrl, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "approve=1&username=bench",
    });
    const back = new URL(consent.headers.get("location") as string);
    const done = await fetch(`${base}/api/oauth/linkedin/callback`, {
      method: "POST",
      headers,
      body: JSON.stringify({ code: back.searchParams.get("code"), state: back.searchParams.get("state") }),
    });
    const account = (await done.json()).account as { id: string };
    const me = (await (await fetch(`${base}/api/me`, { headers })).json()) as {
      user: { id: string };
      workspace: { id: string };
    };

    // 2,000 posts in this month, written straight to the database (the plan limit is not what is measured).
    const now = new Date();
    const month = wallClock(now, ZONE).date.slice(0, 7);
    const days = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
    const rows = Array.from({ length: POSTS }, (_, i) => {
      const day = String((i % days) + 1).padStart(2, "0");
      const hour = String(6 + (i % 16)).padStart(2, "0");
      return {
        workspaceId: me.workspace.id,
        userId: me.user.id,
        content: `Post number ${i + 1} of the benchmark month, with a little text`,
        hashtags: ["bench"],
        status: "scheduled",
        scheduledAt: zonedInstant(`${month}-${day}`, `${hour}:00`, ZONE),
        timezone: ZONE,
      };
    });
    for (let i = 0; i < rows.length; i += 500) {
      const inserted = await database.db
        .insert(posts)
        .values(rows.slice(i, i + 500))
        .returning({ id: posts.id, at: posts.scheduledAt });
      await database.db
        .insert(postTargets)
        .values(
          inserted.map((p) => ({ postId: p.id, accountId: account.id, platform: "linkedin", nextAttemptAt: p.at })),
        );
    }

    // The calendar's month grid: six weeks from the Sunday on or before the 1st (as the web app asks).
    const first = zonedInstant(`${month}-01`, "00:00", ZONE);
    const from = new Date(first.getTime() - first.getUTCDay() * 86_400_000).toISOString();
    const to = new Date(Date.parse(from) + 42 * 86_400_000).toISOString();
    const range = `from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const calendarUrl = `${base}/api/posts/calendar?${range}`;
    const listUrl = `${base}/api/posts?${range}`;
    const raw = await fetch(calendarUrl, { headers: { cookie } });
    const answer = Buffer.from(await raw.arrayBuffer());
    const items = (JSON.parse(answer.toString()) as { items: unknown[] }).items.length;
    if (items !== POSTS) throw new Error(`expected ${POSTS} posts, got ${items}`);
    const brotli = zlib.brotliCompressSync(answer, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      },
    }).length;
    const identity = await alternately(calendarUrl, { cookie });
    const br = await alternately(calendarUrl, { cookie, "accept-encoding": "br" });
    const fullList = await alternately(listUrl, { cookie });
    const browser = await launchChromium();
    const gridMs: number[] = [];
    try {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies(
        cookie.split("; ").map((pair) => {
          const [name, ...value] = pair.split("=");
          return { name: name as string, value: value.join("="), url: base };
        }),
      );
      // The page notes the moment the month grid first shows a day's "+N more" (measured from the start of
      // the navigation, inside the page: no polling delay of the test runner in the figure).
      await context.addInitScript(() => {
        const w = window as unknown as { gridShownAt?: number };
        new MutationObserver((_, observer) => {
          if (document.querySelector(".content-calendar-more")) {
            w.gridShownAt = performance.now();
            observer.disconnect();
          }
        }).observe(document, { subtree: true, childList: true });
      });
      const page = await context.newPage();
      // Warm the browser's cache of the app's files once; each timed run is then a navigation like a user's.
      await page.goto(`${base}/scheduler?tab=calendar`);
      await page.getByRole("table", { name: /\d{4}/ }).first().waitFor();
      const profiler = process.env.BENCH_PROFILE ? await context.newCDPSession(page) : undefined;
      for (let i = 0; i < GRID_RUNS; i++) {
        await page.goto("about:blank");
        const last = i === GRID_RUNS - 1;
        if (profiler && last) {
          await profiler.send("Profiler.enable");
          await profiler.send("Profiler.setSamplingInterval", { interval: 200 });
          await profiler.send("Profiler.start");
        }
        const t0 = performance.now();
        await page.goto(`${base}/scheduler?tab=calendar`);
        // Interactive: the month grid is there with its posts in it.
        await page
          .getByRole("table", { name: /\d{4}/ })
          .first()
          .getByText(/^\+\d+/)
          .first()
          .waitFor();
        if (profiler && last) {
          const { profile } = await profiler.send("Profiler.stop");
          await writeFile(process.env.BENCH_PROFILE as string, JSON.stringify(profile));
        }
        gridMs.push(
          await page.evaluate(() => (window as unknown as { gridShownAt?: number }).gridShownAt ?? Number.NaN),
        );
        if (process.env.BENCH_DEBUG) {
          // Where the time went: each file and API call the page asked for, from navigation start (ms).
          const timeline = await page.evaluate(() =>
            (
              [
                ...performance.getEntriesByType("navigation"),
                ...performance.getEntriesByType("resource"),
                ...performance.getEntriesByType("paint"),
              ] as PerformanceResourceTiming[]
            ).map(
              (e) =>
                `${e.entryType === "paint" ? e.name : new URL(e.name).pathname} ${Math.round(e.startTime)}-${Math.round(e.responseEnd ?? e.startTime)}`,
            ),
          );
          console.error({ total: Math.round(performance.now() - t0), timeline });
        }
      }
    } finally {
      await browser.close();
    }

    const wire = br.encoding === "br" ? br.wire_bytes : identity.wire_bytes;
    console.log(
      JSON.stringify({
        bench: "calendar",
        posts: POSTS,
        bytes: {
          raw: answer.length,
          brotli,
          on_the_wire: wire,
          per_post: round(answer.length / POSTS),
          target_kb: 250,
          met: wire <= 250 * 1024,
        },
        api: {
          identity,
          brotli: br,
          target: { median_ms: 10, ratio: 4 },
          met: br.app_ms.median <= 10 && br.ratio <= 4 && identity.app_ms.median <= 10 && identity.ratio <= 4,
        },
        full_list_for_comparison: { raw_bytes: fullList.wire_bytes, ...fullList },
        grid_ms: {
          median: round(median(gridMs)),
          max: round(Math.max(...gridMs)),
          target: 250,
          met: median(gridMs) <= 250,
        },
      }),
    );
    console.error(
      `calendar month of ${POSTS} posts: ${kb(answer.length)} KB raw, ${kb(brotli)} KB brotli, ${kb(wire)} KB on the wire (target 250 KB); ` +
        `API ${identity.app_ms.median} ms (bare ${identity.bare_ms.median} ms, ${identity.ratio}x), with brotli ${br.app_ms.median} ms (bare ${br.bare_ms.median} ms, ${br.ratio}x) (target 10 ms, 4x); ` +
        `full list ${kb(fullList.wire_bytes)} KB in ${fullList.app_ms.median} ms; month grid ${round(median(gridMs))} ms (target 250 ms)`,
    );
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
