import path from "node:path";
import { createSandbox } from "@app/sandbox";
import { AUTH_MESSAGES, ERROR_CODES, oauthCallbackPath } from "@app/shared";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyServerOptions } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config/env";
import type { Database } from "./db/client";
import { createMailer, type Mailer } from "./email/mailer";
import { AppError, clientErrorHandler, frameworkErrors, registerErrorHandler } from "./http/errors";
import { registerBodyParsers } from "./http/json-body";
import { loggerOptions } from "./http/logging";
import { registerOpenApi } from "./http/openapi";
import { databaseRateLimitStore } from "./http/rate-limit-store";
import { registerSecurity } from "./http/security";
import { registerSpa } from "./http/spa";
import { createCipher, createLinkSigner } from "./lib/crypto";
import type { FetchedFile } from "./lib/safe-fetch";
import { createAccountsRepo } from "./modules/accounts/accounts.repo";
import { accountsRoutes } from "./modules/accounts/accounts.routes";
import { type AccountsService, createAccountsService } from "./modules/accounts/accounts.service";
import { createApiKeysRepo } from "./modules/api-keys/api-keys.repo";
import { apiKeysRoutes } from "./modules/api-keys/api-keys.routes";
import { createApiKeysService } from "./modules/api-keys/api-keys.service";
import { createAuth } from "./modules/auth/auth";
import { authRoutes } from "./modules/auth/auth.routes";
import { billingRoutes } from "./modules/billing/billing.routes";
import { createBillingService } from "./modules/billing/billing.service";
import { usageRoutes } from "./modules/billing/usage.routes";
import { createCampaignsRepo } from "./modules/campaigns/campaigns.repo";
import { campaignsRoutes } from "./modules/campaigns/campaigns.routes";
import { createCampaignsService } from "./modules/campaigns/campaigns.service";
import { createHashtagGroupsRepo } from "./modules/hashtag-groups/hashtag-groups.repo";
import { hashtagGroupsRoutes } from "./modules/hashtag-groups/hashtag-groups.routes";
import { createHashtagGroupsService } from "./modules/hashtag-groups/hashtag-groups.service";
import { healthRoutes } from "./modules/health/health.routes";
import { inboxJobHandlers } from "./modules/inbox/inbox.jobs";
import { createInboxRepo } from "./modules/inbox/inbox.repo";
import { inboxRoutes } from "./modules/inbox/inbox.routes";
import { createInboxService } from "./modules/inbox/inbox.service";
import { createInboxThread } from "./modules/inbox/inbox.thread";
import { inboxWebhookRoutes } from "./modules/inbox/inbox.webhooks.routes";
import { mcpRoutes } from "./modules/mcp/mcp.routes";
import { createMediaRepo } from "./modules/media/media.repo";
import { mediaRoutes } from "./modules/media/media.routes";
import { createMediaService } from "./modules/media/media.service";
import { createMediaStorage, type MediaStorage } from "./modules/media/media.storage";
import { metricsJobHandlers } from "./modules/metrics/metrics.collector";
import { createMetricsRepo } from "./modules/metrics/metrics.repo";
import { announceNotifications } from "./modules/notifications/announce";
import { emailJobHandlers } from "./modules/notifications/email.jobs";
import { notificationsRoutes } from "./modules/notifications/notifications.routes";
import { createNotificationsService } from "./modules/notifications/notifications.service";
import { notificationPreferencesRoutes } from "./modules/notifications/preferences.routes";
import { reminderJobHandlers } from "./modules/notifications/reminders.jobs";
import { createPostCsvRepo } from "./modules/post-csv/post-csv.repo";
import { postCsvRoutes } from "./modules/post-csv/post-csv.routes";
import { createPostCsvService } from "./modules/post-csv/post-csv.service";
import { approvalsRoutes } from "./modules/posts/approvals.routes";
import { createApprovalsService } from "./modules/posts/approvals.service";
import { createPostActivityRepo } from "./modules/posts/post-activity.repo";
import { createPostsRepo } from "./modules/posts/posts.repo";
import { postsRoutes } from "./modules/posts/posts.routes";
import { createPostsService } from "./modules/posts/posts.service";
import { profileRoutes } from "./modules/profile/profile.routes";
import { mirrorPublicRoutes } from "./modules/public-api/mirror";
import { firstCommentJobHandlers } from "./modules/publishing/first-comment";
import { createPublisher } from "./modules/publishing/publishing.service";
import { createQueueSlotsRepo } from "./modules/queue/queue.repo";
import { queueRoutes } from "./modules/queue/queue.routes";
import { createQueueService } from "./modules/queue/queue.service";
import { analyticsRoutes } from "./modules/results/analytics.routes";
import { createAnalyticsService } from "./modules/results/analytics.service";
import { overviewRoutes } from "./modules/results/overview.routes";
import { securityRoutes } from "./modules/security/security.routes";
import { createTasksRepo } from "./modules/tasks/tasks.repo";
import { tasksRoutes } from "./modules/tasks/tasks.routes";
import { createTasksService } from "./modules/tasks/tasks.service";
import { userAccountRoutes } from "./modules/user-account/user-account.routes";
import { createWebhookSender, webhookJobHandlers } from "./modules/webhooks/webhook-delivery";
import { createWebhooksRepo } from "./modules/webhooks/webhooks.repo";
import { webhooksRoutes } from "./modules/webhooks/webhooks.routes";
import { createWebhooksService } from "./modules/webhooks/webhooks.service";
import { createWorkspacesRepo } from "./modules/workspaces/workspaces.repo";
import { workspacesRoutes } from "./modules/workspaces/workspaces.routes";
import { createWorkspacesService } from "./modules/workspaces/workspaces.service";
import { createPlatformRegistry } from "./platforms/registry";
import { eventsRoutes } from "./realtime/events.routes";
import { createRealtimeHub } from "./realtime/hub";
import { createJobsRepo } from "./worker/jobs.repo";
import { createJobsWorker } from "./worker/jobs-worker";
import { createPublishingWorker, type Publisher, type PublishingWorker } from "./worker/publishing-worker";
import { createQueueRepo } from "./worker/queue.repo";

