/**
 * bench/calendar: a month with 2,000 posts.
 * Prints, as one JSON line: `GET /api/posts` for that month (median and p95 of 20 calls) and the time from
 * navigating to the Post Scheduler's calendar until its month grid shows the posts, in Chromium (median of 5).
 * Targets: API under 50 ms, grid under 300 ms.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { wallClock, zonedInstant } from "@app/shared";
import { chromium } from "@playwright/test";
import { buildApp } from "../../apps/server/src/app";
import { loadConfig } from "../../apps/server/src/config/env";
import { openDatabase } from "../../apps/server/src/db/client";
import { posts, postTargets } from "../../apps/server/src/db/schema";

const POSTS = 2_000;
const API_RUNS = 20;
const GRID_RUNS = 5;
const ZONE = "UTC";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1] as number;
const round = (x: number) => Math.round(x * 10) / 10;

async function main() {
  const webDist = path.join(root, "apps/web/dist");
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
    const me = (await (await fetch(`${base}/api/me`, { headers })).json()) as { user: { id: string } };

    // 2,000 posts in this month, written straight to the database (the plan limit is not what is measured).
    const now = new Date();
    const month = wallClock(now, ZONE).date.slice(0, 7);
    const days = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0)).getUTCDate();
    const rows = Array.from({ length: POSTS }, (_, i) => {
      const day = String((i % days) + 1).padStart(2, "0");
      const hour = String(6 + (i % 16)).padStart(2, "0");
      return {
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

    const from = zonedInstant(`${month}-01`, "00:00", ZONE).toISOString();
    const to = new Date(zonedInstant(`${month}-${days}`, "23:59", ZONE).getTime() + 60_000).toISOString();
    const url = `${base}/api/posts?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const apiMs: number[] = [];
    let count = 0;
    for (let i = 0; i < API_RUNS + 2; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      const body = (await res.json()) as { posts: unknown[] };
      if (i >= 2) apiMs.push(performance.now() - t0);
      count = body.posts.length;
    }
    if (count !== POSTS) throw new Error(`expected ${POSTS} posts, got ${count}`);

    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
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
      for (let i = 0; i < GRID_RUNS; i++) {
        await page.goto("about:blank");
        const t0 = performance.now();
        await page.goto(`${base}/scheduler?tab=calendar`);
        // Interactive: the month grid is there with its posts in it.
        await page
          .getByRole("table", { name: /\d{4}/ })
          .first()
          .getByText(/^\+\d+/)
          .first()
          .waitFor();
        gridMs.push(
          await page.evaluate(() => (window as unknown as { gridShownAt?: number }).gridShownAt ?? Number.NaN),
        );
        if (process.env.BENCH_DEBUG) {
          // Where the time went: each file and API call the page asked for, from navigation start (ms).
          const timeline = await page.evaluate(() =>
            (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).map(
              (e) => `${new URL(e.name).pathname} ${Math.round(e.startTime)}-${Math.round(e.responseEnd)}`,
            ),
          );
          console.error({ total: Math.round(performance.now() - t0), timeline });
        }
      }
    } finally {
      await browser.close();
    }

    console.log(
      JSON.stringify({
        bench: "calendar",
        posts: POSTS,
        api_ms: { median: round(median(apiMs)), p95: round(p95(apiMs)), target: 50 },
        grid_ms: { median: round(median(gridMs)), max: round(Math.max(...gridMs)), target: 300 },
      }),
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
