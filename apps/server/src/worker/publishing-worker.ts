import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { PLATFORM_LABELS, type Platform, PUBLISH_MESSAGES } from "@app/shared";
import { NetworkError } from "../platforms/http";
import type { PublishOutcome } from "../platforms/platform";
import type { ClaimedTarget, QueueRepo, Settlement, SettleResult } from "./queue.repo";

export type { PublishOutcome };

/** What the network says became of an earlier attempt: the post it made, none, or "cannot ask". */
export type LookupOutcome = PublishOutcome | null | "unsupported";

/** What a publication may do with its claim while it runs. */
export interface AttemptHooks {
  /** extends the lease; call it during long uploads */
  keepAlive(): Promise<void>;
  /** keeps what was made so far on the network, handed back to the next attempt as `target.progress` */
  recordProgress(progress: Record<string, unknown>): Promise<void>;
}

/** Publishes one target to its network (tokens, media, the network's calls). */
export interface Publisher {
  publish(target: ClaimedTarget, hooks: AttemptHooks): Promise<PublishOutcome>;
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
  /** targets claimed at a time (per round of tick(); at most per claim of the running loop) */
  batch?: number;
  /** targets handled at once: the running loop keeps up to this many under way, claiming as slots free */
  concurrency?: number;
  /** attempts before a target that keeps failing for a passing reason is failed for good */
  maxAttempts?: number;
  /** between rounds when nothing was due */
  pollMs?: number;
  /**
   * Each post whose targets were settled (to tell its workspace, e.g. through the realtime hub): once for all of
   * its targets settled together, with the last of them; `notified` when any of them wrote a notification.
   */
  onSettled?(target: ClaimedTarget, result: { postStatus?: string; notified?: boolean }): void;
  onError?(err: unknown): void;
  /**
   * Subscribes to "a post became due now" (e.g. the realtime hub's onDue): the running loop then claims at
   * once instead of at its next poll. Returns a function that unsubscribes.
   */
  wakeOn?(wake: () => void): () => void;
}

/** Targets settled in one statement at most (the others wait for the next). */
const SETTLE_BATCH = 64;