declare module "fastify" {
  interface FastifyInstance {
    accounts: AccountsService;
    /** what the publishing workers publish with (main.ts and worker.ts run them) */
    publisher: Publisher;
    /** a publishing worker for this process, not started (main.ts and worker.ts start it) */
    publishingWorker: PublishingWorker;
    jobsWorker: ReturnType<typeof createJobsWorker>;
  }
}

export const VERSION = "0.1.0";

/** What is worth compressing on the fly: JSON, text (but the event stream), JavaScript, XML and SVG. */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|^application\/javascript(?:;|$)/;

export interface AppDeps {
  config: Config;
  database: Database;
  /** Defaults to SMTP or the outbox, as configured. */
  mailer?: Mailer;
  logger?: FastifyServerOptions["logger"];
  /** The network sandbox to serve (tests pass theirs to control it); by default one is made when enabled. */
  sandbox?: ReturnType<typeof createSandbox>;
  /** The clock of every time rule (tests move it). */
  now?: () => Date;
  /** Defaults to the storage the configuration names (local disk or S3). */
  mediaStorage?: MediaStorage;
  /** How a CSV import fetches media named by web address; by default safeFetch (public addresses only). */
  fetchMedia?: (url: string) => Promise<FetchedFile>;
}

/** The whole HTTP app, not listening: main.ts listens, tests call inject(). */
export async function buildApp(deps: AppDeps) {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Signed media links travel in the path (networks fetch them); they are longer than Fastify's 100.
    routerOptions: { maxParamLength: 600 },
    // Failures before a route is chosen, and requests Node's parser refuses, answer in the app's error shape.
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("workspace", null);
  app.decorateRequest("apiKey", null);

  registerErrorHandler(app);
  registerBodyParsers(app);
  // Answers of 1 KB or more go out compressed (brotli, else gzip) when the client accepts it. It applies to the
  // routes registered after it, so it comes first. Not compressed: the event stream (written to the socket
  // itself, event by event), byte ranges, media (images and videos are compressed already; unknown binary
  // types are left out here too), and the web app's files that have a copy compressed at build (spa.ts).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
    customTypes: COMPRESSIBLE_TYPES,
    // Request bodies are read as sent, never inflated (the body limit counts what arrives).
    globalDecompression: false,
  });
  await registerSecurity(app, config);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, across every server process; routes of one group (an API key's: /api/v1 and the
    // MCP server) share their counters.
    store: databaseRateLimitStore(database.db, deps.now),
    // The standard RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset headers (and Retry-After on a 429).
    enableDraftSpec: true,
    // What it returns is thrown, and answered by the error handler like any other error.
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        ERROR_CODES.rateLimited,
        `${AUTH_MESSAGES.tooManyRequests} (retry in ${Math.ceil(context.ttl / 1000)} s)`,
      ),
  });
  await registerOpenApi(app, VERSION);
  // The public API (issue 24): the routes of public-api/public-routes.ts, registered below, are mirrored under
  // /api/v1 for API keys. Its hook must be in place before they register.
  mirrorPublicRoutes(app, { db: database.db, config, now: deps.now });

  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger: app.log });
  const auth = createAuth({ db: database.db, config, mailer, log: app.log, now: deps.now });

  await app.register(healthRoutes, { database, version: VERSION, now: deps.now });
  await app.register(authRoutes, { auth, config, db: database.db, now: deps.now });

  // Several processes on one PostgreSQL pass each other their users' changes; PGlite has only this one.
  const hub = createRealtimeHub({
    relay: database.kind === "postgres" ? database.notifications : undefined,
    onError: (err) => app.log.warn({ err }, "realtime relay failed"),
  });
  await hub.start();
  app.addHook("onClose", () => hub.stop());
  const workspaces = createWorkspacesService({
    db: database.db,
    repo: createWorkspacesRepo(database.db),
    hub,
    mailer,
    publicUrl: config.publicUrl,
    sessionsChanged: () => auth.sessionCache.clear(),
    now: deps.now,
  });
  await app.register(workspacesRoutes, { auth, service: workspaces, authRateLimit: config.authRateLimit });
  const accountsRepo = createAccountsRepo(database.db);
  const accounts = createAccountsService({
    db: database.db,
    repo: accountsRepo,
    registry: createPlatformRegistry(config, deps.now),
    cipher: createCipher(config.appSecret),
    hub,
    publicUrl: config.publicUrl,
    now: deps.now,
  });
  app.decorate("accounts", accounts);
  await app.register(accountsRoutes, { auth, service: accounts });

  const mediaRepo = createMediaRepo(database.db);
  const media = createMediaService({
    db: database.db,
    repo: mediaRepo,
    storage: deps.mediaStorage ?? createMediaStorage(config.media),
    hub,
    tmpDir: path.join(config.dataDir, "tmp", "uploads"),
    publicUrl: config.publicUrl,
    links: createLinkSigner(config.appSecret, "public-media"),
    now: deps.now,
  });
  await media.sweepTemporaryFiles();
  await app.register(mediaRoutes, { auth, service: media });

  const postsRepo = createPostsRepo(database.db);
  app.decorate("publisher", createPublisher({ posts: postsRepo, media, accounts }));
  const postActivity = createPostActivityRepo(database.db);
  // The queue of time slots: Add to queue (in the posts service) plans with it.
  const queue = createQueueService({ repo: createQueueSlotsRepo(database.db), hub, now: deps.now });
  const posts = createPostsService({
    db: database.db,
    queue,
    repo: postsRepo,
    activity: postActivity,
    accounts: accountsRepo,
    media: mediaRepo,
    hub,
    now: deps.now,
  });
  await app.register(postsRoutes, { auth, service: posts });
  await app.register(queueRoutes, { auth, service: queue, posts });
  const approvals = createApprovalsService({ repo: postsRepo, activity: postActivity, hub, now: deps.now });
  await app.register(approvalsRoutes, { auth, posts, approvals });
  // Posts in and out by CSV (issue 23): through the posts service, with the composer's rights and rules.
  const postCsv = createPostCsvService({
    repo: createPostCsvRepo(database.db),
    posts,
    media,
    fetchMedia: deps.fetchMedia,
    log: app.log,
    now: deps.now,
  });
  await app.register(postCsvRoutes, { auth, service: postCsv });
  const notifications = createNotificationsService({ db: database.db, hub, now: deps.now });
  await app.register(notificationsRoutes, { auth, service: notifications });
  const tasks = createTasksService({ repo: createTasksRepo(database.db), hub, now: deps.now });
  await app.register(tasksRoutes, { auth, service: tasks });
  // Campaigns: posts grouped under a name, a colour and dates, with their results added up.
  const campaigns = createCampaignsService({ repo: createCampaignsRepo(database.db), hub, now: deps.now });
  await app.register(campaignsRoutes, { auth, service: campaigns });
  // Saved hashtag groups: the composer adds one's hashtags to a post in one click.
  const hashtagGroups = createHashtagGroupsService({ repo: createHashtagGroupsRepo(database.db), now: deps.now });
  await app.register(hashtagGroupsRoutes, { auth, service: hashtagGroups });
  // API keys (issue 24): Settings → API keys, with the session only (never mirrored under /api/v1).
  const apiKeysService = createApiKeysService({ repo: createApiKeysRepo(database.db), now: deps.now });
  await app.register(apiKeysRoutes, { auth, service: apiKeysService });
  // Webhooks (issue 24): the workspace's endpoints, told of its events by signed deliveries (sent by the jobs worker).
  const webhookDeps = {
    repo: createWebhooksRepo(database.db),
    cipher: createCipher(config.appSecret),
    allowPrivateUrls: config.webhooks.allowPrivateUrls,
    now: deps.now,
  };
  const webhooks = createWebhooksService({ ...webhookDeps, sender: createWebhookSender(webhookDeps) });
  await app.register(webhooksRoutes, { auth, service: webhooks });
  // Engagement → Inbox: the comments collected from the networks (their collection runs in the jobs worker).
  const inbox = createInboxService({
    repo: createInboxRepo(database.db),
    thread: createInboxThread(database.db),
    accounts,
    hub,
    now: deps.now,
  });
  await app.register(inboxRoutes, { auth, service: inbox });
  // The signed-in user's own settings: profile, security, notification preferences, their account's data.
  const userRoutesDeps = { auth, db: database.db, config, mailer, hub, now: deps.now };
  await app.register(profileRoutes, userRoutesDeps);
  await app.register(securityRoutes, userRoutesDeps);
  await app.register(notificationPreferencesRoutes, userRoutesDeps);
  await app.register(userAccountRoutes, userRoutesDeps);
  // Results: every figure computed from the stored snapshots.
  await app.register(overviewRoutes, { auth, db: database.db, now: deps.now });
  await app.register(analyticsRoutes, { auth, db: database.db, now: deps.now });
  // The MCP server (issue 24): AI assistants act with an API key through the same services.
  await app.register(mcpRoutes, {
    db: database.db,
    config,
    accounts,
    posts,
    media,
    inbox,
    analytics: createAnalyticsService({ db: database.db, now: deps.now }),
    fetchMedia: deps.fetchMedia,
    version: VERSION,
    now: deps.now,
  });
  app.decorate(
    "publishingWorker",
    createPublishingWorker({
      queue: createQueueRepo(database.db),
      publisher: app.publisher,
      now: deps.now,
      ...config.publishing,
      onSettled: (target, result) => {
        posts.announce(target.workspaceId, target.postId);
        if (result.notified) notifications.announce(target.workspaceId);
      },
      onError: (err) => app.log.error({ err }, "publishing worker error"),
      wakeOn: hub.onDue,
    }),
  );
  // Background jobs (results from the networks, the inbox, notifications' e-mails and reminders), run by the same
  // processes as publishing.
  const notificationJobsDeps = { db: database.db, config, mailer, hub, now: deps.now };
  app.decorate(
    "jobsWorker",
    createJobsWorker({
      repo: createJobsRepo(database.db),
      handlers: {
        ...metricsJobHandlers({
          db: database.db,
          repo: createMetricsRepo(database.db),
          accounts,
          xPolling: config.xMetrics,
          retentionDays: config.metricsRetentionDays,
          now: deps.now,
          notified: (workspaceId) => announceNotifications(hub, workspaceId),
        }),
        // The inbox: comments read on a schedule (and when a webhook says), replies sent exactly once.
        ...inboxJobHandlers({
          db: database.db,
          accounts,
          hub,
          xReadsPerAccount: config.inbox.xReadsPerAccount,
          now: deps.now,
        }),
        // The first comment of a post just published, posted once (issue 23).
        ...firstCommentJobHandlers({ db: database.db, accounts, hub, now: deps.now }),
        // Webhook deliveries: each attempt once, retried on the schedule of WEBHOOK_ATTEMPT_OFFSETS_MS.
        ...webhookJobHandlers(webhookDeps),
        // Notifications: the e-mails sent at once, the daily digest, the reminders (tasks due, trials ending).
        ...emailJobHandlers(notificationJobsDeps),
        ...reminderJobHandlers(notificationJobsDeps),
      },
      now: deps.now,
      onError: (err) => app.log.error({ err }, "jobs worker error"),
    }),
  );
  await app.register(usageRoutes, { auth, db: database.db, accounts: accountsRepo, posts, now: deps.now });
  const billing = createBillingService({
    db: database.db,
    billing: config.billing,
    publicUrl: config.publicUrl,
    now: deps.now,
    log: app.log,
    notified: (workspaceId) => announceNotifications(hub, workspaceId),
  });
  await app.register(billingRoutes, { auth, service: billing });
  // Meta's webhooks for the inbox (a new comment queues a read of its account); 404 unless configured.
  await app.register(inboxWebhookRoutes, { db: database.db, config, now: deps.now });
  await app.register(eventsRoutes, { hub, auth, presence: workspaces });

  const sandbox =
    deps.sandbox ??
    (config.sandbox
      ? createSandbox({
          now: deps.now,
          secret: `sandbox:${config.appSecret}`,
          assetBase: config.publicUrl,
          fetch: sandboxMediaFetch(config),
          redirectUris: (platform) => [`${config.publicUrl}${oauthCallbackPath(platform)}`],
        })
      : undefined);
  if (sandbox) await app.register(sandbox.plugin, { prefix: "/sandbox" });
  await registerSpa(app, config.webDist);

  return app;
}

/**
 * Closes the app gracefully: requests under way finish, and each keep-alive connection is closed as soon
 * as it falls idle (Node closes only those idle when closing starts; the others would hold the close for
 * the whole keep-alive timeout).
 */
export async function closeApp(app: { close(): Promise<unknown>; server: { closeIdleConnections(): void } }) {
  const sweep = setInterval(() => app.server.closeIdleConnections(), 25);
  try {
    await app.close();
  } finally {
    clearInterval(sweep);
  }
}

/**
 * How the built-in sandbox fetches media it is given by URL (as Instagram or Pinterest do): only this
 * app's own signed media links. Anyone can get a sandbox token, so an open fetch would let them make the
 * server call any address (its private network included).
 */
export function sandboxMediaFetch(config: Pick<Config, "publicUrl" | "internalUrl">) {
  const allowed = [config.publicUrl, config.internalUrl].map((base) => `${base}/api/public-media/`);
  return (url: string, init: { signal: AbortSignal }): Promise<Response> => {
    if (!allowed.some((prefix) => url.startsWith(prefix))) return Promise.resolve(new Response(null, { status: 403 }));
    return fetch(url, { ...init, redirect: "error" });
  };
}
