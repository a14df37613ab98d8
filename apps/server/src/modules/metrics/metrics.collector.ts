import { PLATFORMS, type Platform, POST_METRIC_AGES_MS } from "@app/shared";
import type { Db } from "../../db/client";
import { type ClaimedJob, createJobsRepo, enqueue } from "../../worker/jobs.repo";
import {
  failureOf,
  JOB_DEFAULT_LEASE_MS,
  JOB_MAX_ATTEMPTS,
  type JobHandler,
  nextAttempt,
} from "../../worker/jobs-worker";
import type { AccountsService } from "../accounts/accounts.service";
import { ACCOUNT_METRICS_JOB, type MetricsRepo, POST_METRICS_JOB } from "./metrics.repo";

/** The job that queues the polls: it runs every few minutes and queues its own next run. */
export const METRICS_SCHEDULE_JOB = "metrics-schedule";
/** The daily deletion of results older than METRICS_RETENTION_DAYS, queued by the schedule. */
export const METRICS_RETENTION_JOB = "metrics-retention";
const DAY_MS = 24 * 3_600_000;
/** Rows deleted a statement, and statements a run (the next day's run goes on from there). */
const RETENTION_BATCH = 5_000;
const RETENTION_MAX_BATCHES = 200;

/**
 * Posts read in one call of a network's postMetrics (its most ids a call): a poll reads the account's other
 * due polls with it. Networks read one post a call take one.
 */
export const POST_READS_PER_CALL: Readonly<Record<Platform, number>> = {
  twitter: 100,
  youtube: 50,
  tiktok: 20,
  facebook: 1,
  instagram: 1,
  linkedin: 1,
  pinterest: 1,
};
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
 * The jobs that collect results: the schedule (queues each published post's polls at its ages, each active
 * account's daily poll and, with `retentionDays`, the daily deletion of older results), a post's poll and an
 * account's poll. Reads go through the accounts service, which renews a refused token once and marks an
 * account to reconnect when the network refuses it for good.
 *
 * A post's poll reads, in the same call, the other polls of its account that are due (up to the network's
 * POST_READS_PER_CALL), claimed like any job (SKIP LOCKED and a lease), and settles them all: done, or failed
 * as the jobs worker fails a job (tried again with backoff, or given up).
 */
