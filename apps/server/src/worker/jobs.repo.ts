import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { type Db, type Queryable, rowsOf } from "../db/client";
import { jobs } from "../db/schema";

/** What a job is queued with. */
export interface NewJob {
  /** the handler that runs it */
  kind: string;
  /** one job per key for as long as the job is kept (done ones too, until purged) */
  key: string;
  workspaceId?: string | null;
  payload?: Record<string, unknown>;
  runAt: Date;
}

/** A job a worker holds the lease of. */
export interface ClaimedJob {
  id: string;
  kind: string;
  key: string;
  workspaceId: string | null;
  payload: Record<string, unknown>;
  runAt: Date;
  /** attempts so far, this one included */
  attempts: number;
  /** its last attempt's error (a retry, or a takeover from a worker that stopped) */
  lastError: string | null;
  /** taken over from a worker whose lease ran out */
  recovered: boolean;
}

interface ClaimRow {
  id: string;
  kind: string;
  key: string;
  workspace_id: string | null;
  payload: Record<string, unknown> | null;
  run_at: string | Date;
  attempts: number;
  last_error: string | null;
  recovered: boolean;
}

/** The jobs a claim returned, soonest first. */
const claimedOf = (res: unknown): ClaimedJob[] =>
  rowsOf<ClaimRow>(res)
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      key: r.key,
      workspaceId: r.workspace_id,
      payload: r.payload ?? {},
      runAt: new Date(r.run_at),
      attempts: r.attempts,
      lastError: r.last_error,
      recovered: r.recovered,
    }))
    .sort((a, b) => a.runAt.getTime() - b.runAt.getTime());

/** Longest kind and key taken: keys are built by code, so a longer one is a bug, not a user's input. */
const MAX_KIND_LENGTH = 64;
const MAX_KEY_LENGTH = 512;

function checked(job: NewJob) {
  if (!/^[a-z][a-z0-9-]*$/.test(job.kind) || job.kind.length > MAX_KIND_LENGTH) {
    throw new TypeError(`job kind must be lowercase words joined by "-": ${JSON.stringify(job.kind)}`);
  }
  if (job.key.length === 0 || job.key.length > MAX_KEY_LENGTH) {
    throw new TypeError(`job key must be 1 to ${MAX_KEY_LENGTH} characters: ${JSON.stringify(job.key)}`);
  }
  if (!(job.runAt instanceof Date) || Number.isNaN(job.runAt.getTime())) {
    throw new TypeError(`job ${job.key}: runAt is not a valid date`);
  }
  const payload = job.payload ?? {};
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    throw new TypeError(`job ${job.key}: payload must be an object`);
  }
  return {
    kind: job.kind,
    key: job.key,
    workspaceId: job.workspaceId ?? null,
    payload,
    runAt: job.runAt,
  };
}

/**
 * Queues jobs unless their key is taken (queued, running, or done and not yet purged): a job is never queued
 * twice. Takes a transaction, so a job can be queued with the change that calls for it. Returns how many were
 * added.
 */
export async function enqueueMany(q: Queryable, list: readonly NewJob[]): Promise<number> {
  if (list.length === 0) return 0;
  const rows = await q
    .insert(jobs)
    .values(list.map(checked))
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return rows.length;
}

/** Queues one job unless its key is taken; true when it was added. */
export async function enqueue(q: Queryable, job: NewJob): Promise<boolean> {
  return (await enqueueMany(q, [job])) === 1;
}

/**
 * The jobs queue: the `jobs` table, claimed as the publishing queue is (FOR UPDATE SKIP LOCKED and a lease),
 * so any number of workers share one database and never hold the same job at once. A job whose worker stopped
 * is claimed again once its lease runs out. Every change after a claim checks the lease is still the caller's.
 */
