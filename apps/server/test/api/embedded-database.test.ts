import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config/env";
import { type Db, openDatabase } from "../../src/db/client";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});
const tempDir = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), "orbitpost-pglite-"));
  dirs.push(dir);
  return dir;
};

async function setting(db: Db, name: string): Promise<string> {
  const result = (await db.execute(sql`select current_setting(${name}) as value`)) as unknown as {
    rows: { value: string }[];
  };
  return result.rows[0]?.value as string;
}

describe("embedded database (PGlite) memory", () => {
  it("a new data directory is made outside the server's process, and PGlite runs with small shared buffers", async () => {
    const dataDir = await tempDir();
    const before = process.memoryUsage().external;
    const database = await openDatabase({ dataDir, databaseUrl: undefined });
    // Made in the server's process, initdb's two WebAssembly instances stay allocated (about 450 MB more).
    expect(process.memoryUsage().external - before).toBeLessThan(300 * 1024 * 1024);
    expect(existsSync(path.join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
    expect(database.kind).toBe("pglite");
    expect(await setting(database.db, "shared_buffers")).toBe("16MB");
    expect(await setting(database.db, "maintenance_work_mem")).toBe("16MB");
    // PGlite's own start parameters are kept.
    expect(await setting(database.db, "search_path")).toBe("public");
    await database.db.execute(sql`create table kept (note text)`);
    await database.db.execute(sql`insert into kept values ('still here')`);
    await database.close();

    // Opened again: the same data, with the size given.
    const again = await openDatabase({ dataDir, databaseUrl: undefined, sharedBuffersMb: 32 });
    expect(await setting(again.db, "shared_buffers")).toBe("32MB");
    const kept = (await again.db.execute(sql`select note from kept`)) as unknown as { rows: { note: string }[] };
    expect(kept.rows).toEqual([{ note: "still here" }]);
    await again.close();
  });

  it("an in-memory database has the same settings", async () => {
    const database = await openDatabase({ dataDir: await tempDir(), databaseUrl: "memory://", sharedBuffersMb: 8 });
    expect(await setting(database.db, "shared_buffers")).toBe("8MB");
    await database.close();
  });

  it("PGLITE_SHARED_BUFFERS_MB sets the size: 16 unless given, a whole number of MB from 1", async () => {
    const dataDir = await tempDir();
    expect(loadConfig({ DATA_DIR: dataDir }).pgliteSharedBuffersMb).toBe(16);
    expect(loadConfig({ DATA_DIR: dataDir, PGLITE_SHARED_BUFFERS_MB: "48" }).pgliteSharedBuffersMb).toBe(48);
    for (const bad of ["0", "1.5", "lots"])
      expect(() => loadConfig({ DATA_DIR: dataDir, PGLITE_SHARED_BUFFERS_MB: bad })).toThrow(ConfigError);
  });
});
