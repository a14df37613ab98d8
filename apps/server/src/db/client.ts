import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { PGLITE_SHARED_BUFFERS_MB } from "../config/env";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, or the database itself: what a query helper that may run inside one takes. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Queryable = Db | Tx;

/** The rows of a raw `execute()` (the same shape on PGlite and node-postgres). */
export const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

/** PostgreSQL's LISTEN/NOTIFY: messages between the processes that share a database. */
export interface Notifications {
  /** Delivers each payload sent on `channel`; resolves to a function that stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  notifications: Notifications;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * PGlite's start parameters with the memory settings of this server. Shared buffers (PostgreSQL's page cache)
 * live in PGlite's WebAssembly memory, which never shrinks: PGlite's own default of 128 MB ends up resident.
 */
function pgliteStartParams(sharedBuffersMb: number): string[] {
  return [
    ...PGlite.defaultStartParams,
    "-c",
    `shared_buffers=${sharedBuffersMb}MB`,
    // Index builds (migrations) take at most this much; PostgreSQL's default is 64 MB.
    "-c",
    "maintenance_work_mem=16MB",
  ];
}

/**
 * A new PGlite data directory is made in a process of its own. Creating one runs initdb in two more
 * WebAssembly instances whose memory (about 450 MB) would otherwise stay resident in the server for good.
 */
async function createPgliteDir(dir: string): Promise<void> {
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  const pgliteEntry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
  const script = [
    `const { PGlite } = require(${JSON.stringify(pgliteEntry)});`,
    "(async () => {",
    "  const pg = new PGlite(process.env.PGLITE_DIR);",
    "  await pg.waitReady;",
    "  await pg.close();",
    "})().catch((err) => { console.error(err); process.exit(1); });",
  ].join("\n");
  try {
    await promisify(execFile)(process.execPath, ["-e", script], {
      env: { ...process.env, PGLITE_DIR: dir, NODE_OPTIONS: "" },
    });
  } catch (err) {
    const stderr = (err as { stderr?: string }).stderr?.trim();
    throw new Error(`Could not create the embedded database in ${dir}${stderr ? `: ${stderr}` : ""}`);
  }
}

/**
 * PostgreSQL when a URL is given; otherwise embedded PGlite, stored under dataDir
 * (or kept in memory for "memory://"). Migrations are applied before the database is returned.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite only: its shared buffers in MB (PGLITE_SHARED_BUFFERS_MB). */
  sharedBuffersMb?: number;
}): Promise<Database> {
  if (opts.databaseUrl && opts.databaseUrl !== "memory://") {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection that drops (a database restart, a closing pool) is discarded by the pool and the next
    // query opens a new one; without a listener the pool's "error" event would end the process.
    pool.on("error", () => {});
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    const notifications = postgresNotifications(opts.databaseUrl, pool);
    return {
      db: db as unknown as Db,
      kind: "postgres",
      notifications,
      close: async () => {
        await notifications.close();
        await pool.end();
      },
    };
  }
  return pgliteDatabase(await openPglite({ ...opts, inMemory: opts.databaseUrl === "memory://" }));
}

/** A migrated PGlite client: in memory or stored under dataDir. */
export async function openPglite(opts: {
  inMemory: boolean;
  dataDir: string;
  /** In memory only: start from this dump of a database (tests copy one migrated database). */
  snapshot?: Blob;
  /** Its shared buffers in MB (PGLITE_SHARED_BUFFERS_MB). */
  sharedBuffersMb?: number;
}): Promise<PGlite> {
  const startParams = pgliteStartParams(opts.sharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB);
  let client: PGlite;
  if (opts.inMemory) {
    client = new PGlite(opts.snapshot ? { loadDataDir: opts.snapshot, startParams } : { startParams });
  } else {
    const dir = path.join(opts.dataDir, "pglite");
    await createPgliteDir(dir);
    client = new PGlite(dir, { startParams });
  }
  await migratePglite(drizzlePglite(client), { migrationsFolder });
  return client;
}

/**
 * The Database of an open PGlite client. Queries (NOTIFY among them) go through `queries`: the client itself unless
 * given (tests pass a stand-in that refuses queries once their test is over); LISTEN and closing use the client.
 */
export function pgliteDatabase(client: PGlite, queries: PGlite = client): Database {
  return {
    db: drizzlePglite(queries, { schema }) as unknown as Db,
    kind: "pglite",
    notifications: {
      listen: async (channel, onPayload) => {
        const stop = await client.listen(channel, onPayload);
        return () => stop();
      },
      notify: async (channel, payload) => {
        await queries.query("select pg_notify($1, $2)", [channel, payload]);
      },
    },
    close: () => client.close(),
  };
}

const RELISTEN_DELAY_MS = 2_000;

/**
 * LISTEN needs a connection of its own for as long as it listens: one client, opened on the first
 * listen and reopened (with every channel) after it drops. NOTIFY goes through the pool.
 */
function postgresNotifications(connectionString: string, pool: pg.Pool): Notifications & { close(): Promise<void> } {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString });
      c.on("notification", (msg) => {
        for (const handler of handlers.get(msg.channel) ?? []) handler(msg.payload ?? "");
      });
      c.on("error", () => {
        // The connection is gone: forget it and listen again on a new one.
        client = undefined;
        connecting = undefined;
        c.end().catch(() => {});
        if (!closed && handlers.size) setTimeout(() => void relisten(), RELISTEN_DELAY_MS).unref();
      });
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      client = c;
      return c;
    })();
    return connecting;
  };

  const relisten = () =>
    connect().catch(() => {
      connecting = undefined;
      if (!closed) setTimeout(() => void relisten(), RELISTEN_DELAY_MS).unref();
    });

  return {
    async listen(channel, onPayload) {
      const fresh = !handlers.has(channel);
      const set = handlers.get(channel) ?? new Set();
      set.add(onPayload);
      handlers.set(channel, set);
      const c = client ?? (await connect());
      if (fresh && client === c) await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set.delete(onPayload);
        if (set.size) return;
        handlers.delete(channel);
        await client?.query(`UNLISTEN ${pg.escapeIdentifier(channel)}`).catch(() => {});
      };
    },
    async notify(channel, payload) {
      await pool.query("select pg_notify($1, $2)", [channel, payload]);
    },
    async close() {
      closed = true;
      handlers.clear();
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
