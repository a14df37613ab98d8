import {
  isoWeekday,
  type MoveQueuedPostBody,
  nextFreeSlot,
  nextSlotInstants,
  PLATFORM_LABELS,
  type Platform,
  type PostStatus,
  type PutQueueSlotsBody,
  QUEUE_MESSAGES,
  type QueueAccount,
  type QueueEntry,
  type QueueMove,
  type QueuePauseResponse,
  type QueueQuery,
  type QueueResponse,
  type QueueSlot,
  slotInstant,
  sortedSlots,
  type WeeklySlot,
  wallClock,
} from "@app/shared";
import type { Tx } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import type { RealtimeHub } from "../../realtime/hub";
import { assertCan, type Member } from "../workspaces/member";
import type { QueueAccountRow, QueueSlotRow, QueueSlotsRepo } from "./queue.repo";

/** The name an account goes by on the Queue screen and in messages. */
export const accountName = (a: Pick<QueueAccountRow, "displayName" | "username" | "platform">) =>
  a.displayName || (a.username ? `@${a.username}` : PLATFORM_LABELS[a.platform as Platform]);

const toApiAccount = (a: QueueAccountRow, slots: readonly QueueSlotRow[]): QueueAccount => ({
  id: a.id,
  platform: a.platform as Platform,
  name: accountName(a),
  avatarUrl: a.avatarUrl,
  paused: a.queuePaused,
  ownSlots: slots.some((s) => s.accountId === a.id),
});

const toApiSlot = (s: QueueSlotRow): QueueSlot => ({
  id: s.id,
  accountId: s.accountId,
  weekday: s.weekday,
  time: s.time,
});

/** An account's weekly schedule: its own slots, else the workspace's. */
function scheduleOf(accountId: string, slots: readonly QueueSlotRow[]): WeeklySlot[] {
  const own = slots.filter((s) => s.accountId === accountId);
  return own.length ? own : slots.filter((s) => s.accountId === null);
}

/** Whether an instant is one of the schedule's slots (a skipped time counts where it was moved to). */
function isSlot(schedule: readonly WeeklySlot[], zone: string, at: Date): boolean {
  const { date } = wallClock(at, zone);
  const weekday = isoWeekday(date);
  return schedule.some((s) => s.weekday === weekday && slotInstant(date, s.time, zone).getTime() === at.getTime());
}

/** Where Add to queue puts a post: one group of accounts per instant, soonest first. */
export interface QueuePlan {
  groups: { at: Date; accountIds: string[] }[];
  /** chosen accounts left out: their queue is paused */
  skipped: string[];
  /** what to tell about the skipped ones, or null */
  notice: string | null;
}

/**
 * The Queue screen and its changes: weekly slots (post.schedule), the workspace's time zone (organization.update),
 * pausing and resuming an account's queue, moving a queued post (post.schedule); and the plan Add to queue
 * follows (the posts service saves the posts). Changes take the workspace's lock, as Add to queue does, so two
 * requests never pick one slot; each change is told to the workspace's open tabs.
 */
