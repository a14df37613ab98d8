import { createHash, randomUUID } from "node:crypto";
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createSandbox } from "@app/sandbox";
import { type MeResponse, oauthCallbackPath, type WorkspaceRole } from "@app/shared";
import type { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import pg from "pg";
import { buildApp, closeApp } from "../src/app";
import { loadConfig } from "../src/config/env";
import { type Database, type Db, migrationsFolder, openDatabase, openPglite, pgliteDatabase } from "../src/db/client";
import { sessions, workspaceMembers } from "../src/db/schema";
import { loggerOptions } from "../src/http/logging";

type App = Awaited<ReturnType<typeof buildApp>>;
export const TEST_ORIGIN = "http://localhost:3000";

/**
 * A name for the current set of migrations (a hash of their files) and the PGlite that runs them (its version: a
 * dump is read only by the version that wrote it): the migrated templates are named after it.
 */
let migrationsName: Promise<string> | undefined;
function migrationsHash(): Promise<string> {
  migrationsName ??= (async () => {
    const pglitePackage = path.join(path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")), "..");
    const { version } = JSON.parse(await readFile(path.join(pglitePackage, "package.json"), "utf8"));
    const hash = createHash("sha256").update(`pglite ${version}\n`);
    for (const file of (await readdir(migrationsFolder)).filter((f) => f.endsWith(".sql")).sort()) {
      hash.update(file).update(await readFile(path.join(migrationsFolder, file)));
    }
    return hash.digest("hex").slice(0, 20);
  })();
  return migrationsName;
}

let migratedSnapshot: Promise<Blob> | undefined;

/**
 * A dump of a migrated in-memory database, made once per set of migrations and kept in the system's temporary
 * folder for every test file after (migrating takes seconds): written under another name and renamed when
 * complete, so a file being written is never read.
 */
function pgliteSnapshot(dataDir: string): Promise<Blob> {
  migratedSnapshot ??= (async () => {
    const file = path.join(tmpdir(), `orbitpost-test-template-${await migrationsHash()}.tar`);
    try {
      return new Blob([await readFile(file)]);
    } catch {
      const template = await openPglite({ inMemory: true, dataDir });
      const blob = await template.dumpDataDir("none");
      await template.close();
      const partial = `${file}.${process.pid}-${randomUUID()}`;
      await writeFile(partial, Buffer.from(await blob.arrayBuffer()));
      await rename(partial, file);
      return blob;
    }
  })();
  return migratedSnapshot;
}

/**
 * The in-memory PGlite instances of this test worker that no test is using. Starting one, even from the migrated
 * dump, takes a second or more, most of a short test's time; emptying one takes milliseconds.
 */
const idlePglite: PGlite[] = [];
let publicTables: string | undefined;

/** Back to the state migrations leave: every table emptied, identities restarted, the session's state discarded. */
async function emptyPglite(client: PGlite): Promise<void> {
  publicTables ??= (
    await client.query<{ list: string }>(
      "select string_agg(format('%I', tablename), ', ') as list from pg_tables where schemaname = 'public'",
    )
  ).rows[0]?.list;
  if (publicTables) await client.exec(`TRUNCATE ${publicTables} RESTART IDENTITY`);
  // Settings, advisory locks, prepared statements, temporary tables and LISTENs of the test that used it.
  await client.exec("DISCARD ALL");
}

/**
 * A test's in-memory database: an instance no other test is using, in the state migrations leave. Its queries are
 * refused once its test has closed it, so nothing a test left running reaches the next one's data; closing it
 * stops its LISTENs, empties it and gives it back to this worker's idle instances.
 */
async function pgliteForTest(dataDir: string): Promise<Database> {
  const client =
    idlePglite.pop() ?? (await openPglite({ inMemory: true, dataDir, snapshot: await pgliteSnapshot(dataDir) }));
  let open = true;
  const queries = new Proxy(client, {
    get(target, property) {
      if (!open) throw new Error("this test's database is closed");
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  const database = pgliteDatabase(client, queries);
  const listening = new Set<() => Promise<void>>();
  return {
    ...database,
    notifications: {
      ...database.notifications,
      async listen(channel, onPayload) {
        if (!open) throw new Error("this test's database is closed");
        const stop = await database.notifications.listen(channel, onPayload);
        const stopOnce = async () => {
          if (listening.delete(stopOnce)) await stop();
        };
        listening.add(stopOnce);
        return stopOnce;
      },
    },
    async close() {
      if (!open) return;
      open = false;
      for (const stop of [...listening]) await stop();
      await emptyPglite(client);
      idlePglite.push(client);
    },
  };
}

/** The address of database `name` on the PostgreSQL server of `server`. */
function databaseUrl(server: string, name: string): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

let postgresTemplate: Promise<string> | undefined;

/**
 * One migrated PostgreSQL database per set of migrations (its name holds their hash), made once on the server
 * and kept there: each test's database is a copy of it (CREATE DATABASE … TEMPLATE), a few times faster than
 * migrating every one. Test workers make it in turn (an advisory lock); it is built under another name and
 * renamed when done, so a run cut short never leaves a half-migrated template.
 */
function migratedTemplate(server: string, dataDir: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `tpl_${await migrationsHash()}`;
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    try {
      await admin.query("select pg_advisory_lock(hashtext($1))", [name]);
      const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (found.rowCount === 0) {
        const building = `${name}_${process.pid}`;
        await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
        await admin.query(`CREATE DATABASE ${building}`);
        const template = await openDatabase({ databaseUrl: databaseUrl(server, building), dataDir });
        await template.close();
        await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      }
    } finally {
      await admin.end();
    }
    return name;
  })();
  return postgresTemplate;
}

/** A fresh PostgreSQL database on the server of TEST_DATABASE_URL, a copy of the migrated template. */
async function freshPostgres(server: string, dataDir: string): Promise<{ url: string; drop(): Promise<void> }> {
  const template = await migratedTemplate(server, dataDir);
  const name = `t_${randomUUID().replace(/-/g, "")}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  await admin.end();
  return {
    url: databaseUrl(server, name),
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestDatabase {
  database: Database;
  close(): Promise<void>;
}

/**
 * A migrated database of its own for one test: when TEST_DATABASE_URL points at a PostgreSQL server, a new
 * database created there and dropped afterwards; otherwise in-memory PGlite, emptied for it (pgliteForTest).
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "orbitpost-test-"));
  const server = process.env.TEST_DATABASE_URL;
  const fresh = server ? await freshPostgres(server, dataDir) : undefined;
  const database = fresh ? await openDatabase({ databaseUrl: fresh.url, dataDir }) : await pgliteForTest(dataDir);
  return {
    database,
    async close() {
      await database.close();
      await fresh?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The app's state-changing /api routes take only requests with a trusted Origin, as browsers send. This makes
 * the app's `inject` add `origin` to every POST, PATCH, PUT and DELETE that does not name one itself; a test
 * sends another with `headers: { origin: "https://elsewhere.example" }`, or none with `headers: { origin: undefined }`.
 */
export function withOrigin<A extends App>(app: A, origin: string): A {
  const inject = app.inject.bind(app) as (opts?: unknown, callback?: unknown) => unknown;
  const withHeader = (opts: unknown) => {
    if (typeof opts !== "object" || opts === null) return opts;
    const o = opts as { method?: string; headers?: Record<string, unknown> };
    const headers = { ...o.headers };
    const named = Object.keys(headers).find((k) => k.toLowerCase() === "origin");
    if (named === undefined) {
      if (!SAFE_METHODS.has((o.method ?? "GET").toUpperCase())) headers.origin = origin;
    } else if (headers[named] === undefined) {
      delete headers[named];
    }
    return { ...o, headers };
  };
  app.inject = ((opts?: unknown, callback?: unknown) =>
    opts === undefined ? inject() : inject(withHeader(opts), callback)) as A["inject"];
  return app;
}

export interface TestApp {
  app: App;
  dataDir: string;
  db: Db;
  /** Another server process of the same deployment: its own app on the same database (closed with this one). */
  anotherServer(): Promise<App>;
  close(): Promise<void>;
}

/** A clock the test moves by hand, shared by the app and its sandbox. */
export function testClock(start = new Date()) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

export interface NetworkTestApp extends TestApp {
  baseUrl: string;
  sandbox: ReturnType<typeof createSandbox>["control"];
  clock: ReturnType<typeof testClock>;
  logs: string[];
}

/**
 * The app listening on a real port with its own sandbox, so network calls go over real HTTP,
 * with a movable clock and every log line captured.
 */
export async function createNetworkTestApp(
  env: Record<string, string> = {},
  extra: Partial<Pick<Parameters<typeof buildApp>[0], "fetchMedia">> = {},
): Promise<NetworkTestApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const clock = testClock();
  const sandbox = createSandbox({
    now: clock.now,
    redirectUris: (platform) => [`${baseUrl}${oauthCallbackPath(platform)}`],
  });
  const logs: string[] = [];
  const t = await createTestApp(
    { PUBLIC_URL: baseUrl, INTERNAL_URL: baseUrl, PORT: String(port), ...env },
    {
      sandbox,
      now: clock.now,
      // Production's log options (redaction, serializers) at trace level: what any level would write is captured.
      logger: loggerOptions({ logLevel: "trace" }, { write: (line: string) => logs.push(line) }),
      ...extra,
    },
  );
  await t.app.listen({ port, host: "127.0.0.1" });
  return { ...t, baseUrl, sandbox: sandbox.control, clock, logs };
}

export async function createTestApp(
  env: Record<string, string> = {},
  extra: Partial<
    Pick<Parameters<typeof buildApp>[0], "sandbox" | "now" | "logger" | "mediaStorage" | "fetchMedia">
  > = {},
): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "orbitpost-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    APP_SECRET: "test-secret-test-secret-test-secret-0123",
    PUBLIC_URL: TEST_ORIGIN,
    WEB_DIST: path.join(dataDir, "no-web-build"),
    AUTH_RATE_LIMIT: "1000",
    ...env,
  });
  const test = await openTestDatabase();
  const server = async () => {
    const built = withOrigin(
      await buildApp({ config, database: test.database, logger: false, ...extra }),
      new URL(config.publicUrl).origin,
    );
    await built.ready();
    return built;
  };
  const app = await server();
  const others: App[] = [];
  return {
    app,
    dataDir,
    db: test.database.db,
    async anotherServer() {
      const other = await server();
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await closeApp(other);
      await closeApp(app);
      await test.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookiesOf(res: { headers: Record<string, unknown> }): string {
  const raw = res.headers["set-cookie"];
  const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
  return list.map((c: string) => c.split(";")[0]).join("; ");
}

export const newUser = (overrides: Partial<{ name: string; email: string; password: string }> = {}) => ({
  name: "Ada Lovelace",
  email: `ada-${randomUUID().slice(0, 8)}@example.com`,
  password: "correct-horse",
  ...overrides,
});

export async function signUp(app: App, user = newUser()) {
  const res = await app.inject({ method: "POST", url: "/api/auth/sign-up/email", payload: user });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return user;
}

/** Signs a new user up and in; returns the user and the Cookie header of their session. */
export async function signedInUser(app: App, user = newUser()) {
  await signUp(app, user);
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    payload: { email: user.email, password: user.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { user, cookie: cookiesOf(res) };
}

/**
 * A new user made a member of `owner`'s workspace (the one the owner's browser has open) as `role`, working in
 * it: the row an accepted invitation makes, written directly. Apps that read roles afresh on every request
 * (SESSION_CACHE_SECONDS "0") see a later `setRole` at once.
 */
export async function joinWorkspace(t: TestApp, owner: { cookie: string }, role: WorkspaceRole) {
  const me = async (cookie: string) =>
    (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).json() as MeResponse;
  const workspaceId = (await me(owner.cookie)).workspace.id;
  const joined = await signedInUser(t.app);
  const userId = (await me(joined.cookie)).user.id;
  const memberId = `member-${randomUUID()}`;
  await t.db.insert(workspaceMembers).values({ id: memberId, workspaceId, userId, role });
  await t.db.update(sessions).set({ activeWorkspaceId: workspaceId }).where(eq(sessions.userId, userId));
  const setRole = async (next: WorkspaceRole) => {
    await t.db.update(workspaceMembers).set({ role: next }).where(eq(workspaceMembers.id, memberId));
  };
  return { ...joined, userId, workspaceId, setRole };
}
