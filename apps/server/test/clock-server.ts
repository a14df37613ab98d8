/**
 * The app as `npm start` runs it (HTTP, the web app, the publishing and jobs workers, the built-in sandbox) with a
 * clock the browser tests move: POST /__clock { "advanceMs": n } moves it forward and answers the new time. Only
 * for tests (started by e2e specs with `tsx`); the product has no such route.
 */
import { buildApp, closeApp } from "../src/app";
import { loadConfig } from "../src/config/env";
import { openDatabase } from "../src/db/client";
import { startMetricsSchedule } from "../src/modules/metrics/metrics.collector";
import { startNotificationSchedules } from "../src/modules/notifications/schedules";

let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const app = await buildApp({ config, database, now });
app.post<{ Body: { advanceMs?: unknown } }>("/__clock", async (request) => {
  const ms = Number(request.body?.advanceMs);
  if (!Number.isFinite(ms) || ms < 0) throw new Error("advanceMs must be a positive number");
  offsetMs += ms;
  return { now: now().toISOString() };
});
app.publishingWorker.start();
await startMetricsSchedule(database.db, now());
await startNotificationSchedules(database.db, now());
app.jobsWorker.start();
await app.listen({ host: config.host, port: config.port });

const stop = async () => {
  await Promise.all([app.publishingWorker.stop(), app.jobsWorker.stop()]);
  await closeApp(app);
  await database.close();
  process.exit(0);
};
process.once("SIGTERM", () => void stop());
process.once("SIGINT", () => void stop());
