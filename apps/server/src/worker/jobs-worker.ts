import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { NetworkError } from "../platforms/http";
import type { ClaimedJob, JobsRepo } from "./jobs.repo";

/** What a handler may do with its claim while it runs. */
export interface JobHooks {
  /** extends the lease; call it during long work, or another worker takes the job over */
  keepAlive(): Promise<void>;
}

/**
 * Runs one job. Returning is success. A thrown error is a failed attempt: tried again later with backoff
 * (never before a NetworkError's Retry-After), or given up at once for a NetworkError that is not transient.
 */
export type JobHandler = ((job: ClaimedJob, hooks: JobHooks) => Promise<void>) & {
  /**
   * The job is given up without running (taken over once too often: its worker kept stopping while it ran):
   * settles what it stood for, e.g. a reply shown as unconfirmed rather than "sending" for ever.
   */
  gaveUp?(job: ClaimedJob, error: string): Promise<void>;
};

export interface JobsWorkerOptions {
  repo: JobsRepo;
  /** the handler of each kind of job */
  handlers: Readonly<Record<string, JobHandler>>;
  now?: () => Date;
  id?: string;
  /** jobs run at once (and claimed at most per claim) */
  concurrency?: number;
  /** how long a claim is held before another worker may take the job over */
  leaseMs?: number;
  /** between claims when nothing was due */
  pollMs?: number;
  /** attempts before a job that keeps failing is given up */
  maxAttempts?: number;
  onError?(err: unknown): void;
}

export const JOB_DEFAULT_LEASE_MS = 5 * 60_000;
export const JOB_MAX_ATTEMPTS = 5;
/** Waiting time after the 1st, 2nd, 3rd and later failed attempts. */
const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000] as const;
/** Errors are kept to read, not to store a network's whole answer. */
const MAX_ERROR_LENGTH = 1_000;

/** Waiting time before attempt `attempts + 1`: 1 min, 5 min, then 30 min; never before Retry-After. */
export function jobRetryDelayMs(attempts: number, retryAfterSeconds?: number): number {
  const step = Math.min(Math.max(1, attempts), RETRY_DELAYS_MS.length) - 1;
  return Math.max(RETRY_DELAYS_MS[step] as number, (retryAfterSeconds ?? 0) * 1000);
}

/** What a failed attempt tells: its message, whether another attempt may help, and how long the network asks to wait. */
export interface JobFailure {
  message: string;
  retryable: boolean;
  retryAfterSeconds?: number;
}

/** A thrown error as a failure: a NetworkError retryable when transient, anything else always retryable. */
export function failureOf(err: unknown): JobFailure {
  const message = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_LENGTH) || "unknown error";
  if (!(err instanceof NetworkError)) return { message, retryable: true };
  return { message, retryable: err.transient, retryAfterSeconds: err.retryAfterSeconds };
}

/**
 * How a job's failed attempt is recorded: the error kept and when to try again, or `retryAt` null when it is
 * given up (no retry can help, or it has had its `maxAttempts`).
 */
export function nextAttempt(
  failure: JobFailure,
  attempts: number,
  now: Date,
  maxAttempts = JOB_MAX_ATTEMPTS,
): { error: string; retryAt: Date | null } {
  if (failure.retryable && attempts < maxAttempts) {
    const retryAt = new Date(now.getTime() + jobRetryDelayMs(attempts, failure.retryAfterSeconds));
    return { error: failure.message, retryAt };
  }
  const error = failure.retryable ? `gave up after ${attempts} attempts: ${failure.message}` : failure.message;
  return { error: error.slice(0, MAX_ERROR_LENGTH), retryAt: null };
}

/**
 * The jobs worker: claims due jobs (and those whose worker stopped) and runs each with its kind's handler.
 * Failures are tried again with backoff, then given up with their error kept. The same pattern as the
 * publishing worker: leases, a clock that tests set, one loop.
 */