export const DEFAULT_LEASE_MS = 5 * 60_000;
/** The running loop reports at most this often (/api/health counts a worker silent for 30 s as gone). */
const BEAT_EVERY_MS = 5_000;
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
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  const maxAttempts = opts.maxAttempts ?? 6;
  const me = { id, host: hostname(), pid: process.pid, startedAt: now() };

  /**
   * Settles go out together: those that come in one turn of the event loop, then those that came while they
   * were being written, so that targets finishing together cost one transaction, not one each.
   */
  const settling: { t: ClaimedTarget; outcome: Settlement; done(err?: unknown): void }[] = [];
  let flushing = false;

  async function flush() {
    try {
      while (settling.length) {
        const items = settling.splice(0, SETTLE_BATCH);
        let results: Map<string, SettleResult>;
        try {
          results = await queue.settle(
            id,
            now(),
            items.map((i) => ({ targetId: i.t.id, outcome: i.outcome, alone: i.t.postTargets === 1 })),
          );
        } catch (err) {
          for (const i of items) i.done(err);
          continue;
        }
        // One announcement per post: the last of its targets settled here, notified when any of them was.
        const perPost = new Map<string, { t: ClaimedTarget; result: SettleResult }>();
        for (const i of items) {
          const result = results.get(i.t.id);
          if (!result?.held) continue;
          const notified = Boolean(result.notified || perPost.get(i.t.postId)?.result.notified);
          perPost.set(i.t.postId, { t: i.t, result: { ...result, notified } });
        }
        for (const { t, result } of perPost.values()) {
          try {
            opts.onSettled?.(t, result);
          } catch (err) {
            opts.onError?.(err);
          }
        }
        for (const i of items) i.done();
      }
    } finally {
      flushing = false;
    }
  }

  function settle(t: ClaimedTarget, outcome: Settlement): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      settling.push({ t, outcome, done: (err) => (err === undefined ? resolve() : reject(err)) });
      // Those finishing in the same turn of the event loop go together.
      if (!flushing) {
        flushing = true;
        setImmediate(() => void flush());
      }
    });
  }

  async function attempt(t: ClaimedTarget, claimedAt: number) {
    // The lease runs from the claim. A target that waited its turn for long gets it renewed before its calls;
    // one that another worker took over meanwhile (this one was too slow) is left to that worker.
    const waited = now().getTime() - claimedAt;
    if (waited > leaseMs / 4 && !(await queue.extendLease(t.id, id, new Date(now().getTime() + leaseMs)))) return;
    if (t.verifyFirst) {
      const found = await publisher.lookup(t);
      if (found === "unsupported") {
        // Only a takeover is in the dark: a failed call with an answer is safe to try again.
        if (t.recovered) {
          return settle(t, { status: "unconfirmed", error: PUBLISH_MESSAGES.unconfirmed(networkName(t.platform)) });
        }
      } else if (found) {
        return settle(t, { status: "published", ...found });
      }
    }
    const hooks: AttemptHooks = {
      async keepAlive() {
        await queue.extendLease(t.id, id, new Date(now().getTime() + leaseMs));
      },
      async recordProgress(progress) {
        await queue.recordProgress(t.id, id, progress);
      },
    };
    const out = await publisher.publish(t, hooks);
    return settle(t, { status: "published", ...out });
  }

  async function handle(t: ClaimedTarget, claimedAt: number) {
    try {
      await attempt(t, claimedAt);
    } catch (err) {
      const known = err instanceof NetworkError;
      const message = known ? err.message : PUBLISH_MESSAGES.unexpected;
      if (!known) opts.onError?.(err);
      const transient = known ? err.transient : true;
      // A timeout or a 5xx may hide a post that was made; a 429 or a refused connection did nothing.
      const mayHaveGone = !known || err.status === 0 || err.status >= 500;
      if (transient && t.attempts < maxAttempts) {
        const at = new Date(now().getTime() + retryDelayMs(t.attempts, known ? err.retryAfterSeconds : undefined));
        return settle(t, { status: "pending", at, error: message, verifyFirst: mayHaveGone || t.verifyFirst });
      }
      const final = transient ? PUBLISH_MESSAGES.gaveUp(t.attempts, message) : message;
      return settle(t, { status: "failed", error: final });
    }
  }

  /** Handles `targets`, up to `concurrency` at once. */
  async function handleAll(targets: ClaimedTarget[], claimedAt: number) {
    let next = 0;
    const lane = async () => {
      while (next < targets.length) await handle(targets[next++] as ClaimedTarget, claimedAt);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, lane));
  }

  /** One round: claims up to `batch` targets (taken-over ones first, then due ones), handles them; returns how many. */
  async function tick(): Promise<number> {
    await queue.beat(me, now());
    const claimedAt = now().getTime();
    const taken = await queue.claim(id, now(), leaseMs, batch);
    await handleAll(taken, claimedAt);
    return taken.length;
  }

  let stopped = true;
  let running: Promise<void> | undefined;
  let unsubscribe: (() => void) | undefined;
  /** targets the running loop is handling */
  const underWay = new Set<Promise<void>>();
  /** what the running loop is waiting for: a free slot, the next poll, or nothing (it is claiming) */
  let waitingFor: "slot" | "poll" | undefined;
  /** a post became due while the loop was claiming: it claims again at once instead of waiting to poll */
  let dueMeanwhile = false;
  /** wakes the running loop from its wait */
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
  /** A post became due now (wakeOn): claimed at once when the loop waits for its next poll. */
  const onDue = () => {
    dueMeanwhile = true;
    if (waitingFor === "poll") rouse();
  };
  let idleWaiters: (() => void)[] = [];
  const isIdle = () => waitingFor === "poll" && underWay.size === 0;
  const checkIdle = () => {
    if (!isIdle() || idleWaiters.length === 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const resolve of waiters) resolve();
  };

  /** When the loop last claimed: a target falling due after that is one it has not seen yet. */
  let lastClaimAt: Date | undefined;

  /**
   * pollMs, or less when a target falls due before then: the loop wakes when it does, not at its next poll. A
   * target that fell due between the last claim and now is claimed at once (0), not after a whole poll.
   */
  async function untilNextDue(pollMs: number): Promise<number> {
    try {
      const next = await queue.nextDue(lastClaimAt ?? now());
      const ms = next ? next.getTime() - now().getTime() : pollMs;
      return Math.max(0, Math.min(pollMs, ms));
    } catch (err) {
      opts.onError?.(err);
      return pollMs;
    }
  }

  /**
   * Keeps up to `concurrency` targets under way: claims (taken-over targets first, at most `batch` at a time)
   * whenever at least a quarter of the slots are free, at once again while claims come back full or a post
   * became due meanwhile, and after pollMs (sooner when a target falls due before then, or when woken by a post
   * due now) when nothing more was due.
   */
  async function loop() {
    const refillAt = Math.max(1, Math.floor(concurrency / 4));
    let lastBeat = 0;
    while (!stopped) {
      let more = false;
      try {
        const room = concurrency - underWay.size;
        if (room >= refillAt) {
          if (now().getTime() - lastBeat >= BEAT_EVERY_MS) {
            await queue.beat(me, now());
            lastBeat = now().getTime();
          }
          const want = Math.min(batch, room);
          const claimedAt = now().getTime();
          dueMeanwhile = false;
          lastClaimAt = new Date(claimedAt);
          const taken = await queue.claim(id, lastClaimAt, leaseMs, want);
          more = taken.length === want || dueMeanwhile;
          for (const t of taken) {
            const work: Promise<void> = handle(t, claimedAt)
              .catch((err) => opts.onError?.(err))
              .finally(() => {
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
      if (concurrency - underWay.size < refillAt) {
        waitingFor = "slot";
        await pause();
        waitingFor = undefined;
      } else if (!more) {
        const wait = await untilNextDue(opts.pollMs ?? 500);
        if (stopped) break;
        if (dueMeanwhile) continue;
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
    tick,
    /** Publishes until stop(): claims as slots free while targets are due, else looks again after pollMs. */
    start() {
      if (!stopped) return;
      stopped = false;
      unsubscribe = opts.wakeOn?.(onDue);
      running = loop();
    },
    /**
     * Resolves once the running loop waits for its next poll with nothing under way (at once if it does now):
     * everything it knew to be due has been handled.
     */
    idle(): Promise<void> {
      return new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        checkIdle();
      });
    },
    /** Stops claiming, lets the targets under way finish, and leaves. */
    async stop() {
      stopped = true;
      unsubscribe?.();
      unsubscribe = undefined;
      rouse();
      await running;
      await queue.forget(id).catch(() => {});
    },
  };
}

export type PublishingWorker = ReturnType<typeof createPublishingWorker>;
