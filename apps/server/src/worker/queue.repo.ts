import type { PostStatus, TargetStatus } from "@app/shared";
import { and, count, desc, eq, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { notifications, posts, postTargets, workerHeartbeats } from "../db/schema";

/** A target a worker holds the lease of, with what it needs to publish it. */
export interface ClaimedTarget {
  id: string;
  postId: string;
  userId: string;
  accountId: string;
  platform: string;
  pageId: string | null;
  /** attempts so far, this one included */
  attempts: number;
  /** when this attempt began (a lookup after an interruption searches from the previous one's start) */
  attemptStartedAt: Date;
  previousAttemptStartedAt: Date | null;
  /** the last attempt may have gone through: ask the network before publishing again */
  verifyFirst: boolean;
  /** taken over from a worker whose lease ran out: its call may or may not have gone through */
  recovered: boolean;
  /** what earlier attempts already made on the network (recordProgress), never to be made again */
  progress: Record<string, unknown> | null;
}

interface ClaimRow {
  id: string;
  post_id: string;
  user_id: string;
  account_id: string;
  platform: string;
  page_id: string | null;
  attempts: number;
  previous_started_at: string | Date | null;
  verify_first: boolean;
  progress: Record<string, unknown> | null;
}

const asDate = (v: string | Date | null) => (v === null ? null : new Date(v));

/** The post's status from its targets' (the spec's published / partially published / failed). */
export function derivePostStatus(statuses: readonly TargetStatus[]): PostStatus {
  if (statuses.some((s) => s === "pending" || s === "publishing")) return "publishing";
  const published = statuses.filter((s) => s === "published").length;
  if (published === statuses.length) return "published";
  return published > 0 ? "partially_published" : "failed";
}

/**
 * The publishing queue: `post_targets` itself. Claims take due rows with FOR UPDATE SKIP LOCKED and set a
 * lease, so any number of workers share one database and never hold the same target at once. Every change
 * after a claim checks the lease is still the caller's.
 */
export function createQueueRepo(db: Db) {
  /** Claims rows chosen by `which` (a locking sub-select of target ids) for `workerId`. */
  async function take(tx: Tx, which: ReturnType<typeof sql>, workerId: string, now: Date, leaseMs: number) {
    const res = await tx.execute(sql`
      with chosen as (${which}),
      before as (
        select t.id, t.attempt_started_at as previous_started_at from ${postTargets} t join chosen on chosen.id = t.id
      )
      update ${postTargets} t
      set status = 'publishing', lease_owner = ${workerId}, lease_until = ${new Date(now.getTime() + leaseMs)},
          attempts = t.attempts + 1, attempt_started_at = ${now}, updated_at = ${now}
      from before, ${posts} p
      where t.id = before.id and p.id = t.post_id
      returning t.id, t.post_id, p.user_id, t.account_id, t.platform, t.page_id, t.attempts,
                before.previous_started_at, t.verify_first, t.progress`);
    const rows = (res as unknown as { rows: ClaimRow[] }).rows;
    const postIds = [...new Set(rows.map((r) => r.post_id))];
    if (postIds.length) {
      // From now on the post is going out: it can no longer be edited, moved or deleted.
      await tx.execute(sql`
        update ${posts} set status = 'publishing', updated_at = ${now}
        where id in (${sql.join(
          postIds.map((id) => sql`${id}`),
          sql`, `,
        )}) and status <> 'publishing'`);
    }
    return rows;
  }

  const toClaimed =
    (now: Date, recovered: boolean) =>
    (r: ClaimRow): ClaimedTarget => ({
      id: r.id,
      postId: r.post_id,
      userId: r.user_id,
      accountId: r.account_id,
      platform: r.platform,
      pageId: r.page_id,
      attempts: r.attempts,
      attemptStartedAt: now,
      previousAttemptStartedAt: asDate(r.previous_started_at),
      verifyFirst: r.verify_first || recovered,
      recovered,
      progress: r.progress ?? null,
    });

  /** Ends a lease with `set`, then derives the post's status; false when the lease was no longer ours. */
  async function settle(
    targetId: string,
    workerId: string,
    now: Date,
    set: Partial<typeof postTargets.$inferInsert>,
  ): Promise<{ held: boolean; postId?: string; postStatus?: PostStatus; notified?: boolean }> {
    return db.transaction(async (tx) => {
      // Settles of one post's targets take turns: each then reads the others' outcomes as committed. Without
      // this, two targets finishing at once could each see the other still publishing, and the post would
      // stay "publishing" for good.
      await tx.execute(
        sql`select 1 from ${posts} where id = (select post_id from ${postTargets} where id = ${targetId}) for update`,
      );
      const [row] = await tx
        .update(postTargets)
        .set({ ...set, leaseOwner: null, leaseUntil: null, updatedAt: now })
        .where(
          and(eq(postTargets.id, targetId), eq(postTargets.leaseOwner, workerId), eq(postTargets.status, "publishing")),
        )
        .returning({ postId: postTargets.postId, platform: postTargets.platform });
      if (!row) return { held: false };
      const statuses = await tx
        .select({ status: postTargets.status })
        .from(postTargets)
        .where(eq(postTargets.postId, row.postId));
      const postStatus = derivePostStatus(statuses.map((s) => s.status as TargetStatus));
      const [post] = await tx
        .update(posts)
        .set({ status: postStatus, updatedAt: now })
        .where(eq(posts.id, row.postId))
        .returning({ userId: posts.userId });
      // The user hears of each failure: written with it, so a crash cannot lose or repeat it.
      const notified = Boolean(post && (set.status === "failed" || set.status === "unconfirmed"));
      if (post && notified)
        await tx.insert(notifications).values({
          userId: post.userId,
          kind: set.status === "failed" ? "publish_failed" : "publish_unconfirmed",
          postId: row.postId,
          targetId,
          platform: row.platform,
          message: set.lastError ?? "",
          createdAt: now,
        });
      return { held: true, postId: row.postId, postStatus, notified };
    });
  }

  return {
    /** Claims up to `limit` due targets, soonest first. */
    async claimDue(workerId: string, now: Date, leaseMs: number, limit: number): Promise<ClaimedTarget[]> {
      const rows = await db.transaction((tx) =>
        take(
          tx,
          sql`select t.id from ${postTargets} t join ${posts} p on p.id = t.post_id
              where t.status = 'pending' and t.next_attempt_at <= ${now}
              order by t.next_attempt_at limit ${limit}
              for update of t, p skip locked`,
          workerId,
          now,
          leaseMs,
        ),
      );
      return rows.map(toClaimed(now, false));
    },

    /** Takes over targets whose worker stopped (its lease ran out) to find out what became of them. */
    async claimExpired(workerId: string, now: Date, leaseMs: number, limit: number): Promise<ClaimedTarget[]> {
      const rows = await db.transaction((tx) =>
        take(
          tx,
          sql`select t.id from ${postTargets} t
              where t.status = 'publishing' and t.lease_until < ${now}
              order by t.lease_until limit ${limit}
              for update of t skip locked`,
          workerId,
          now,
          leaseMs,
        ),
      );
      // The interrupted attempt is the one to look for: keep its start, not this claim's.
      return rows.map((r) => ({
        ...toClaimed(now, true)(r),
        attemptStartedAt: asDate(r.previous_started_at) ?? now,
      }));
    },

    /** Keeps the lease while a long call (a video upload) is under way. */
    async extendLease(targetId: string, workerId: string, until: Date): Promise<boolean> {
      const rows = await db
        .update(postTargets)
        .set({ leaseUntil: until })
        .where(and(eq(postTargets.id, targetId), eq(postTargets.leaseOwner, workerId)))
        .returning({ id: postTargets.id });
      return rows.length > 0;
    },

    /**
     * Keeps what this attempt has made on the network so far (e.g. the posted parts of a thread), while the
     * lease is the caller's; false when it no longer is.
     */
    async recordProgress(targetId: string, workerId: string, progress: Record<string, unknown>): Promise<boolean> {
      const rows = await db
        .update(postTargets)
        .set({ progress })
        .where(and(eq(postTargets.id, targetId), eq(postTargets.leaseOwner, workerId)))
        .returning({ id: postTargets.id });
      return rows.length > 0;
    },

    published(
      targetId: string,
      workerId: string,
      now: Date,
      r: { externalId: string; url: string | null; notice?: string | null },
    ) {
      return settle(targetId, workerId, now, {
        status: "published",
        externalId: r.externalId,
        externalUrl: r.url,
        notice: r.notice ?? null,
        publishedAt: now,
        lastError: null,
        verifyFirst: false,
        nextAttemptAt: null,
      });
    },

    /** Back to the queue for another attempt at `at`. */
    retryAt(targetId: string, workerId: string, now: Date, at: Date, error: string, verifyFirst: boolean) {
      return settle(targetId, workerId, now, { status: "pending", nextAttemptAt: at, lastError: error, verifyFirst });
    },

    /** Done without success: `failed` with the network's message, or `unconfirmed` (the user must check). */
    failed(targetId: string, workerId: string, now: Date, error: string, status: "failed" | "unconfirmed" = "failed") {
      return settle(targetId, workerId, now, { status, lastError: error, nextAttemptAt: null, verifyFirst: false });
    },

    /** Targets waiting to go out now. */
    async depth(now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(postTargets)
        .where(and(eq(postTargets.status, "pending"), lte(postTargets.nextAttemptAt, now)));
      return row?.n ?? 0;
    },

    async beat(w: { id: string; host: string; pid: number; startedAt: Date }, now: Date) {
      await db
        .insert(workerHeartbeats)
        .values({ ...w, seenAt: now })
        .onConflictDoUpdate({ target: workerHeartbeats.id, set: { seenAt: now } });
    },

    async lastBeat(): Promise<Date | null> {
      const [row] = await db
        .select({ seenAt: workerHeartbeats.seenAt })
        .from(workerHeartbeats)
        .orderBy(desc(workerHeartbeats.seenAt))
        .limit(1);
      return row?.seenAt ?? null;
    },

    async forget(id: string) {
      await db.delete(workerHeartbeats).where(eq(workerHeartbeats.id, id));
    },
  };
}

export type QueueRepo = ReturnType<typeof createQueueRepo>;
