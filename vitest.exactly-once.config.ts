import { defineConfig } from "vitest/config";

/**
 * `npm run test:exactly-once`: worker processes killed while they publish, on PostgreSQL, and the workers' wake
 * through LISTEN/NOTIFY between processes. Not part of the
 * default projects (it needs a PostgreSQL server and takes a minute or two).
 */
if (!process.env.TEST_DATABASE_URL) {
  throw new Error(
    "npm run test:exactly-once needs TEST_DATABASE_URL, a PostgreSQL server it may create databases on " +
      "(e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres).",
  );
}

export default defineConfig({
  test: {
    name: "exactly-once",
    environment: "node",
    include: ["apps/server/test/exactly-once/**/*.test.ts"],
    testTimeout: 240_000,
    hookTimeout: 60_000,
  },
});
