import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

// One fresh data dir (database, outbox) per run; worker processes inherit it through the environment.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "orbitpost-e2e-"));
const port = Number(process.env.E2E_PORT ?? 3457);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: "./tests",
  outputDir: "../test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    // The server takes state-changing /api requests only with its own Origin. The browser sends it by itself;
    // Playwright's API requests (page.request, used to sign up and to set data up) do not, so it is set here.
    extraHTTPHeaders: { origin: baseURL },
    ...devices["Desktop Chrome"],
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  webServer: {
    // Started the way a user starts it: `npm start` builds the web app and serves everything.
    command: "npm start",
    cwd: "..",
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      // Every test signs a new user up and in from the same address.
      AUTH_RATE_LIMIT: "10000",
      // The webhook tests' receiver listens on 127.0.0.1.
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    },
  },
});
