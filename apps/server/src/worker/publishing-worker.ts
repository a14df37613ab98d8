import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { PLATFORM_LABELS, type Platform, PUBLISH_MESSAGES } from "@app/shared";
import { NetworkError } from "../platforms/http";
import type { PublishOutcome } from "../platforms/platform";
import type { ClaimedTarget, QueueRepo } from "./queue.repo";

export type { PublishOutcome };

/** What the network says became of an earlier attempt: the post it made, none, or "cannot ask". */
export type LookupOutcome = PublishOutcome | null | "unsupported";

/** Publishes one target to its network (tokens, media, the network's calls). */
export interface Publisher {
  /** `keepAlive` extends the lease; call it during long uploads. */
  publish(target: ClaimedTarget, keepAlive: () => Promise<void>): Promise<PublishOutcome>;
  /** Looks on the network for the post an interrupted attempt may have made (since attemptStartedAt). */
  lookup(target: ClaimedTarget): Promise<LookupOutcome>;
}

export interface WorkerOptions {
  queue: QueueRepo;
  publisher: Publisher;
  now?: () => Date;
  id?: string;
  /** how long a claim is held before another worker may take the target over */
  leaseMs?: number;
  /** targets claimed per round */
  batch?: number;
  /** attempts before a target that keeps failing for a passing reason is failed for good */
  maxAttempts?: number;
  /** between rounds when nothing was due */
  pollMs?: number;
  /** each settled target (to tell the post's owner, e.g. through the realtime hub) */
  onSettled?(target: ClaimedTarget, result: { postStatus?: string }): void;
  onError?(err: unknown): void;
}

export const DEFAULT_LEASE_MS = 5 * 60_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 30 * 60_000;

/** Waiting time before attempt `attempts + 1`: doubling from 30 s up to 30 min, never before Retry-After. */
export function retryDelayMs(attempts: number, retryAfterSeconds?: number): number {
  const backoff = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.max(backoff, (retryAfterSeconds ?? 0) * 1000);
}

const networkName = (platform: string) => PLATFORM_LABELS[platform as Platform] ?? platform;

/**
 * The publishing worker: each round it takes over targets whose worker stopped, claims due targets,
 * and publishes each. Passing failures go back to the queue with backoff; an attempt that may have
 * reached the network is checked with the network before it is tried again, so a post never goes out twice.
 */
export function createPublishingWorker(opts: WorkerOptions) {
  const { queue, publisher } = opts;
  const now = opts.now ?? (() => new Date());
  const id = opts.id ?? `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
  const batch = opts.batch ?? 5;
  const maxAttempts = opts.maxAttempts ?? 6;
  const me = { id, host: hostname(), pid: process.pid, startedAt: now() };

  async function settle(t: ClaimedTarget, work: Promise<{ held: boolean; postStatus?: string }>) {
    const result = await work;
    if (result.held) opts.onSettled?.(t, result);
  }

  async function attempt(t: ClaimedTarget) {
    if (t.verifyFirst) {
      const found = await publisher.lookup(t);
      if (found === "unsupported") {
        // Only a takeover is in the dark: a failed call with an answer is safe to try again.
        if (t.recovered) {
          return settle(
            t,
            queue.failed(t.id, id, now(), PUBLISH_MESSAGES.unconfirmed(networkName(t.platform)), "unconfirmed"),
          );
        }
      } else if (found) {
        return settle(t, queue.published(t.id, id, now(), found));
      }
    }
    const keepAlive = async () => {
      await queue.extendLease(t.id, id, new Date(now().getTime() + leaseMs));
    };
    const out = await publisher.publish(t, keepAlive);
    return settle(t, queue.published(t.id, id, now(), out));
  }

  async function handle(t: ClaimedTarget) {
    try {
      await attempt(t);
    } catch (err) {
      const known = err instanceof NetworkError;
      const message = known ? err.message : PUBLISH_MESSAGES.unexpected;
      if (!known) opts.onError?.(err);
      const transient = known ? err.transient : true;
      // A timeout or a 5xx may hide a post that was made; a 429 or a refused connection did nothing.
      const mayHaveGone = !known || err.status === 0 || err.status >= 500;
      if (transient && t.attempts < maxAttempts) {
        const at = new Date(now().getTime() + retryDelayMs(t.attempts, known ? err.retryAfterSeconds : undefined));
        return settle(t, queue.retryAt(t.id, id, now(), at, message, mayHaveGone || t.verifyFirst));
      }
      const final = transient ? PUBLISH_MESSAGES.gaveUp(t.attempts, message) : message;
      return settle(t, queue.failed(t.id, id, now(), final));
    }
  }

  /** One round; returns how many targets it handled. */
  async function tick(): Promise<number> {
    await queue.beat(me, now());
    const taken = [
      ...(await queue.claimExpired(id, now(), leaseMs, batch)),
      ...(await queue.claimDue(id, now(), leaseMs, batch)),
    ];
    for (const t of taken) await handle(t);
    return taken.length;
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  return {
    id,
    tick,
    /** Runs rounds until stop(): at once again while there was work, else after pollMs. */
    start() {
      if (!stopped) return;
      stopped = false;
      const loop = async () => {
        let handled = 0;
        running = tick().then(
          (n) => {
            handled = n;
          },
          (err) => opts.onError?.(err),
        );
        await running;
        if (!stopped) timer = setTimeout(loop, handled > 0 ? 0 : (opts.pollMs ?? 1_000));
      };
      void loop();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await queue.forget(id).catch(() => {});
    },
  };
}

export type PublishingWorker = ReturnType<typeof createPublishingWorker>;
