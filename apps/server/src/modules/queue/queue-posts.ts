import {
  type CreatePostBody,
  type Platform,
  type Post,
  type PostStatus,
  QUEUE_MESSAGES,
  type QueuedPostsResponse,
  wallClock,
} from "@app/shared";
import type { Tx } from "../../db/client";
import type { posts } from "../../db/schema";
import { AppError, forbidden, notFound } from "../../http/errors";
import type { NewHistory, PostActivityRepo } from "../posts/post-activity.repo";
import { toApiPost } from "../posts/post-api";
import { savedAs, type Written, writtenFrom } from "../posts/post-changes";
import type { NewTarget, PostsRepo, PostWithTargets } from "../posts/posts.repo";
import { emitPostScheduled } from "../webhooks/webhook-events";
import { assertCan, type Member } from "../workspaces/member";
import type { QueueService } from "./queue.service";

type Checked = Written & { at: Date };
type Targets = Omit<NewTarget, "nextAttemptAt">[];

/** What Add to queue borrows from the posts service: its checks and how it writes and tells a post. */
export interface QueuePostsKit {
  repo: PostsRepo;
  activity: PostActivityRepo;
  queue: QueueService;
  now: () => Date;
  mustSubmit(member: Member): Promise<boolean>;
  targetsFor(
    workspaceId: string,
    w: Pick<Written, "accountIds" | "facebookPageId">,
  ): Promise<{
    platforms: Platform[];
    targets: Targets;
  }>;
  checked(workspaceId: string, w: Written, platforms: Platform[]): Promise<Checked>;
  assertRoomForAnother(tx: Tx, workspaceId: string, timezone: string): Promise<void>;
  assertCampaign(tx: Tx, workspaceId: string, campaignId: string | null): Promise<void>;
  rowValues(w: Checked): Omit<typeof posts.$inferInsert, "workspaceId" | "userId">;
  historyEntry(member: Member, postId: string, action: NewHistory["action"], at: Date, w: Written): NewHistory;
  publish(row: PostWithTargets, action: "insert" | "update"): void;
  campaignsMoved(workspaceId: string, before: string | null, after: string | null): void;
}

/** The statuses a post may be queued from: not yet submitted or already scheduled, and not going out. */
const QUEUEABLE: readonly PostStatus[] = ["draft", "scheduled"];

/** A unique index refused a slot another request took meanwhile (two processes on one database). */
const slotTaken = (err: unknown): boolean =>
  typeof err === "object" &&
  err !== null &&
  ((err as { code?: string }).code === "23505" || slotTaken((err as { cause?: unknown }).cause));

/**
 * Add to queue (issue 23): a post goes into the next free slot of each chosen account (queue.service's plan);
 * accounts whose next free slot is the same instant share one post, the others get a copy each. Like a
 * scheduling it needs post.schedule and is not for a member whose posts need approval (they submit them).
 */