export function createQueueService(deps: { repo: QueueSlotsRepo; hub: RealtimeHub; now?: () => Date }) {
  const { repo, hub } = deps;
  const now = deps.now ?? (() => new Date());

  /** Tells the workspace's tabs the queue changed, and which posts moved (their new times). */
  function changed(workspaceId: string, postIds: readonly string[] = []) {
    hub.publish(workspaceId, { name: "queue", data: { type: "queue.changed" } });
    for (const id of new Set(postIds)) hub.changed("posts", workspaceId, id);
  }

  async function activeAccount(workspaceId: string, accountId: string, q?: Tx) {
    const account = (await repo.accounts(workspaceId, q)).find((a) => a.id === accountId);
    if (!account) throw notFound(QUEUE_MESSAGES.unknownAccount);
    return account;
  }

  async function setPaused(member: Member, accountId: string, paused: boolean): Promise<QueuePauseResponse> {
    assertCan(member, "post", "schedule");
    const { workspaceId } = member;
    const at = now();
    const result = await repo.transaction(workspaceId, async (tx) => {
      const account = await activeAccount(workspaceId, accountId, tx);
      await repo.setPaused(tx, workspaceId, accountId, paused);
      const moved: QueueMove[] = [];
      if (!paused) {
        // The posts whose slot passed while paused take the next free slots, in their order.
        const overdue = await repo.overdue(tx, accountId, at);
        if (overdue.length) {
          const zone = await repo.timeZone(workspaceId, tx);
          const slots = await repo.slots(workspaceId, tx);
          const schedule = scheduleOf(accountId, slots);
          const taken = (await repo.taken(tx, [accountId], at)).get(accountId) ?? new Set<number>();
          const moves: { targetId: string; at: Date }[] = [];
          for (const o of overdue) {
            // Without slots any more, it goes out now, as a post scheduled in the past would.
            const next = nextFreeSlot(schedule, zone, at, taken);
            if (!next) continue;
            taken.add(next.getTime());
            moves.push({ targetId: o.id, at: next });
            moved.push({ postId: o.postId, accountId, from: o.slot.toISOString(), to: next.toISOString() });
          }
          await repo.assign(tx, moves);
        }
      }
      const slots = await repo.slots(workspaceId, tx);
      return { account: toApiAccount({ ...account, queuePaused: paused }, slots), moved };
    });
    changed(
      workspaceId,
      result.moved.map((m) => m.postId),
    );
    const name = result.account.name;
    return {
      ...result,
      message: paused ? QUEUE_MESSAGES.pausedDone(name) : QUEUE_MESSAGES.resumedDone(name, result.moved.length),
    };
  }

  return {
    /** The time zone, every slot, each account's paused state and its upcoming slots with their posts. */
    async read(member: Member, query: QueueQuery): Promise<QueueResponse> {
      const { workspaceId } = member;
      const [zone, slots, accounts] = await Promise.all([
        repo.timeZone(workspaceId),
        repo.slots(workspaceId),
        repo.accounts(workspaceId),
      ]);
      if (query.accountId && !accounts.some((a) => a.id === query.accountId))
        throw notFound(QUEUE_MESSAGES.unknownAccount);
      const shown = query.accountId ? accounts.filter((a) => a.id === query.accountId) : accounts;
      const queued = await repo.queued(
        workspaceId,
        shown.map((a) => a.id),
      );
      const at = now();
      const queues = shown.map((a) => {
        const schedule = scheduleOf(a.id, slots);
        const held = new Map(queued.filter((q) => q.accountId === a.id).map((q) => [q.slot.getTime(), q]));
        const instants = new Set([
          ...nextSlotInstants(schedule, zone, at, query.count).map((d) => d.getTime()),
          ...held.keys(),
        ]);
        const entries = [...instants]
          .sort((x, y) => x - y)
          .map((ms): QueueEntry => {
            const when = new Date(ms);
            const q = held.get(ms);
            return {
              at: when.toISOString(),
              ...wallClock(when, zone),
              post: q
                ? {
                    id: q.postId,
                    text: q.text,
                    status: q.postStatus as PostStatus,
                    platforms: q.platforms as Platform[],
                    mediaCount: q.mediaCount,
                  }
                : null,
              inSchedule: isSlot(schedule, zone, when),
              overdue: q !== undefined && ms <= at.getTime(),
            };
          });
        return { accountId: a.id, entries };
      });
      return {
        timeZone: zone,
        slots: slots.map(toApiSlot),
        accounts: accounts.map((a) => toApiAccount(a, slots)),
        queues,
      };
    },

    /**
     * Replaces the weekly slots of an account or of the workspace. Posts already queued keep their times (they
     * are not moved to the new slots): the Queue screen shows those no longer on a slot.
     */
    async setSlots(member: Member, body: PutQueueSlotsBody): Promise<QueueSlot[]> {
      assertCan(member, "post", "schedule");
      const { workspaceId } = member;
      const slots = await repo.transaction(workspaceId, async (tx) => {
        if (body.accountId) await activeAccount(workspaceId, body.accountId, tx);
        await repo.replaceSlots(tx, workspaceId, body.accountId, sortedSlots(body.slots));
        return repo.slots(workspaceId, tx);
      });
      changed(workspaceId);
      return slots.map(toApiSlot);
    },

    /** The zone slots are read in; posts already queued keep their instants. */
    async setTimeZone(member: Member, timeZone: string): Promise<string> {
      assertCan(member, "organization", "update");
      await repo.setTimeZone(member.workspaceId, timeZone);
      changed(member.workspaceId);
      return timeZone;
    },

    pause: (member: Member, accountId: string) => setPaused(member, accountId, true),
    /** Resumes; queued posts whose slot passed meanwhile move to the next free slots (told in the answer). */
    resume: (member: Member, accountId: string) => setPaused(member, accountId, false),

    /**
     * Moves a queued post of an account to another slot of its: an empty one of its schedule, or one held by
     * another waiting post, which takes the moved post's slot (a swap).
     */
    async move(member: Member, body: MoveQueuedPostBody): Promise<QueueMove[]> {
      assertCan(member, "post", "schedule");
      const { workspaceId } = member;
      const to = new Date(body.to);
      const at = now();
      if (to.getTime() <= at.getTime()) throw new AppError(409, "SLOT_PASSED", QUEUE_MESSAGES.slotPassed);
      const moved = await repo.transaction(workspaceId, async (tx) => {
        const target = await repo.queuedTarget(tx, workspaceId, body.postId, body.accountId);
        if (!target) throw notFound(QUEUE_MESSAGES.notQueued);
        if (target.slot.getTime() === to.getTime()) return [];
        const holder = await repo.holderOf(tx, body.accountId, to);
        const mine = { postId: body.postId, accountId: body.accountId, from: target.slot.toISOString() };
        if (holder) {
          // A swap puts the other post in this one's slot: a slot that passed is no place for it.
          if (holder.status !== "pending" || target.slot.getTime() <= at.getTime())
            throw new AppError(409, "SLOT_TAKEN", QUEUE_MESSAGES.slotTaken);
          await repo.assign(tx, [
            { targetId: target.id, at: to },
            { targetId: holder.id, at: target.slot },
          ]);
          return [
            { ...mine, to: to.toISOString() },
            { postId: holder.postId, accountId: body.accountId, from: to.toISOString(), to: mine.from },
          ];
        }
        const zone = await repo.timeZone(workspaceId, tx);
        const slots = await repo.slots(workspaceId, tx);
        if (!isSlot(scheduleOf(body.accountId, slots), zone, to))
          throw new AppError(400, "NOT_A_SLOT", QUEUE_MESSAGES.notASlot);
        await repo.assign(tx, [{ targetId: target.id, at: to }]);
        return [{ ...mine, to: to.toISOString() }];
      });
      if (moved.length)
        changed(
          workspaceId,
          moved.map((m) => m.postId),
        );
      return moved;
    },

    /**
     * Where Add to queue puts a post for these accounts (in the caller's transaction, which holds the workspace's
     * lock): each account's next free slot after now (its own schedule, else the workspace's), the accounts whose
     * next free slot is the same instant together. A paused account is left out (refused when all are); an
     * account without any slot is refused. `exceptPost`: a post queued again gives up its own slots.
     */
    async plan(tx: Tx, workspaceId: string, accountIds: readonly string[], exceptPost?: string): Promise<QueuePlan> {
      // One query at a time: a transaction's connection runs them in turn anyway.
      const zone = await repo.timeZone(workspaceId, tx);
      const slots = await repo.slots(workspaceId, tx);
      const accounts = await repo.accounts(workspaceId, tx);
      const chosen = accountIds
        .map((id) => accounts.find((a) => a.id === id))
        .filter((a): a is QueueAccountRow => a !== undefined);
      if (chosen.length === 0) throw new AppError(400, "NO_ACCOUNTS", QUEUE_MESSAGES.noAccounts);
      const names = (list: QueueAccountRow[]) => list.map(accountName).join(", ");
      const paused = chosen.filter((a) => a.queuePaused);
      const open = chosen.filter((a) => !a.queuePaused);
      if (open.length === 0)
        throw new AppError(400, "QUEUE_PAUSED", QUEUE_MESSAGES.paused(names(paused)), QUEUE_MESSAGES.pausedTitle);
      const without = open.filter((a) => scheduleOf(a.id, slots).length === 0);
      if (without.length)
        throw new AppError(
          400,
          "NO_QUEUE_SLOTS",
          without.length === chosen.length ? QUEUE_MESSAGES.noSlots : QUEUE_MESSAGES.noSlotsFor(names(without)),
          QUEUE_MESSAGES.noSlotsTitle,
        );
      const at = now();
      const taken = await repo.taken(
        tx,
        open.map((a) => a.id),
        at,
        exceptPost,
      );
      const byInstant = new Map<number, string[]>();
      for (const a of open) {
        const next = nextFreeSlot(scheduleOf(a.id, slots), zone, at, taken.get(a.id) ?? new Set()) as Date;
        byInstant.set(next.getTime(), [...(byInstant.get(next.getTime()) ?? []), a.id]);
      }
      return {
        groups: [...byInstant.entries()]
          .sort(([x], [y]) => x - y)
          .map(([ms, ids]) => ({ at: new Date(ms), accountIds: ids })),
        skipped: paused.map((a) => a.id),
        notice: paused.length ? QUEUE_MESSAGES.skippedPaused(names(paused)) : null,
      };
    },

    /** Puts a post's targets on these accounts in the slot (in the caller's transaction). */
    async fill(tx: Tx, postId: string, accountIds: readonly string[], at: Date) {
      const targets = await repo.targetsOf(tx, postId);
      await repo.assign(
        tx,
        accountIds.flatMap((id) => {
          const targetId = targets.get(id);
          return targetId ? [{ targetId, at }] : [];
        }),
      );
    },

    afterSave: repo.afterSave,
    changed,
  };
}
export type QueueService = ReturnType<typeof createQueueService>;