export function createJobsWorker(opts: JobsWorkerOptions) {
  const { repo, handlers } = opts;
  const now = opts.now ?? (() => new Date());
  const id = opts.id ?? `${hostname()}:${process.pid}:jobs:${randomUUID().slice(0, 8)}`;
  const leaseMs = opts.leaseMs ?? JOB_DEFAULT_LEASE_MS;
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const maxAttempts = opts.maxAttempts ?? JOB_MAX_ATTEMPTS;
  const pollMs = opts.pollMs ?? 1_000;

  /** Another attempt later, or gives the job up when it has had its attempts (or no retry can help). */
  async function failed(job: ClaimedJob, failure: JobFailure) {
    const at = now();
    const { error, retryAt } = nextAttempt(failure, job.attempts, at, maxAttempts);
    await repo.fail(job.id, id, at, error, retryAt);
  }

  async function run(job: ClaimedJob) {
    // Taken over once too often: its worker keeps stopping while it runs (or it outlasts its lease).
    const handler = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
    if (job.recovered && job.attempts > maxAttempts) {
      const message = `gave up after ${job.attempts - 1} attempts: its worker stopped while it ran`;
      await handler?.gaveUp?.(job, message).catch((err) => opts.onError?.(err));
      return failed(job, { message, retryable: false });
    }
    if (!handler) {
      // Tried again like a failure: during a rolling deploy, a newer worker may know the kind.
      opts.onError?.(new Error(`no handler for job kind "${job.kind}" (job ${job.key})`));
      return failed(job, { message: `no handler for job kind "${job.kind}"`, retryable: true });
    }
    const hooks: JobHooks = {
      async keepAlive() {
        await repo.extendLease(job.id, id, new Date(now().getTime() + leaseMs));
      },
    };
    try {
      await handler(job, hooks);
    } catch (err) {
      if (!(err instanceof NetworkError)) opts.onError?.(err);
      return failed(job, failureOf(err));
    }
    await repo.complete(job.id, id, now());
  }

  /** Runs a job; a failure to record its outcome is reported, and the job is taken over once its lease runs out. */
  const handle = (job: ClaimedJob) => run(job).catch((err) => opts.onError?.(err));

  /** One round: claims up to `concurrency` due jobs and runs them all; returns how many. */
  async function runOnce(): Promise<number> {
    const taken = await repo.claimDue(id, now(), concurrency, leaseMs);
    await Promise.all(taken.map(handle));
    return taken.length;
  }

  let stopped = true;
  let running: Promise<void> | undefined;
  const underWay = new Set<Promise<void>>();
  /** what the running loop waits for: a free slot, the next poll, or nothing (it is claiming) */
  let waitingFor: "slot" | "poll" | undefined;
  let wake: (() => void) | undefined;
  const rouse = () => {
    wake?.();
    wake = undefined;
  };
  /** Waits `ms` (for ever when undefined) or until roused. */
  const pause = (ms?: number) =>
    new Promise<void>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  let idleWaiters: (() => void)[] = [];
  const checkIdle = () => {
    if (waitingFor !== "poll" || underWay.size > 0 || idleWaiters.length === 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  /** pollMs, or less when a job falls due before then. */
  async function untilNextDue(): Promise<number> {
    try {
      const next = await repo.nextDue(now());
      const ms = next ? next.getTime() - now().getTime() : pollMs;
      return ms > 0 ? Math.min(pollMs, ms) : pollMs;
    } catch (err) {
      opts.onError?.(err);
      return pollMs;
    }
  }

  /** Keeps up to `concurrency` jobs under way: claims as slots free, at once again while claims come back full. */
  async function loop() {
    while (!stopped) {
      let full = false;
      try {
        const room = concurrency - underWay.size;
        if (room > 0) {
          const taken = await repo.claimDue(id, now(), room, leaseMs);
          full = taken.length === room;
          for (const job of taken) {
            const work: Promise<void> = handle(job).finally(() => {
              underWay.delete(work);
              if (waitingFor === "slot") rouse();
              else checkIdle();
            });
            underWay.add(work);
          }
        }
      } catch (err) {
        opts.onError?.(err);
      }
      if (stopped) break;
      if (underWay.size >= concurrency) {
        waitingFor = "slot";
        await pause();
        waitingFor = undefined;
      } else if (!full) {
        const wait = await untilNextDue();
        if (stopped) break;
        waitingFor = "poll";
        checkIdle();
        await pause(wait);
        waitingFor = undefined;
      }
    }
    await Promise.all(underWay);
  }

  return {
    id,
    runOnce,
    /** Runs jobs until stop(): claims as slots free while jobs are due, else looks again after pollMs. */
    start() {
      if (!stopped) return;
      stopped = false;
      running = loop();
    },
    /** Resolves once the running loop waits for its next poll with nothing under way. */
    idle(): Promise<void> {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        checkIdle();
      });
    },
    /** Stops claiming, lets the jobs under way finish, and leaves. */
    async stop() {
      stopped = true;
      rouse();
      await running;
    },
  };
}

export type JobsWorker = ReturnType<typeof createJobsWorker>;