export function createQueuePosts(kit: QueuePostsKit) {
  const { repo, activity, queue } = kit;

  /** The refusals of every queueing, before anything is read. */
  async function assertMayQueue(member: Member) {
    if (await kit.mustSubmit(member)) throw forbidden(QUEUE_MESSAGES.submitInstead);
    assertCan(member, "post", "schedule");
  }

  /**
   * Checks the post as scheduled at its first slot (the rules do not depend on which one), then in one
   * transaction holding the workspace's lock plans the slots and writes each post; a slot taken by another
   * process meanwhile (the unique index) starts the transaction again with the next free ones.
   */
  async function place(member: Member, w: Written, existing?: PostWithTargets): Promise<QueuedPostsResponse> {
    const { workspaceId } = member;
    const { platforms, targets } = await kit.targetsFor(workspaceId, w);
    const first = await repo.transactionForWorkspace(workspaceId, (tx) =>
      queue.plan(tx, workspaceId, w.accountIds, existing?.id),
    );
    const firstAt = first.groups[0]?.at as Date;
    const checked = await kit.checked(workspaceId, { ...w, ...dateTime(firstAt, w.timezone) }, platforms);
    for (let attempt = 1; ; attempt++) {
      try {
        const written = await repo.transactionForWorkspace(workspaceId, (tx) =>
          write(tx, member, checked, targets, existing),
        );
        for (const [i, row] of written.rows.entries()) kit.publish(row, i === 0 && existing ? "update" : "insert");
        for (const [i, row] of written.rows.entries())
          kit.campaignsMoved(workspaceId, i === 0 && existing ? existing.campaignId : null, row.campaignId);
        queue.changed(workspaceId);
        const all = written.rows.map(toApiPost);
        return { post: all[0] as Post, posts: all, skipped: written.skipped, notice: written.notice };
      } catch (err) {
        if (attempt >= 3 || !slotTaken(err)) throw err;
      }
    }
  }

  async function write(tx: Tx, member: Member, w: Checked, targets: Targets, existing?: PostWithTargets) {
    const { workspaceId, userId } = member;
    const plan = await queue.plan(tx, workspaceId, w.accountIds, existing?.id);
    const rows: PostWithTargets[] = [];
    const at = kit.now();
    for (const [i, group] of plan.groups.entries()) {
      const g: Checked = { ...w, ...dateTime(group.at, w.timezone), at: group.at, accountIds: group.accountIds };
      const mine = targets
        .filter((t) => group.accountIds.includes(t.accountId))
        .map((t) => ({ ...t, nextAttemptAt: group.at }));
      let row: PostWithTargets | undefined;
      if (i === 0 && existing) {
        if (existing.status !== "scheduled") await kit.assertRoomForAnother(tx, workspaceId, g.timezone);
        row = await repo.updateEditable(
          tx,
          workspaceId,
          existing.id,
          kit.rowValues(g),
          { replace: mine, nextAttemptAt: group.at },
          existing.status as PostStatus,
        );
        if (!row) throw new AppError(409, "POST_NOT_EDITABLE", QUEUE_MESSAGES.notQueueable);
        await activity.record(tx, [
          kit.historyEntry(member, row.id, savedAs(existing.status as PostStatus, "scheduled"), at, g),
        ]);
      } else {
        await kit.assertRoomForAnother(tx, workspaceId, g.timezone);
        await kit.assertCampaign(tx, workspaceId, g.campaignId);
        row = await repo.insert(tx, { workspaceId, userId, ...kit.rowValues(g), createdAt: at, updatedAt: at }, mine);
        await activity.record(tx, [
          kit.historyEntry(member, row.id, "created", at, g),
          kit.historyEntry(member, row.id, "scheduled", at, g),
        ]);
      }
      await queue.fill(tx, row.id, group.accountIds, group.at);
      const placed = (await repo.find(workspaceId, row.id, tx)) as PostWithTargets;
      await emitPostScheduled(tx, placed, at);
      rows.push(placed);
    }
    return { rows, skipped: plan.skipped, notice: plan.notice };
  }

  return {
    /** A new post (the composer's body with `queue`) into the next free slots of its accounts. */
    async add(member: Member, input: CreatePostBody): Promise<QueuedPostsResponse> {
      if (input.status !== "scheduled" || input.publishNow)
        throw new AppError(400, "VALIDATION_ERROR", QUEUE_MESSAGES.onlyScheduled);
      await assertMayQueue(member);
      const { publishNow: _, queue: __, ...w } = input;
      return place(member, w);
    },

    /** A draft or scheduled post into the next free slots of its accounts (again, if it was queued). */
    async queueExisting(member: Member, id: string): Promise<QueuedPostsResponse> {
      await assertMayQueue(member);
      const existing = await repo.find(member.workspaceId, id);
      if (!existing) throw notFound();
      if (!QUEUEABLE.includes(existing.status as PostStatus))
        throw new AppError(409, "POST_NOT_EDITABLE", QUEUE_MESSAGES.notQueueable);
      return place(member, writtenFrom(existing, {}, "scheduled"), existing);
    },
  };
}

const dateTime = (at: Date, zone: string) => {
  const { date, time } = wallClock(at, zone);
  return { scheduledDate: date, scheduledTime: time };
};
