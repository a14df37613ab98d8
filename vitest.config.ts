import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
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
