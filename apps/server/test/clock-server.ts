/**
 * The app as `npm start` runs it (HTTP, the web app, the publishing and jobs workers, the built-in sandbox) with a
 * clock the browser tests move: POST /__clock { "advanceMs": n } moves it forward and answers the new time;
 * POST /__sandbox/comment has someone of the sandbox's audience comment now on an account's newest published
 * item. Only for tests (started by e2e specs with `tsx`); the product has no such routes.
 */
import { createSandbox } from "@app/sandbox";
import { oauthCallbackPath, PLATFORMS, type Platform } from "@app/shared";
import { buildApp, closeApp, sandboxMediaFetch } from "../src/app";
import { loadConfig } from "../src/config/env";
import { openDatabase } from "../src/db/client";
import { startInboxSchedule } from "../src/modules/inbox/inbox.jobs";
import { startMetricsSchedule } from "../src/modules/metrics/metrics.collector";
import { startNotificationSchedules } from "../src/modules/notifications/schedules";

let offsetMs = 0;
const now = () => new Date(Date.now() + offsetMs);

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
// The sandbox the app would make itself, kept here so the tests can make its audience speak.
const sandbox = createSandbox({
  now,
  secret: `sandbox:${config.appSecret}`,
  assetBase: config.publicUrl,
  fetch: sandboxMediaFetch(config),
  redirectUris: (platform) => [`${config.publicUrl}${oauthCallbackPath(platform)}`],
});
const app = await buildApp({ config, database, now, sandbox });
app.post<{ Body: { advanceMs?: unknown } }>("/__clock", async (request) => {
  const ms = Number(request.body?.advanceMs);
  if (!Number.isFinite(ms) || ms < 0) throw new Error("advanceMs must be a positive number");
  offsetMs += ms;
  return { now: now().toISOString() };
});
app.post<{ Body: { platform?: unknown; account?: unknown; username?: unknown; text?: unknown } }>(
  "/__sandbox/comment",
  async (request, reply) => {
    const { platform, account, username, text } = request.body ?? {};
    if (!PLATFORMS.includes(platform as Platform) || typeof account !== "string") {
      return reply.code(400).send({ error: "platform and account (the sandbox username) are needed" });
    }
    const item = sandbox.control
      .published(platform as Platform)
      .filter((i) => i.username === account)
      .at(-1);
    if (!item) return reply.code(404).send({ error: `nothing published by ${account} on ${platform}` });
    const comment = sandbox.control.comment(platform as Platform, item.id, {
      username: typeof username === "string" ? username : "ana.lopez",
      text: typeof text === "string" ? text : "Love this!",
    });
    return { key: comment.key, itemId: item.id };
  },
);
app.publishingWorker.start();
await startMetricsSchedule(database.db, now());
await startInboxSchedule(database.db, now());
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
