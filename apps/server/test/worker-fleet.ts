import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createSandbox, type SandboxControl } from "@app/sandbox";
import { oauthCallbackPath, type Platform } from "@app/shared";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { buildApp, closeApp, sandboxMediaFetch } from "../src/app";
import { loadConfig } from "../src/config/env";
import { type Db, openDatabase } from "../src/db/client";
import { posts, postTargets, workerHeartbeats } from "../src/db/schema";
import { withOrigin } from "./helpers";

/**
 * Publishing by real worker processes (`npm run worker`), for the exactly-once test and bench/scheduler:
 * a fresh PostgreSQL database, an app that serves its own sandbox on a free port and publishes nothing
 * itself (so what the networks received is readable here), users with connected sandbox accounts, due
 * posts written straight to the database, and worker processes started and killed at will.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const WORKER_ENTRY = path.join(root, "apps/server/src/worker.ts");
/** The hub and its workers share it: the workers decrypt the tokens the hub stored. */
const FLEET_SECRET = "fleet-secret-fleet-secret-fleet-secret-0123";

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/** A new, empty database on the PostgreSQL server `serverUrl` names; `drop` removes it. */
export async function createPostgresDatabase(serverUrl: string, prefix = "fleet") {
  const name = `${prefix}_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const admin = async (query: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(query);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export interface Hub {
  baseUrl: string;
  databaseUrl: string;
  db: Db;
  /** what the sandbox networks received */
  sandbox: SandboxControl;
  app: Awaited<ReturnType<typeof buildApp>>;
  close(): Promise<void>;
}

/** The app on `databaseUrl` (migrated here), listening on a free port with its own sandbox. */
export async function startHub(o: { databaseUrl: string; latencyMs?: number; publishedLimit?: number }): Promise<Hub> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "orbitpost-fleet-"));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    DATABASE_URL: o.databaseUrl,
    APP_SECRET: FLEET_SECRET,
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    INTERNAL_URL: baseUrl,
    WEB_DIST: path.join(dataDir, "no-web-build"),
    AUTH_RATE_LIMIT: "100000",
    PUBLISHING_WORKER: "off",
  });
  const database = await openDatabase({ databaseUrl: o.databaseUrl, dataDir });
  const sandbox = createSandbox({
    secret: `sandbox:${FLEET_SECRET}`,
    assetBase: baseUrl,
    fetch: sandboxMediaFetch(config),
    latencyMs: o.latencyMs,
    publishedLimit: o.publishedLimit,
    redirectUris: (platform) => [`${baseUrl}${oauthCallbackPath(platform)}`],
  });
  const app = withOrigin(await buildApp({ config, database, sandbox, logger: false }), baseUrl);
  await app.listen({ port, host: "127.0.0.1" });
  return {
    baseUrl,
    databaseUrl: o.databaseUrl,
    db: database.db,
    sandbox: sandbox.control,
    app,
    async close() {
      // Calls of killed workers may still hold connections: they are not waited for.
      app.server.closeAllConnections();
      await closeApp(app);
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface FleetAccount {
  userId: string;
  /** the owner's personal workspace, which the account and its posts belong to */
  workspaceId: string;
  accountId: string;
  platform: Platform;
  /** Facebook: the Page the posts go to; LinkedIn: the company page they go out as */
  pageId: string | null;
  /** the owner's session, for calls to the hub's API */
  cookie: string;
}

const cookiesOf = (raw: string | string[] | undefined) =>
  (Array.isArray(raw) ? raw : raw ? [raw] : []).map((c) => c.split(";")[0]).join("; ");

/** `users` people, each connecting one account of every platform in `platforms` through the sandbox. */
export async function connectAccounts(hub: Hub, users: number, platforms: Platform[]): Promise<FleetAccount[]> {
  const out: FleetAccount[] = [];
  for (let u = 0; u < users; u++) {
    const person = {
      name: `Fleet ${u}`,
      email: `fleet-${u}-${randomUUID().slice(0, 8)}@example.com`,
      password: "fleet-password-1",
    };
    const up = await hub.app.inject({ method: "POST", url: "/api/auth/sign-up/email", payload: person });
    if (up.statusCode !== 200) throw new Error(`sign-up: ${up.statusCode} ${up.body}`);
    const signIn = await hub.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: person.email, password: person.password },
    });
    if (signIn.statusCode !== 200) throw new Error(`sign-in: ${signIn.statusCode} ${signIn.body}`);
    const cookie = cookiesOf(signIn.headers["set-cookie"] as string | string[] | undefined);
    const me = await hub.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    const userId = me.json().user.id as string;
    const workspaceId = me.json().workspace.id as string;
    for (const platform of platforms) {
      const init = await hub.app.inject({
        method: "POST",
        url: `/api/oauth/${platform}/initiate`,
        headers: { cookie },
        payload: {},
      });
      if (init.statusCode !== 200) throw new Error(`initiate ${platform}: ${init.body}`);
      const consent = await fetch(init.json().authUrl as string, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ approve: "1", username: `fleet_${platform}_${u}` }).toString(),
      });
      const back = new URL(consent.headers.get("location") as string);
      const done = await hub.app.inject({
        method: "POST",
        url: `/api/oauth/${platform}/callback`,
        headers: { cookie },
        payload: { code: back.searchParams.get("code"), state: back.searchParams.get("state") },
      });
      if (done.statusCode !== 200) throw new Error(`connect ${platform}: ${done.body}`);
      const accountId = done.json().account.id as string;
      let pageId: string | null = null;
      if (platform === "facebook") {
        const pages = await hub.app.inject({
          method: "GET",
          url: `/api/accounts/${accountId}/facebook-pages`,
          headers: { cookie },
        });
        pageId = pages.json().pages[0].id as string;
      }
      if (platform === "linkedin") {
        // As a company page: LinkedIn lets the app read a page's posts back after a crash, not a member's.
        const orgs = await hub.app.inject({
          method: "GET",
          url: `/api/accounts/${accountId}/linkedin-organizations`,
          headers: { cookie },
        });
        pageId = orgs.json().organizations[0].id as string;
      }
      out.push({ userId, workspaceId, accountId, platform, pageId, cookie });
    }
  }
  return out;
}

export interface WrittenPost {
  postId: string;
  targetId: string;
  text: string;
  platform: Platform;
}

/**
 * `count` scheduled text posts due at `dueAt`, written straight to the database (no plan limit, thousands
 * in a second); post i goes to accounts[i % accounts.length] with the text `text(i)`.
 */
export async function writeDuePosts(
  db: Db,
  accounts: FleetAccount[],
  count: number,
  o: { dueAt: Date; text: (i: number) => string },
): Promise<WrittenPost[]> {
  const out: WrittenPost[] = [];
  for (let start = 0; start < count; start += 500) {
    const slice = Array.from({ length: Math.min(500, count - start) }, (_, k) => {
      const i = start + k;
      return { i, account: accounts[i % accounts.length] as FleetAccount, text: o.text(i) };
    });
    const inserted = await db
      .insert(posts)
      .values(
        slice.map((s) => ({
          workspaceId: s.account.workspaceId,
          userId: s.account.userId,
          content: s.text,
          facebookPageId: s.account.platform === "facebook" ? s.account.pageId : null,
          ...(s.account.platform === "linkedin" && {
            options: { linkedin: { postAs: "company" as const, organizationId: s.account.pageId ?? undefined } },
          }),
          status: "scheduled",
          scheduledAt: o.dueAt,
          timezone: "UTC",
        })),
      )
      .returning({ id: posts.id });
    const targets = await db
      .insert(postTargets)
      .values(
        slice.map((s, k) => ({
          postId: (inserted[k] as { id: string }).id,
          accountId: s.account.accountId,
          platform: s.account.platform,
          pageId: s.account.platform === "facebook" ? s.account.pageId : null,
          nextAttemptAt: o.dueAt,
        })),
      )
      .returning({ id: postTargets.id, postId: postTargets.postId });
    for (const [k, s] of slice.entries()) {
      const t = targets[k] as { id: string; postId: string };
      out.push({ postId: t.postId, targetId: t.id, text: s.text, platform: s.account.platform });
    }
  }
  return out;
}

export interface WorkerProcess {
  child: ChildProcess;
  pid: number;
  /** resolves with the exit code (null when a signal ended it) */
  exited: Promise<number | null>;
  /** what the process wrote, for a failure's report */
  output(): string;
}

/**
 * Starts `node --import tsx apps/server/src/worker.ts` (what `npm run worker` runs) against the hub;
 * `nodeArgs` go to node (e.g. --cpu-prof).
 */
export function spawnWorker(hub: Hub, env: Record<string, string> = {}, nodeArgs: string[] = []): WorkerProcess {
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", WORKER_ENTRY], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      DATABASE_URL: hub.databaseUrl,
      APP_SECRET: FLEET_SECRET,
      PUBLIC_URL: hub.baseUrl,
      INTERNAL_URL: hub.baseUrl,
      PORT: new URL(hub.baseUrl).port,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(chunk.toString());
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  if (child.pid === undefined) throw new Error("the worker did not start");
  return { child, pid: child.pid, exited, output: () => lines.join("") };
}

/** Waits until the worker process has done its first round (its heartbeat is in the database). */
export async function waitForWorker(db: Db, w: WorkerProcess, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (w.child.exitCode !== null) throw new Error(`the worker stopped while starting:\n${w.output()}`);
    const rows = await db
      .select({ id: workerHeartbeats.id })
      .from(workerHeartbeats)
      .where(eq(workerHeartbeats.pid, w.pid));
    if (rows.length) return;
    await sleep(50);
  }
  throw new Error(`the worker did not start within ${timeoutMs} ms:\n${w.output()}`);
}

/** Stops a worker the way a service manager does (SIGTERM: it finishes its round and leaves). */
export async function stopWorker(w: WorkerProcess): Promise<void> {
  if (w.child.exitCode !== null || w.child.signalCode !== null) return;
  w.child.kill("SIGTERM");
  const timer = setTimeout(() => w.child.kill("SIGKILL"), 20_000);
  await w.exited;
  clearTimeout(timer);
}

/** Targets still to go out (pending) or going out (publishing). */
export async function unsettled(db: Db): Promise<number> {
  const res = await db.execute(
    sql`select count(*)::int as n from ${postTargets} where status in ('pending', 'publishing')`,
  );
  return (res as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}
