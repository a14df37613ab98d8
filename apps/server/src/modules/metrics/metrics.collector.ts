import { PLATFORMS, type Platform, POST_METRIC_AGES_MS } from "@app/shared";
import type { Db } from "../../db/client";
import { enqueue } from "../../worker/jobs.repo";
import type { JobHandler } from "../../worker/jobs-worker";
import type { AccountsService } from "../accounts/accounts.service";
import { ACCOUNT_METRICS_JOB, type MetricsRepo, POST_METRICS_JOB } from "./metrics.repo";

/** The job that queues the polls: it runs every few minutes and queues its own next run. */
export const METRICS_SCHEDULE_JOB = "metrics-schedule";
const SCHEDULE_EVERY_MS = 5 * 60_000;
/** Targets are polled up to their last age; a little more keeps one published late in a sweep's window. */
const POLL_WITHIN_MS = Math.max(...POST_METRIC_AGES_MS) + 24 * 3_600_000;

/**
 * X charges for every read: "off" reads nothing from X, "light" (the default) a post at 1 day and 7 days, "full"
 * at every age as the other networks.
 */
export type XMetricsPolling = "off" | "light" | "full";
const X_LIGHT_AGES = [24 * 3_600_000, 168 * 3_600_000] as const;

export function pollAges(x: XMetricsPolling): Partial<Record<Platform, readonly number[]>> {
  const ages: Partial<Record<Platform, readonly number[]>> = {};
  for (const platform of PLATFORMS) ages[platform] = POST_METRIC_AGES_MS;
  ages.twitter = x === "full" ? POST_METRIC_AGES_MS : x === "light" ? X_LIGHT_AGES : [];
  return ages;
}

/** The key of the schedule's run for the slot of `at`: one run per slot, whichever worker queues it. */
const scheduleKey = (at: Date) => `${METRICS_SCHEDULE_JOB}:${Math.floor(at.getTime() / SCHEDULE_EVERY_MS)}`;

/** Queues the schedule's run for now (at start-up; the runs then queue each other). */
export async function startMetricsSchedule(db: Db, now: Date) {
  await enqueue(db, { kind: METRICS_SCHEDULE_JOB, key: scheduleKey(now), runAt: now });
}

/**
 * The jobs that collect results: the schedule (queues each published post's polls at its ages and each active
 * account's daily poll), a post's poll and an account's poll. Reads go through the accounts service, which
 * renews a refused token once and marks an account to reconnect when the network refuses it for good.
 */
export function metricsJobHandlers(deps: {
  db: Db;
  repo: MetricsRepo;
  accounts: Pick<AccountsService, "withAccount">;
  xPolling: XMetricsPolling;
  now?: () => Date;
}): Record<string, JobHandler> {
  const now = deps.now ?? (() => new Date());
  const ages = pollAges(deps.xPolling);
  return {
    [METRICS_SCHEDULE_JOB]: async () => {
      const at = now();
      await deps.repo.schedulePostPolls(at, ages, POLL_WITHIN_MS);
      await deps.repo.scheduleAccountPolls(at);
      const next = new Date(at.getTime() + SCHEDULE_EVERY_MS);
      await enqueue(deps.db, { kind: METRICS_SCHEDULE_JOB, key: scheduleKey(next), runAt: next });
    },

    [POST_METRICS_JOB]: async (job) => {
      const target = await deps.repo.target(String(job.payload.targetId ?? ""));
      // Deleted since, or no longer published: nothing to read.
      if (!target) return;
      await deps.accounts.withAccount(target.workspaceId, target.accountId, async ({ adapter, token, account }) => {
        if (!adapter.postMetrics) return;
        const readings = await adapter.postMetrics({
          accessToken: token,
          posts: [{ externalId: target.externalId, pageId: target.pageId }],
          scopes: account.scopes,
        });
        const reading = readings.get(target.externalId);
        // The network no longer shows the post (deleted there): nothing to keep.
        if (reading) await deps.repo.savePostReading(target, now(), reading);
      });
    },

    [ACCOUNT_METRICS_JOB]: async (job) => {
      const account = await deps.repo.account(String(job.payload.accountId ?? ""));
      if (!account) return;
      const day = String(job.payload.day ?? now().toISOString().slice(0, 10));
      await deps.accounts.withAccount(account.workspaceId, account.id, async ({ adapter, token }) => {
        if (!adapter.accountMetrics) return;
        await deps.repo.saveAccountReading(account, day, now(), await adapter.accountMetrics(token));
      });
    },
  };
}
