import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "server",
          environment: "node",
          include: ["apps/server/{src,test}/**/*.test.ts"],
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
          include: ["packages/*/src/**/*.test.ts", "apps/web/src/**/*.test.ts"],
        },
      },
    ],
  },
});
