import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction, or the database itself: what a query helper that may run inside one takes. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Queryable = Db | Tx;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** PGlite only: a dump of the whole database. */
  snapshot?: () => Promise<Blob>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/**
 * PostgreSQL when a URL is given; otherwise embedded PGlite, stored under dataDir
 * (or kept in memory for "memory://"). Migrations are applied before the database is returned.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** In-memory only: start from this dump of a database (tests copy one migrated database). */
  snapshot?: Blob;
}): Promise<Database> {
  if (opts.databaseUrl && opts.databaseUrl !== "memory://") {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
  }
  const client =
    opts.databaseUrl === "memory://"
      ? new PGlite(opts.snapshot ? { loadDataDir: opts.snapshot } : {})
      : new PGlite(path.join(opts.dataDir, "pglite"));
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    close: () => client.close(),
    snapshot: () => client.dumpDataDir("none"),
  };
}
