/**
 * bench/memory: the server's memory at idle, as `npm start` runs it, with a breakdown: V8's heap, memory outside
 * it (PGlite's WebAssembly memory is an ArrayBuffer of 128 MB or more, of which only what was touched is resident)
 * and, on Linux, the largest resident mappings. Measured for the compiled build and for tsx on the sources when
 * both can run (the difference is the transpiler's). Embedded database unless DATABASE_URL names a PostgreSQL
 * server. Target: 300 MB RSS at idle on the embedded database.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type MemoryFigures, startServer } from "../load/server";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const IDLE_MS = Number(process.env.MEMORY_IDLE_MS ?? 10_000);

async function idle(runs: "dist" | "src"): Promise<MemoryFigures & { database: string }> {
  process.env.BENCH_SERVER = runs;
  process.env.BENCH_SMAPS ??= "1";
  const server = await startServer();
  try {
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return { database: server.database, ...(await server.memory()) };
  } finally {
    await server.stop();
  }
}

async function main() {
  const ways: ("dist" | "src")[] = existsSync(path.join(root, "apps/server/dist/main.js")) ? ["dist", "src"] : ["src"];
  const idle_mb: Record<string, MemoryFigures> = {};
  for (const way of ways) idle_mb[way === "dist" ? "node_build" : "tsx_sources"] = await idle(way);
  console.log(JSON.stringify({ bench: "memory", idle_mb, target_rss_mb: 300 }));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
