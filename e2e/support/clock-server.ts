import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "@playwright/test";

/** How long the clock server may take to answer: tsx compiles the server first, 20 s and more on a busy machine. */
const START_TIMEOUT_MS = 120_000;

/**
 * A second server for the specs that move time: the app with a clock they set (apps/server/test/clock-server.ts),
 * its own port and data dir, the web app the main server built.
 */
export function clockServer(port: number) {
  const baseURL = `http://localhost:${port}`;
  let child: ChildProcess | undefined;
  return {
    baseURL,
    /** Called in a beforeAll hook, whose timeout it sets. */
    async start() {
      test.setTimeout(START_TIMEOUT_MS + 10_000);
      const root = path.resolve(import.meta.dirname, "../..");
      child = spawn(process.execPath, ["--import", "tsx", "apps/server/test/clock-server.ts"], {
        cwd: root,
        stdio: ["ignore", "ignore", "inherit"],
        env: {
          ...process.env,
          PORT: String(port),
          PUBLIC_URL: baseURL,
          DATA_DIR: mkdtempSync(path.join(tmpdir(), "orbitpost-e2e-clock-")),
          LOG_LEVEL: "warn",
          AUTH_RATE_LIMIT: "10000",
        },
      });
      for (let i = 0; i < START_TIMEOUT_MS / 100; i++) {
        const up = await fetch(`${baseURL}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`the clock server on ${baseURL} did not start`);
    },
    /** Moves the server's clock (and its sandbox's) forward. */
    async advance(ms: number) {
      const res = await fetch(`${baseURL}/__clock`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseURL },
        body: JSON.stringify({ advanceMs: ms }),
      });
      if (!res.ok) throw new Error(`clock: ${res.status} ${await res.text()}`);
    },
    /**
     * Someone of the sandbox's audience (`username`) comments now on the newest item the sandbox account
     * `account` published on `platform`: "a comment arrives" (the app reads it at its next collection).
     */
    async comment(platform: string, account: string, c: { username: string; text: string }) {
      const res = await fetch(`${baseURL}/__sandbox/comment`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: baseURL },
        body: JSON.stringify({ platform, account, ...c }),
      });
      if (!res.ok) throw new Error(`comment: ${res.status} ${await res.text()}`);
      return (await res.json()) as { key: string; itemId: string };
    },
    async stop() {
      if (!child || child.exitCode !== null) return;
      const exited = new Promise((r) => child?.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
