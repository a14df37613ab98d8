/**
 * bench/load: the server under 50 connections for 30 s, a signed-in user's mix of reads and writes over a month
 * of 300 posts. The server runs as `npm start` runs it, in a child process: on the embedded database by default,
 * on PostgreSQL when DATABASE_URL names a server (a new database is made there and dropped afterwards).
 *
 * Prints one JSON line: requests/s, latency p50/p99, errors (non-2xx answers, connection errors and timeouts:
 * must be 0) and the server's memory at idle, after seeding and after the load.
 * LOAD_DURATION (s) and LOAD_CONNECTIONS change the run (e.g. LOAD_DURATION=5 for a quick one).
 * Today's figure to beat on the embedded database: 116 requests/s, p99 600 ms.
 */
import autocannon from "autocannon";
import { type MemoryFigures, signUp, startServer } from "./server";

const DURATION_S = Number(process.env.LOAD_DURATION ?? 30);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
const POSTS = 300;
const DRAFTS = 20;
const IDLE_MS = 5_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function call<T>(base: string, headers: Record<string, string>, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** Connects a sandbox LinkedIn account the way the browser does: initiate, consent, callback. */
async function connectSandboxAccount(base: string, headers: Record<string, string>): Promise<string> {
  const { authUrl } = await call<{ authUrl: string }>(base, headers, "POST", "/api/oauth/linkedin/initiate", {});
  const consent = await fetch(authUrl, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: new URL(authUrl).origin },
    body: "approve=1&username=load",
  });
  const location = consent.headers.get("location");
  if (consent.status !== 302 || !location) throw new Error(`sandbox consent: ${consent.status}`);
  const back = new URL(location, authUrl);
  const done = await call<{ account: { id: string } }>(base, headers, "POST", "/api/oauth/linkedin/callback", {
    code: back.searchParams.get("code"),
    state: back.searchParams.get("state"),
  });
  return done.account.id;
}

/** Premium through the local test-mode checkout: the free plan allows 5 posts a month. */
async function upgrade(base: string, headers: Record<string, string>) {
  const { url } = await call<{ url: string }>(base, headers, "POST", "/api/billing/checkout", {});
  const token = new URL(url, base).searchParams.get("session");
  if (!token) throw new Error(`checkout without a session: ${url}`);
  await call(base, headers, "POST", `/api/billing/local/sessions/${encodeURIComponent(token)}/complete`, {});
}

async function main() {
  const server = await startServer();
  const { base } = server;
  const memory: Record<string, MemoryFigures> = {};
  try {
    await sleep(IDLE_MS);
    memory.idle = await server.memory();

    const { headers } = await signUp(base);
    const accountId = await connectSandboxAccount(base, headers);
    await upgrade(base, headers);

    // Next month (all of it ahead, so nothing is due during the run): 300 scheduled posts, 10 at a time.
    const now = new Date();
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    const days = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
    const month = first.toISOString().slice(0, 7);
    for (let i = 0; i < POSTS; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, POSTS - i) }, (_, k) => {
          const n = i + k;
          return call(base, headers, "POST", "/api/posts", {
            content: `Post ${n + 1} of the load month: a line of text such as people write, with a link https://example.com/${n}`,
            hashtags: ["load"],
            accountIds: [accountId],
            scheduledDate: `${month}-${String((n % days) + 1).padStart(2, "0")}`,
            scheduledTime: `${String(6 + (n % 16)).padStart(2, "0")}:${n % 2 ? "30" : "00"}`,
            timezone: "UTC",
            status: "scheduled",
          });
        }),
      );
    }
    const drafts: string[] = [];
    for (let i = 0; i < DRAFTS; i++) {
      const { post } = await call<{ post: { id: string } }>(base, headers, "POST", "/api/posts", {
        content: `Draft ${i + 1}`,
        accountIds: [accountId],
        timezone: "UTC",
        status: "draft",
      });
      drafts.push(post.id);
    }
    const from = first.toISOString();
    const to = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 1)).toISOString();
    const monthPath = `/api/posts?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const check = await call<{ posts: unknown[] }>(base, headers, "GET", monthPath);
    if (check.posts.length !== POSTS) throw new Error(`expected ${POSTS} posts in ${month}, got ${check.posts.length}`);
    await sleep(IDLE_MS);
    memory.seeded = await server.memory();

    // Each connection goes round this list: 8 reads and 2 writes, as a browser would send them.
    const browser = { ...headers, "accept-encoding": "gzip, deflate, br" };
    let written = 0;
    const requests: autocannon.Request[] = [
      { method: "GET", path: monthPath },
      { method: "GET", path: "/api/me" },
      { method: "GET", path: "/api/accounts" },
      { method: "GET", path: "/api/notifications" },
      {
        method: "POST",
        path: "/api/posts",
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ content: `Load draft ${++written}`, timezone: "UTC", status: "draft" }),
        }),
      },
      { method: "GET", path: monthPath },
      { method: "GET", path: "/api/me" },
      {
        method: "PATCH",
        setupRequest: (req) => ({
          ...req,
          path: `/api/posts/${drafts[written % DRAFTS]}`,
          body: JSON.stringify({ content: `Edited draft ${++written}` }),
        }),
      },
      { method: "GET", path: "/api/notifications" },
      { method: "GET", path: "/api/accounts" },
    ];
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: browser,
      requests,
    });
    await sleep(IDLE_MS);
    memory.afterLoad = await server.memory();

    const errors = result.errors + result.timeouts + result.non2xx;
    console.log(
      JSON.stringify({
        bench: "load",
        database: server.database,
        server: server.runs,
        connections: CONNECTIONS,
        duration_s: DURATION_S,
        requests: result.requests.total,
        requests_per_s: Math.round((result.requests.total / result.duration) * 10) / 10,
        latency_ms: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
        errors: { total: errors, non2xx: result.non2xx, connection: result.errors, timeouts: result.timeouts },
        memory_mb: memory,
        targets: { requests_per_s: "> 116 (far)", errors: 0, idle_rss_mb: 300 },
      }),
    );
    if (errors) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
