import { buildApp, closeApp } from "./app";
import { ConfigError, loadConfig } from "./config/env";
import { openDatabase } from "./db/client";
import { startInboxSchedule } from "./modules/inbox/inbox.jobs";
import { startMetricsSchedule } from "./modules/metrics/metrics.collector";
import { startNotificationSchedules } from "./modules/notifications/schedules";

/**
 * A standalone publishing worker (`npm run worker`): it publishes due posts and serves no HTTP. Any number
 * may run against one PostgreSQL database, next to servers started with PUBLISHING_WORKER=off. The embedded
 * database belongs to one process, so with it the server runs the worker itself.
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl || config.databaseUrl.startsWith("memory:")) {
    throw new ConfigError(
      "npm run worker needs DATABASE_URL (PostgreSQL). With the embedded database, `npm start` runs the worker itself.",
    );
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, database });
  await app.ready();
  app.publishingWorker.start();
  await startMetricsSchedule(database.db, new Date());
  await startInboxSchedule(database.db, new Date());
  await startNotificationSchedules(database.db, new Date());
  app.jobsWorker.start();
  app.log.info(`publishing worker ${app.publishingWorker.id} and jobs worker started`);

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, stopping the worker`);
    await Promise.all([app.publishingWorker.stop(), app.jobsWorker.stop()]);
    await closeApp(app);
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
