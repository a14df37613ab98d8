import { NetworkError } from "../platforms/http";
import { InboxUnavailable } from "../platforms/platform";
import type { ClaimedJob } from "./jobs.repo";
import { failureOf, JOB_MAX_ATTEMPTS, nextAttempt } from "./jobs-worker";

/**
 * Sending one thing to a network exactly once from a job (an inbox reply, a post's first comment), as the
 * publishing worker sends a post. Its row is marked "sending" with the moment the attempt began, in a statement
 * of its own, before the network is called. An attempt that finds it "sending" (its worker stopped, or the call
 * timed out or got a 5xx) asks the network first (since that moment): found, it is sent; not found, it is sent
 * again; cannot ask, it is settled as unconfirmed and never sent again. A refusal fails it with the network's
 * reason; a passing failure fails the job, tried again with backoff; the last attempt's failure settles it
 * (failed, or unconfirmed when it may have reached the network).
 */

/** What the driver reads of the thing's row. */
export interface OnceState {
  /** still to be sent (queued or sending); the others are settled */
  open: boolean;
  /** the moment the attempt under way began, while "sending" */
  sendingSince: Date | null;
}

/**
 * The thing's row, as its module keeps it. Each change but `done` applies only while the row is as `t` read it
 * (another attempt may have taken it over since) and says whether it did.
 */
export interface OnceRecord<T, Out> {
  /** the row afresh, or undefined once it is gone */
  read(): Promise<T | undefined>;
  state(t: T): OnceState;
  /** marked "sending" since `at`, before the network is called */
  claim(t: T, at: Date): Promise<boolean>;
  /** it is on the network (while it is still open, whichever attempt marked it) */
  done(t: T, out: Out): Promise<unknown>;
  /** it may be on the network unbeknown to us: settled, never sent again */
  unconfirmed(t: T): Promise<unknown>;
  /** settled as failed, with the reason */
  failed(t: T, error: string): Promise<unknown>;
  /** left for the job's next attempt with the error; `nothingSent`: back to queued (asked nothing next time) */
  retryLater(t: T, error: string, nothingSent: boolean): Promise<unknown>;
}

/** The network's side of one attempt. */
export interface OnceNetwork<T, Out> {
  /** what it has of ours since the moment, null for nothing; absent (or "unsupported") when it cannot be asked */
  lookup?(t: T, since: Date): Promise<Out | null | "unsupported">;
  send(t: T, since: Date): Promise<Out>;
}

export interface SendOnceOptions<T, Out> {
  job: ClaimedJob;
  record: OnceRecord<T, Out>;
  /**
   * Runs the attempt with the network (the account's adapter and token); it may run it again with a renewed
   * token after a refused one, and throws what the network's refusal of the whole thing is (InboxUnavailable).
   */
  withNetwork(attempt: (network: OnceNetwork<T, Out>) => Promise<void>): Promise<void>;
  now: () => Date;
  maxAttempts?: number;
}

/** How far an attempt went: preparing (nothing asked of the network yet), asking it, sending, sent. */
type Phase = "prepare" | "lookup" | "call" | "done";

export async function sendOnce<T, Out>(o: SendOnceOptions<T, Out>): Promise<void> {
  const { record } = o;
  let phase: Phase = "prepare";
  try {
    await o.withNetwork(async (network) => {
      // Read afresh each time: the attempt may run again with a renewed token.
      phase = "prepare";
      const current = await record.read();
      if (!current || !record.state(current).open) return;
      const previous = record.state(current).sendingSince;
      if (previous) {
        // The attempt that began then may have reached the network: it is asked before anything is sent again.
        phase = "lookup";
        const found = network.lookup ? await network.lookup(current, previous) : "unsupported";
        if (found === "unsupported") {
          await record.unconfirmed(current);
          return;
        }
        if (found) {
          phase = "done";
          await record.done(current, found);
          return;
        }
      }
      // Marked before the call, in a statement of its own: a stop from here on leaves the trace a takeover asks about.
      phase = "prepare";
      const startedAt = o.now();
      // Another attempt changed it meanwhile (it took this slow one over): that one goes on.
      if (!(await record.claim(current, startedAt))) return;
      phase = "call";
      const out = await network.send(current, startedAt);
      phase = "done";
      await record.done(current, out);
    });
  } catch (err) {
    await settle(o, err, phase);
  }
}

/**
 * A failed attempt: settled for good (a refusal, or the job's last attempt), or left for the job's next attempt
 * (thrown again). One that may be on the network unbeknown to us ("sending" from an earlier attempt not cleared
 * by a lookup, or this attempt's call cut off) is never failed: it is unconfirmed.
 */
async function settle<T, Out>(o: SendOnceOptions<T, Out>, err: unknown, phase: Phase): Promise<void> {
  if (phase === "done") throw err;
  const { record } = o;
  const fresh = await record.read();
  if (!fresh || !record.state(fresh).open) return;
  const refused = err instanceof InboxUnavailable || (err instanceof NetworkError && !err.transient);
  // A 429 or a refusal made nothing; a timeout, a 5xx or an unknown failure may hide one the network made.
  const mayHaveGone = !refused && (!(err instanceof NetworkError) || err.status === 0 || err.status >= 500);
  const inDoubt = record.state(fresh).sendingSince !== null && (phase !== "call" || mayHaveGone);
  const final = (error: string) => (inDoubt ? record.unconfirmed(fresh) : record.failed(fresh, error));
  if (refused) {
    await final((err as Error).message);
    return;
  }
  const { error, retryAt } = nextAttempt(failureOf(err), o.job.attempts, o.now(), o.maxAttempts ?? JOB_MAX_ATTEMPTS);
  if (retryAt === null) {
    await final(error);
    return;
  }
  // Nothing on the network from this call: the next attempt sends without asking first.
  await record.retryLater(fresh, error, phase === "call" && !inDoubt);
  throw err;
}

/**
 * The job was given up without a last attempt (its workers kept stopping): one that may have gone out is
 * unconfirmed, one that cannot have gone out failed. Never left "sending".
 */
export async function abandonOnce<T, Out>(record: OnceRecord<T, Out>, error: string): Promise<void> {
  const t = await record.read();
  if (!t || !record.state(t).open) return;
  if (record.state(t).sendingSince) await record.unconfirmed(t);
  else await record.failed(t, error);
}
