/**
 * The server as `npm start` runs it, in a child process of a benchmark: the compiled build
 * (apps/server/dist/main.js) when there is one, else the TypeScript sources through tsx (BENCH_SERVER=dist or
 * src chooses). The embedded database in a fresh data directory by default; on PostgreSQL when DATABASE_URL
 * names a server: a new database is made there for the run and dropped afterwards.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const probe = pathToFileURL(path.join(root, "bench/memory/probe.mjs")).href;

export interface MemoryFigures {
  /** resident set size of the server process, MB */
  rss: number;
  /** from process.memoryUsage() inside the server, MB */
  heapUsed?: number;
  heapTotal?: number;
  external?: number;
  arrayBuffers?: number;
  /** BENCH_SMAPS=1 (Linux): the largest resident mappings, "rss of size MB", to tell PGlite's memory from the rest */
  mappings?: string[];
}

export interface BenchServer {
  base: string;
  database: "pglite" | "postgres";
  /** how the server runs: "dist" (node on the build) or "src" (tsx) */
  runs: "dist" | "src";
  memory(): Promise<MemoryFigures>;
  stop(): Promise<void>;
}

const round = (x: number) => Math.round(x * 10) / 10;

function rssMb(pid: number): number {
  try {
    const status = execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" });
    return round(Number(status.trim()) / 1024);
  } catch {
    return Number.NaN;
  }
}

/**
 * The process's largest resident mappings. PGlite's WebAssembly memory is one anonymous read-write mapping of
 * its memory's size (128 MB at least); V8's heap is many small ones, the C library's arenas a few of 64 MB or less.
 */
function largestMappings(pid: number, count = 6): string[] {
  try {
    const maps: { head: string; size: number; rss: number }[] = [];
    for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
      const range = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
      if (range) {
        const size = (Number.parseInt(range[2] as string, 16) - Number.parseInt(range[1] as string, 16)) / 1048576;
        maps.push({ head: `${range[3]} ${range[4] || "[anon]"}`, size, rss: 0 });
      } else if (line.startsWith("Rss:")) {
        const last = maps[maps.length - 1];
        if (last) last.rss = Number(line.split(/\s+/)[1]) / 1024;
      }
    }
    return maps
      .sort((a, b) => b.rss - a.rss)
      .slice(0, count)
      .map((m) => `${round(m.rss)} of ${round(m.size)} ${m.head}`);
  } catch {
    return [];
  }
}

async function freshPostgres(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * The environment `npm start` gives the server (apps/server/package.json's start script: NODE_ENV and the C
 * library's memory settings), so the server measured here runs as users run it.
 */
function startScriptEnv(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(root, "apps/server/package.json"), "utf8")) as {
    scripts: { start: string };
  };
  const before = pkg.scripts.start.split(/\s+node\s/)[0] ?? "";
  return Object.fromEntries([...before.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1] as string, m[2] as string]));
}

export async function startServer(opts: { env?: Record<string, string> } = {}): Promise<BenchServer> {
  const dist = path.join(root, "apps/server/dist/main.js");
  const runs: "dist" | "src" =
    process.env.BENCH_SERVER === "src" || process.env.BENCH_SERVER === "dist"
      ? process.env.BENCH_SERVER
      : existsSync(dist)
        ? "dist"
        : "src";
  const dataDir = await mkdtemp(path.join(tmpdir(), "orbitpost-load-"));
  const postgres = process.env.DATABASE_URL ? await freshPostgres(process.env.DATABASE_URL) : undefined;
  const port = 3600 + Math.floor(Math.random() * 300);
  const base = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS: more options for the server's node, e.g. "--cpu-prof --cpu-prof-dir=prof" to profile it.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const args =
    runs === "dist"
      ? [...nodeArgs, "--import", probe, dist]
      : [...nodeArgs, "--import", "tsx", "--import", probe, path.join(root, "apps/server/src/main.ts")];
  const env: Record<string, string | undefined> = {
    ...process.env,
    ...startScriptEnv(),
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DATABASE_URL: postgres?.url,
    ...opts.env,
  };
  if (!env.DATABASE_URL) delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, args, { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });

  // The probe answers SIGUSR2 with a line of process.memoryUsage() on stderr; other lines are the server's log.
  let probeLine: ((figures: Omit<MemoryFigures, "rss">) => void) | undefined;
  let log = "";
  const onOutput = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) {
      if (line.startsWith("memory-probe ")) probeLine?.(JSON.parse(line.slice("memory-probe ".length)));
      else if (line.trim() && log.length < 20_000) log += `${line}\n`;
    }
  };
  child.stdout?.on("data", onOutput);
  child.stderr?.on("data", onOutput);
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server stopped while starting:\n${log}`);
    }
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer within 120 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    base,
    database: postgres ? "postgres" : "pglite",
    runs,
    async memory() {
      const pid = child.pid as number;
      const inside = await new Promise<Omit<MemoryFigures, "rss">>((resolve) => {
        const timer = setTimeout(() => resolve({}), 2_000);
        probeLine = (figures) => {
          clearTimeout(timer);
          resolve(figures);
        };
        child.kill("SIGUSR2");
      });
      probeLine = undefined;
      const { rss: _inner, ...rest } = inside as MemoryFigures;
      const mappings = process.env.BENCH_SMAPS === "1" ? { mappings: largestMappings(pid) } : {};
      return { rss: rssMb(pid), ...rest, ...mappings };
    },
    stop,
  };
}

/** A signed-in user of the server (sign-up, then sign-in): the headers its requests carry. */
export async function signUp(base: string): Promise<{ cookie: string; headers: Record<string, string> }> {
  const user = { name: "Load", email: `load-${Date.now()}@example.com`, password: "load-bench-password-1" };
  const json = { "content-type": "application/json", origin: base };
  const up = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify(user),
  });
  if (!up.ok) throw new Error(`sign-up: ${up.status} ${await up.text()}`);
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  if (!signIn.ok) throw new Error(`sign-in: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, headers: { ...json, cookie } };
}