export function metricsJobHandlers(deps: {
  db: Db;
  repo: MetricsRepo;
  accounts: Pick<AccountsService, "withAccount">;
  xPolling: XMetricsPolling;
  /** days of results kept; 0 or none: for ever */
  retentionDays?: number;
  now?: () => Date;
  /** a workspace's notifications changed (the engagement a reading told), after its transaction */
  notified?: (workspaceId: string) => void;
}): Record<string, JobHandler> {
  const now = deps.now ?? (() => new Date());
  const ages = pollAges(deps.xPolling);
  const jobs = createJobsRepo(deps.db);
  const retentionDays = deps.retentionDays ?? 0;

  /** The post polls this process is reading, by job id: the end of the read that holds each. */
  const reading = new Map<string, Promise<void>>();
  /** Per account, the claim under way: this process claims an account's polls one claim at a time. */
  const claiming = new Map<string, Promise<unknown>>();
  async function oneAtATime<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const turn = (claiming.get(key) ?? Promise.resolve()).then(fn, fn);
    const settled = turn.catch(() => undefined);
    claiming.set(key, settled);
    try {
      return await turn;
    } finally {
      if (claiming.get(key) === settled) claiming.delete(key);
    }
  }

  /** Every claimed poll fails as the jobs worker fails a job: another attempt with backoff, or given up. */
  async function failAll(owner: string, list: readonly ClaimedJob[], err: unknown) {
    const failure = failureOf(err);
    for (const job of list) {
      const at = now();
      const { error, retryAt } = nextAttempt(failure, job.attempts, at);
      await jobs.fail(job.id, owner, at, error, retryAt);
    }
  }

  /** Reads the posts of `list` (one account's) in one call, keeps each reading and settles every job. */
  async function readPosts(owner: string, list: readonly ClaimedJob[]) {
    try {
      const targets = await deps.repo.targets(list.map((j) => String(j.payload.targetId ?? "")));
      const first = targets[0];
      // Deleted since, or no longer published: nothing to read.
      if (first) {
        await deps.accounts.withAccount(first.workspaceId, first.accountId, async ({ adapter, token, account }) => {
          if (!adapter.postMetrics) return;
          const readings = await adapter.postMetrics({
            accessToken: token,
            posts: targets.map((t) => ({ externalId: t.externalId, pageId: t.pageId })),
            scopes: account.scopes,
          });
          // A post the network no longer shows (deleted there) has no reading: nothing to keep.
          const found = targets.flatMap((target) => {
            const reading = readings.get(target.externalId);
            return reading ? [{ target, reading }] : [];
          });
          for (const workspaceId of await deps.repo.savePostReadings(now(), found)) deps.notified?.(workspaceId);
        });
      }
    } catch (err) {
      await failAll(owner, list, err);
      throw err;
    }
    await jobs.completeMany(
      list.map((j) => j.id),
      owner,
      now(),
    );
  }

  return {
    [METRICS_SCHEDULE_JOB]: async () => {
      const at = now();
      await deps.repo.schedulePostPolls(at, ages, POLL_WITHIN_MS);
      await deps.repo.scheduleAccountPolls(at);
      if (retentionDays > 0) {
        const day = at.toISOString().slice(0, 10);
        await enqueue(deps.db, { kind: METRICS_RETENTION_JOB, key: `${METRICS_RETENTION_JOB}:${day}`, runAt: at });
      }
      const next = new Date(at.getTime() + SCHEDULE_EVERY_MS);
      await enqueue(deps.db, { kind: METRICS_SCHEDULE_JOB, key: scheduleKey(next), runAt: next });
    },

    [METRICS_RETENTION_JOB]: async (_job, hooks) => {
      if (retentionDays <= 0) return;
      const before = new Date(now().getTime() - retentionDays * DAY_MS);
      const purge = async (step: () => Promise<number>) => {
        for (let i = 0; i < RETENTION_MAX_BATCHES; i++) {
          if ((await step()) < RETENTION_BATCH) return;
          await hooks.keepAlive();
        }
      };
      await purge(() => deps.repo.purgePostSnapshots(before, RETENTION_BATCH));
      await purge(() => deps.repo.purgeAccountReadings(before.toISOString().slice(0, 10), RETENTION_BATCH));
    },

    [POST_METRICS_JOB]: async (job) => {
      const accountId = typeof job.payload.accountId === "string" ? job.payload.accountId : "";
      const claim = await oneAtATime(accountId || job.id, async () => {
        // Already read along with another poll of this process.
        const under = reading.get(job.id);
        if (under) return { read: false as const, under };
        const owner = await jobs.holder(job);
        if (!owner) return { read: false as const, under: undefined };
        const [target] = await deps.repo.targets([String(job.payload.targetId ?? "")]);
        const size = target && accountId ? POST_READS_PER_CALL[target.platform] : 1;
        const along =
          size > 1
            ? await jobs.claimAlong(
                owner,
                now(),
                {
                  kind: POST_METRICS_JOB,
                  field: "accountId",
                  value: accountId,
                  limit: size - 1,
                  leaseMs: JOB_DEFAULT_LEASE_MS,
                  maxAttempts: JOB_MAX_ATTEMPTS,
                },
                [job.id, ...reading.keys()],
              )
            : [];
        const list = [job, ...along];
        let end = () => {};
        const done = new Promise<void>((resolve) => {
          end = resolve;
        });
        for (const j of list) reading.set(j.id, done);
        return { read: true as const, owner, list, end };
      });
      if (!claim.read) {
        await claim.under;
        return;
      }
      try {
        await readPosts(claim.owner, claim.list);
      } finally {
        for (const j of claim.list) reading.delete(j.id);
        claim.end();
      }
    },

    [ACCOUNT_METRICS_JOB]: async (job) => {
      const account = await deps.repo.account(String(job.payload.accountId ?? ""));
      if (!account) return;
      const day = String(job.payload.day ?? now().toISOString().slice(0, 10));
      await deps.accounts.withAccount(account.workspaceId, account.id, async ({ adapter, token }) => {
        if (!adapter.accountMetrics) return;
        if (await deps.repo.saveAccountReading(account, day, now(), await adapter.accountMetrics(token)))
          deps.notified?.(account.workspaceId);
      });
    },
  };
}
