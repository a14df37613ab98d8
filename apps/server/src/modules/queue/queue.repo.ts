import { QUEUE_TEXT_LENGTH, type WeeklySlot } from "@app/shared";
import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { type Db, type Queryable, rowsOf, type Tx } from "../../db/client";
import { lockWorkspace } from "../../db/locks";
import { posts, postTargets, queueSlots, socialAccounts, workspaces } from "../../db/schema";

export type QueueSlotRow = typeof queueSlots.$inferSelect;

/** An active account as the queue sees it. */
export interface QueueAccountRow {
  id: string;
  platform: string;
  displayName: string | null;
  username: string | null;
  avatarUrl: string | null;
  queuePaused: boolean;
}

/** A target waiting in a queue slot, with what the Queue screen shows of its post. */
export interface QueuedTargetRow {
  targetId: string;
  postId: string;
  accountId: string;
  slot: Date;
  postStatus: string;
  text: string;
  platforms: string[];
  mediaCount: number;
}

/** A queued target that still waits to go out (not claimed by a worker). */
const waiting = and(isNotNull(postTargets.queueSlot), eq(postTargets.status, "pending"));

/**
 * The queue's data: the workspace's time zone and weekly slots, its accounts' paused flags, and the slots held by
 * post targets (post_targets.queue_slot, one post per account and instant by a unique index). Every query takes
 * the workspace; targets are reached through their workspace's posts or accounts.
 */
