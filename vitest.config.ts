import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // One test file per core at a time (Vitest's default leaves one core out: half the speed on two cores).
    maxWorkers: "100%",
    projects: [
      {
        test: {
          name: "server",
          environment: "node",
          include: ["apps/server/{src,test}/**/*.test.ts"],
          // Worker processes on PostgreSQL: npm run test:exactly-once.
          exclude: [...configDefaults.exclude, "apps/server/test/exactly-once/**"],
          // The upload test measures the memory the server keeps (after collecting garbage).
          execArgv: ["--expose-gc"],
          // The files of a worker share one module graph: the server's modules load once per worker rather than
          // once per file (seconds each), and so do the test helpers' migrated database and idle PGlite instances.
          // Every file builds its own app, database and clocks; no module of the server keeps state of its own.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "shared",
          environment: "node",
          // The web app's own import paths, as in its Vite config.
          alias: { "@": path.resolve(import.meta.dirname, "apps/web/src") },
          include: ["packages/*/src/**/*.test.ts", "apps/web/src/**/*.test.ts"],
        },
      },
    ],
  },
});
