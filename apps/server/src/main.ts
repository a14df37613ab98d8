import { buildApp, closeApp } from "./app";
import { ConfigError, loadConfig } from "./config/env";
import { openDatabase } from "./db/client";
import { startInboxSchedule } from "./modules/inbox/inbox.jobs";
import { startMetricsSchedule } from "./modules/metrics/metrics.collector";
import { startNotificationSchedules } from "./modules/notifications/schedules";

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    sharedBuffersMb: config.pgliteSharedBuffersMb,
  });
  const app = await buildApp({ config, database });

  // Tokens are renewed before they expire; a failed round is logged and the next one tries again.
  const sweep = setInterval(() => {
    app.accounts
      .refreshDue()
      .then((r) => (r.renewed || r.rejected || r.failed) && app.log.info(r, "token refresh sweep"))
      .catch((err) => app.log.error({ err }, "token refresh sweep failed"));
  }, config.refreshSweepMs);
  sweep.unref();

  // Scheduled posts go out from here unless separate workers do it (PUBLISHING_WORKER=off).
  if (config.publishingWorker) {
    app.publishingWorker.start();
    // Results are collected by the same processes: the schedule queues the polls, the jobs worker runs them.
    await startMetricsSchedule(database.db, new Date());
    await startInboxSchedule(database.db, new Date());
    await startNotificationSchedules(database.db, new Date());
    app.jobsWorker.start();
  }

  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    clearInterval(sweep);
    await Promise.all([app.publishingWorker.stop(), app.jobsWorker.stop()]);
    await closeApp(app);
    await database.close();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`serving on ${config.publicUrl} (database: ${database.kind})`);
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
