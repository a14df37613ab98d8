import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "vitest";
import { openDatabase } from "../../src/db/client";
import { createRealtimeHub } from "../../src/realtime/hub";
import { createPostgresDatabase } from "../worker-fleet";

/** PostgreSQL only (this lane always has TEST_DATABASE_URL): the wake of scheduler-wake.test.ts between processes. */
test("on PostgreSQL the wake goes through LISTEN/NOTIFY to another connection's worker", async () => {
  const created = await createPostgresDatabase(process.env.TEST_DATABASE_URL as string, "wake");
  const dataDir = await mkdtemp(path.join(tmpdir(), "orbitpost-wake-"));
  // Two processes' databases: one pool and listening connection each.
  const one = await openDatabase({ databaseUrl: created.url, dataDir });
  const other = await openDatabase({ databaseUrl: created.url, dataDir });
  const api = createRealtimeHub({ relay: one.notifications });
  const worker = createRealtimeHub({ relay: other.notifications });
  try {
    await api.start();
    await worker.start();
    const woken = new Promise<void>((resolve) => worker.onDue(resolve));
    api.due();
    await woken;
  } finally {
    await api.stop();
    await worker.stop();
    await other.close();
    await one.close();
    await created.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