export function createQueueSlotsRepo(db: Db) {
  /** Each queued target's post goes out at its earliest waiting slot (what the calendar shows). */
  async function syncPostTimes(tx: Tx, postIds: readonly string[]) {
    if (postIds.length === 0) return;
    await tx.execute(sql`
      update ${posts} p set scheduled_at = s.at, updated_at = now()
      from (
        select t.post_id, min(t.queue_slot) as at from ${postTargets} t
        where t.post_id in (${sql.join(
          postIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )}) and t.queue_slot is not null and t.status = 'pending'
        group by t.post_id
      ) s
      where p.id = s.post_id and p.status = 'scheduled' and p.scheduled_at <> s.at`);
  }

  return {
    /** Runs `work` in a transaction holding the workspace's lock: queue changes and Add to queue take turns. */
    transaction<T>(workspaceId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await lockWorkspace(tx, workspaceId);
        return work(tx);
      });
    },

    async timeZone(workspaceId: string, q: Queryable = db): Promise<string> {
      const [row] = await q.select({ tz: workspaces.timeZone }).from(workspaces).where(eq(workspaces.id, workspaceId));
      return row?.tz ?? "UTC";
    },

    async setTimeZone(workspaceId: string, timeZone: string): Promise<void> {
      await db.update(workspaces).set({ timeZone }).where(eq(workspaces.id, workspaceId));
    },

    /** The workspace's slots, its own (account null) first, each by weekday and time. */
    slots(workspaceId: string, q: Queryable = db): Promise<QueueSlotRow[]> {
      return q
        .select()
        .from(queueSlots)
        .where(eq(queueSlots.workspaceId, workspaceId))
        .orderBy(sql`${queueSlots.accountId} nulls first`, asc(queueSlots.weekday), asc(queueSlots.time));
    },

    /** Replaces the weekly slots of an account (or of the workspace, accountId null). */
    async replaceSlots(tx: Tx, workspaceId: string, accountId: string | null, slots: readonly WeeklySlot[]) {
      await tx
        .delete(queueSlots)
        .where(
          and(
            eq(queueSlots.workspaceId, workspaceId),
            accountId === null ? isNull(queueSlots.accountId) : eq(queueSlots.accountId, accountId),
          ),
        );
      if (slots.length)
        await tx
          .insert(queueSlots)
          .values(slots.map((s) => ({ workspaceId, accountId, weekday: s.weekday, time: s.time })));
    },

    /** The workspace's active accounts, oldest first (the order of the Queue screen). */
    accounts(workspaceId: string, q: Queryable = db): Promise<QueueAccountRow[]> {
      return q
        .select({
          id: socialAccounts.id,
          platform: socialAccounts.platform,
          displayName: socialAccounts.displayName,
          username: socialAccounts.username,
          avatarUrl: socialAccounts.avatarUrl,
          queuePaused: socialAccounts.queuePaused,
        })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.isActive, true)))
        .orderBy(asc(socialAccounts.createdAt), asc(socialAccounts.id));
    },

    /**
     * The instants each of these accounts holds after `from` (any target, published or not: the unique index
     * counts them all), but those of `exceptPost` (a post being queued again gives its own slots up).
     */
    async taken(
      tx: Queryable,
      accountIds: readonly string[],
      from: Date,
      exceptPost?: string,
    ): Promise<Map<string, Set<number>>> {
      const out = new Map<string, Set<number>>(accountIds.map((id) => [id, new Set<number>()]));
      if (accountIds.length === 0) return out;
      const rows = await tx
        .select({ accountId: postTargets.accountId, slot: postTargets.queueSlot })
        .from(postTargets)
        .where(
          and(
            inArray(postTargets.accountId, [...accountIds]),
            gt(postTargets.queueSlot, from),
            exceptPost ? ne(postTargets.postId, exceptPost) : undefined,
          ),
        );
      for (const r of rows) if (r.slot) out.get(r.accountId)?.add(r.slot.getTime());
      return out;
    },

    /** The queued targets waiting to go out on the workspace's accounts (all, or these), by slot. */
    async queued(workspaceId: string, accountIds?: readonly string[]): Promise<QueuedTargetRow[]> {
      const text = sql<string>`left(coalesce(nullif(btrim(${posts.content}), ''),
        array_to_string(array(select '#' || h from unnest(${posts.hashtags}) as u(h)), ' ')), ${QUEUE_TEXT_LENGTH}::int)`;
      const rows = await db
        .select({
          targetId: postTargets.id,
          postId: postTargets.postId,
          accountId: postTargets.accountId,
          slot: postTargets.queueSlot,
          postStatus: posts.status,
          text,
          platforms: posts.platforms,
          mediaCount: sql<number>`jsonb_array_length(${posts.media})::int`,
        })
        .from(postTargets)
        .innerJoin(posts, eq(posts.id, postTargets.postId))
        .where(
          and(
            eq(posts.workspaceId, workspaceId),
            waiting,
            accountIds ? inArray(postTargets.accountId, [...accountIds]) : undefined,
          ),
        )
        .orderBy(asc(postTargets.queueSlot));
      return rows.map((r) => ({ ...r, slot: r.slot as Date, mediaCount: Number(r.mediaCount) }));
    },

    /** The queued target of a post on an account of the workspace, still waiting to go out. */
    async queuedTarget(tx: Tx, workspaceId: string, postId: string, accountId: string) {
      const [row] = await tx
        .select({ id: postTargets.id, slot: postTargets.queueSlot, postStatus: posts.status })
        .from(postTargets)
        .innerJoin(posts, eq(posts.id, postTargets.postId))
        .where(
          and(
            eq(posts.workspaceId, workspaceId),
            eq(postTargets.postId, postId),
            eq(postTargets.accountId, accountId),
            waiting,
          ),
        )
        .for("update");
      return row && { id: row.id, slot: row.slot as Date, postStatus: row.postStatus };
    },

    /** The waiting target holding an account's slot at `at`, if any (the post a move swaps with). */
    async holderOf(tx: Tx, accountId: string, at: Date) {
      const [row] = await tx
        .select({ id: postTargets.id, postId: postTargets.postId, status: postTargets.status })
        .from(postTargets)
        .where(and(eq(postTargets.accountId, accountId), eq(postTargets.queueSlot, at)))
        .for("update");
      return row;
    },

    /**
     * Puts targets in slots: each goes out at its slot, unless its account's queue is paused (then it waits,
     * next_attempt_at null, until resumed). The slots are freed first, so targets may swap theirs.
     */
    async assign(tx: Tx, moves: readonly { targetId: string; at: Date }[]) {
      if (moves.length === 0) return;
      const ids = moves.map((m) => m.targetId);
      await tx.update(postTargets).set({ queueSlot: null }).where(inArray(postTargets.id, ids));
      for (const m of moves)
        await tx.execute(sql`
          update ${postTargets} t set queue_slot = ${m.at}, updated_at = now(),
            next_attempt_at = case when a.queue_paused then null else ${m.at}::timestamptz end
          from ${socialAccounts} a
          where t.id = ${m.targetId} and a.id = t.account_id`);
      const touched = await tx
        .select({ postId: postTargets.postId })
        .from(postTargets)
        .where(inArray(postTargets.id, ids));
      await syncPostTimes(tx, [...new Set(touched.map((r) => r.postId))]);
    },

    /** The targets of a post on these accounts, by account (to put them in slots). */
    async targetsOf(tx: Tx, postId: string): Promise<Map<string, string>> {
      const rows = await tx
        .select({ id: postTargets.id, accountId: postTargets.accountId })
        .from(postTargets)
        .where(eq(postTargets.postId, postId));
      return new Map(rows.map((r) => [r.accountId, r.id]));
    },

    /**
     * After a post was saved: rescheduled by hand (`unqueue`), it leaves the queue; otherwise its queued targets
     * keep their own slots, and those of paused accounts keep waiting (a save sets every target to the post's time).
     */
    async afterSave(tx: Tx, postId: string, unqueue: boolean) {
      if (unqueue) {
        await tx
          .update(postTargets)
          .set({ queueSlot: null })
          .where(
            and(eq(postTargets.postId, postId), isNotNull(postTargets.queueSlot), eq(postTargets.status, "pending")),
          );
        return;
      }
      await tx.execute(sql`
        update ${postTargets} t
        set next_attempt_at = case when a.queue_paused or p.status <> 'scheduled' then null else t.queue_slot end
        from ${socialAccounts} a, ${posts} p
        where t.post_id = ${postId} and t.queue_slot is not null and t.status = 'pending'
          and a.id = t.account_id and p.id = t.post_id`);
    },

    /** Sets an account's paused flag; its waiting queued targets stop (or start) being due. */
    async setPaused(tx: Tx, workspaceId: string, accountId: string, paused: boolean): Promise<boolean> {
      const [row] = await tx
        .update(socialAccounts)
        .set({ queuePaused: paused })
        .where(
          and(
            eq(socialAccounts.workspaceId, workspaceId),
            eq(socialAccounts.id, accountId),
            eq(socialAccounts.isActive, true),
          ),
        )
        .returning({ id: socialAccounts.id });
      if (!row) return false;
      await tx.execute(sql`
        update ${postTargets} t
        set next_attempt_at = ${paused ? sql`null` : sql`t.queue_slot`}, updated_at = now()
        from ${posts} p
        where t.account_id = ${accountId} and t.queue_slot is not null and t.status = 'pending'
          and p.id = t.post_id and p.status in ('scheduled', 'publishing')`);
      return true;
    },

    /** An account's waiting queued targets whose slot is at or before `now`, oldest first (moved on resume). */
    async overdue(tx: Tx, accountId: string, now: Date) {
      const rows = rowsOf<{ id: string; post_id: string; queue_slot: string | Date }>(
        await tx.execute(sql`
          select t.id, t.post_id, t.queue_slot from ${postTargets} t
          join ${posts} p on p.id = t.post_id
          where t.account_id = ${accountId} and t.queue_slot is not null and t.status = 'pending'
            and t.queue_slot <= ${now} and p.status in ('scheduled', 'publishing')
          order by t.queue_slot
          for update of t`),
      );
      return rows.map((r) => ({ id: r.id, postId: r.post_id, slot: new Date(r.queue_slot) }));
    },
  };
}
export type QueueSlotsRepo = ReturnType<typeof createQueueSlotsRepo>;