export function createJobsRepo(db: Db) {
  /** The caller's running job, not yet done. */
  const held = (id: string, owner: string) => and(eq(jobs.id, id), eq(jobs.leaseOwner, owner), isNull(jobs.doneAt));

  return {
    enqueue: (job: NewJob) => enqueue(db, job),
    enqueueMany: (list: readonly NewJob[]) => enqueueMany(db, list),

    /**
     * Claims for `owner` up to `limit` due jobs (soonest first): not done, run_at reached, and no lease or one
     * that ran out (its worker stopped). Each claim counts as an attempt, so a job that keeps stopping its
     * worker is given up like one that keeps failing.
     */
    async claimDue(owner: string, now: Date, limit: number, leaseMs: number): Promise<ClaimedJob[]> {
      if (limit <= 0) return [];
      const res = await db.execute(sql`
        with chosen as materialized (
          select j.id, j.lease_until is not null as recovered
          from ${jobs} j
          where j.done_at is null and j.run_at <= ${now} and (j.lease_until is null or j.lease_until < ${now})
          order by j.run_at limit ${limit}
          for update skip locked
        )
        update ${jobs} j
        set lease_owner = ${owner}, lease_until = ${new Date(now.getTime() + leaseMs)}, attempts = j.attempts + 1
        from chosen c
        where j.id = c.id
        returning j.id, j.kind, j.key, j.workspace_id, j.payload, j.run_at, j.attempts, j.last_error, c.recovered`);
      return claimedOf(res);
    },

    /**
     * Who holds the claim `job` is (a worker's id): null once it is done, or taken over since (its attempts went on).
     */
    async holder(job: Pick<ClaimedJob, "id" | "attempts">): Promise<string | null> {
      const [row] = await db
        .select({ owner: jobs.leaseOwner })
        .from(jobs)
        .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts), isNull(jobs.doneAt)))
        .limit(1);
      return row?.owner ?? null;
    },

    /**
     * Claims for `owner`, as claimDue does (FOR UPDATE SKIP LOCKED and a lease), up to `limit` more due jobs of
     * `kind` whose payload's `field` is `value`: jobs to run along with one the owner holds (e.g. the other posts
     * of one account, read in the same call). Besides free ones (counted as an attempt), it takes jobs the owner
     * already holds (claimed but not yet started: their attempt is counted already) except those in `except`.
     * Jobs that have had their attempts are left to claimDue, which gives them up.
     */
    async claimAlong(
      owner: string,
      now: Date,
      o: { kind: string; field: string; value: string; limit: number; leaseMs: number; maxAttempts: number },
      except: readonly string[],
    ): Promise<ClaimedJob[]> {
      if (o.limit <= 0) return [];
      const skip =
        except.length > 0
          ? sql`and j.id not in (${sql.join(
              except.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})`
          : sql``;
      const res = await db.execute(sql`
        with chosen as materialized (
          select j.id, j.lease_owner is not distinct from ${owner} as held,
                 j.lease_until is not null and j.lease_owner is distinct from ${owner} as recovered
          from ${jobs} j
          where j.done_at is null and j.run_at <= ${now} and j.kind = ${o.kind}
            and j.payload ->> ${o.field} = ${o.value}
            and ((j.lease_owner = ${owner} and j.attempts <= ${o.maxAttempts})
              or ((j.lease_until is null or j.lease_until < ${now}) and j.attempts < ${o.maxAttempts}))
            ${skip}
          order by j.run_at limit ${o.limit}
          for update skip locked
        )
        update ${jobs} j
        set lease_owner = ${owner}, lease_until = ${new Date(now.getTime() + o.leaseMs)},
            attempts = j.attempts + case when c.held then 0 else 1 end
        from chosen c
        where j.id = c.id
        returning j.id, j.kind, j.key, j.workspace_id, j.payload, j.run_at, j.attempts, j.last_error, c.recovered`);
      return claimedOf(res);
    },

    /** Keeps the lease while a long job runs; false when it is no longer the caller's. */
    async extendLease(id: string, owner: string, until: Date): Promise<boolean> {
      const rows = await db.update(jobs).set({ leaseUntil: until }).where(held(id, owner)).returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** The job ran to its end. False when its lease was no longer the caller's (nothing changed). */
    async complete(id: string, owner: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({ doneAt: now, leaseOwner: null, leaseUntil: null, lastError: null })
        .where(held(id, owner))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /** Completes the jobs of `ids` the caller still holds; returns the ids it completed. */
    async completeMany(ids: readonly string[], owner: string, now: Date): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .update(jobs)
        .set({ doneAt: now, leaseOwner: null, leaseUntil: null, lastError: null })
        .where(and(inArray(jobs.id, [...ids]), eq(jobs.leaseOwner, owner), isNull(jobs.doneAt)))
        .returning({ id: jobs.id });
      return rows.map((r) => r.id);
    },

    /**
     * The attempt failed: the job runs again at `retryAt`, or, when null, is given up (done, its error kept).
     * False when its lease was no longer the caller's (nothing changed).
     */
    async fail(id: string, owner: string, now: Date, error: string, retryAt: Date | null): Promise<boolean> {
      const rows = await db
        .update(jobs)
        .set({
          lastError: error,
          leaseOwner: null,
          leaseUntil: null,
          ...(retryAt ? { runAt: retryAt } : { doneAt: now }),
        })
        .where(held(id, owner))
        .returning({ id: jobs.id });
      return rows.length > 0;
    },

    /**
     * When the next job after `now` falls due, if any (the running loop sleeps until then at most). Leases that
     * run out are not looked for: their jobs are taken over at a poll.
     */
    async nextDue(now: Date): Promise<Date | null> {
      const res = await db.execute(sql`
        select min(run_at) as at from ${jobs} where done_at is null and run_at > ${now}`);
      const at = rowsOf<{ at: string | Date | null }>(res)[0]?.at ?? null;
      return at === null ? null : new Date(at);
    },

    /** Deletes jobs done before `before` (their keys become free again); returns how many. */
    async purgeDone(before: Date): Promise<number> {
      const rows = await db.delete(jobs).where(lt(jobs.doneAt, before)).returning({ id: jobs.id });
      return rows.length;
    },
  };
}

export type JobsRepo = ReturnType<typeof createJobsRepo>;
