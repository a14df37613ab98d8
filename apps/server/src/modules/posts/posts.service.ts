import {
  APPROVAL_MESSAGES,
  type ApprovePostBody,
  CAMPAIGN_MESSAGES,
  type CalendarQuery,
  COUNTED_STATUSES,
  type CreatePostBody,
  can,
  checkPost,
  DEFAULT_DRAFT_TIME,
  type ListPostsQuery,
  MEDIA_MESSAGES,
  monthWindow,
  NOTIFICATION_DETAIL_MESSAGES,
  needsApproval,
  normalizeSearch,
  PLANS,
  type Platform,
  POST_MESSAGES,
  POST_SEARCH_LIMIT,
  type Post,
  type PostHistoryAction,
  type PostStatus,
  RESENDABLE_STATUSES,
  REVISABLE_STATUSES,
  rolesThatCan,
  todayIn,
  type UpdatePostBody,
  WORKSPACE_MESSAGES,
  wallClock,
  zonedInstant,
} from "@app/shared";
import type { Db, Tx } from "../../db/client";
import { AppError, forbidden, notFound } from "../../http/errors";
import type { RealtimeHub } from "../../realtime/hub";
import type { AccountsRepo } from "../accounts/accounts.repo";
import { planOf } from "../billing/plan.repo";
import { announceCampaign } from "../campaigns/campaigns.service";
import type { MediaRepo } from "../media/media.repo";
import { announceNotifications } from "../notifications/announce";
import { notify } from "../notifications/notify";
import type { QueueService } from "../queue/queue.service";
import { createQueuePosts } from "../queue/queue-posts";
import { approvalRequestedEvent, emitPostScheduled, emitWebhookEvents } from "../webhooks/webhook-events";
import { assertCan, type Member } from "../workspaces/member";
import type { NewHistory, PostActivityRepo } from "./post-activity.repo";
import { broadcastPost, toApiPost } from "./post-api";
import {
  goingOut,
  notEditable,
  notPending,
  platformsOf,
  SAVE_PERMISSION,
  savedAs,
  stable,
  submitInstead,
  type Written,
  whenOf,
  writtenFrom,
} from "./post-changes";
import { duplicateBody } from "./post-duplicate";
import type { NewTarget, PostsRepo, PostWithTargets } from "./posts.repo";

export interface PostsDeps {
  db: Db;
  repo: PostsRepo;
  /** comments and history: a change's history is written in its transaction */
  activity: PostActivityRepo;
  accounts: AccountsRepo;
  /** A post may only use its workspace's media files. */
  media: Pick<MediaRepo, "facts">;
  hub: RealtimeHub;
  /** the queue of time slots (issue 23): Add to queue, and a queued post rescheduled by hand leaving it */
  queue: QueueService;
  now?: () => Date;
}

export function createPostsService(deps: PostsDeps) {
  const { repo, activity, hub } = deps;
  const now = deps.now ?? (() => new Date());
  const publish = (row: PostWithTargets, action: "insert" | "update" | "delete") =>
    broadcastPost(hub, now, row, action);

  /**
   * Whether the member's posts must be approved before they are scheduled (rules/approval.ts). The workspace's
   * setting is read afresh from the database, and only for a role it concerns.
   */
  async function mustSubmit(member: Member): Promise<boolean> {
    if (needsApproval(member.role, false)) return true;
    return needsApproval(member.role, true) && (await repo.postsNeedApproval(member.workspaceId));
  }

  // Posts announced by reference (announce) are read here, for the workspaces watched from this process.
  hub.resolveWith("posts", async (changed) =>
    (await repo.findMany(changed)).map((row) => ({
      workspaceId: row.workspaceId,
      event: { name: "posts", data: { type: "posts.changed", action: "update", post: toApiPost(row) } },
    })),
  );

  /** The chosen accounts, which must be the workspace's active ones; one target per account. */
  async function targetsFor(
    workspaceId: string,
    w: Pick<Written, "accountIds" | "facebookPageId">,
  ): Promise<{ platforms: Platform[]; targets: Omit<NewTarget, "nextAttemptAt">[] }> {
    const active = new Map((await deps.accounts.listActive(workspaceId)).map((a) => [a.id, a]));
    const ids = [...new Set(w.accountIds)];
    const targets: Omit<NewTarget, "nextAttemptAt">[] = [];
    for (const id of ids) {
      const account = active.get(id);
      if (!account)
        throw new AppError(400, "UNKNOWN_ACCOUNT", POST_MESSAGES.unknownAccount, POST_MESSAGES.unknownAccountTitle);
      targets.push({
        accountId: id,
        platform: account.platform,
        pageId: account.platform === "facebook" ? w.facebookPageId : null,
      });
    }
    return { platforms: [...new Set(targets.map((t) => t.platform as Platform))], targets };
  }

  /**
   * Applies the spec's rules, with the kinds of the post's media, which must be the workspace's; a draft
   * without a date or time gets today at 09:00.
   */
  async function checked(workspaceId: string, w: Written, platforms: Platform[]): Promise<Written & { at: Date }> {
    const filled =
      w.status === "draft"
        ? {
            ...w,
            scheduledDate: w.scheduledDate || todayIn(w.timezone, now()),
            scheduledTime: w.scheduledTime || DEFAULT_DRAFT_TIME,
          }
        : w;
    // The media of the networks' own versions (variants) must be the workspace's too.
    const used = [filled.media, ...Object.values(filled.variants).map((v) => v?.media ?? [])].flat();
    const kinds = await deps.media.facts(workspaceId, [...new Set(used.map((m) => m.id))]);
    const factsOf = (list: Written["media"]) => list.map((m) => kinds.get(m.id) ?? { kind: undefined });
    const variants = Object.fromEntries(
      Object.entries(filled.variants).map(([p, v]) => [p, v && { ...v, media: factsOf(v.media) }]),
    );
    // In a campaign that tags its links, each network's length counts the links as it will receive them.
    const utmCampaign = filled.campaignId ? await repo.utmCampaignOf(workspaceId, filled.campaignId) : null;
    const problem = checkPost(
      { ...filled, media: factsOf(filled.media), variants, platforms, utmCampaign },
      filled.status === "draft" ? "draft" : "scheduled",
      now(),
    );
    if (problem) throw new AppError(400, problem.code, problem.message, problem.title);
    if (used.some((m) => !kinds.has(m.id)))
      throw new AppError(400, "UNKNOWN_MEDIA", MEDIA_MESSAGES.missingInPost, MEDIA_MESSAGES.notFound);
    return { ...filled, at: zonedInstant(filled.scheduledDate, filled.scheduledTime, filled.timezone) };
  }

  /** The Free plan's posts per month (the workspace's plan and posts), counted in the user's zone; fails closed. */
  async function assertRoomForAnother(tx: Tx, workspaceId: string, timezone: string) {
    try {
      const limit = PLANS[await planOf(tx, workspaceId, now())].limits.postsPerMonth;
      if (limit === null) return;
      if ((await repo.countCounted(workspaceId, monthWindow(now(), timezone), tx)) >= limit)
        throw new AppError(403, "PLAN_LIMIT", POST_MESSAGES.limitReached(limit), POST_MESSAGES.limitTitle);
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new AppError(503, "LIMIT_CHECK_FAILED", POST_MESSAGES.limitCheckFailed);
    }
  }

  /**
   * A post may name only a campaign of its workspace (400 otherwise); checked in the save's transaction, which
   * holds the campaign so it is not deleted before the post is written.
   */
  async function assertCampaign(tx: Tx, workspaceId: string, campaignId: string | null) {
    if (campaignId && !(await repo.holdCampaign(tx, workspaceId, campaignId)))
      throw new AppError(400, "UNKNOWN_CAMPAIGN", CAMPAIGN_MESSAGES.postCampaignUnknown);
  }

  /** The campaigns a post joined or left: their counts and figures changed. */
  function campaignsMoved(workspaceId: string, before: string | null, after: string | null) {
    if (before === after) return;
    for (const id of [before, after]) if (id) announceCampaign(hub, workspaceId, "update", id);
  }

  const rowValues = (w: Written & { at: Date }) => ({
    content: w.content,
    hashtags: w.hashtags,
    mentions: w.mentions,
    media: w.media,
    options: w.options,
    facebookPageId: w.facebookPageId,
    status: w.status,
    scheduledAt: w.at,
    timezone: w.timezone,
    campaignId: w.campaignId,
    variants: w.variants,
    firstComment: w.firstComment,
  });

  /** A history entry for what the member did to the post; a scheduling or an approval names the time. */
  const historyEntry = (
    member: Member,
    postId: string,
    action: PostHistoryAction,
    at: Date,
    w: Written,
  ): NewHistory => ({
    workspaceId: member.workspaceId,
    postId,
    actorId: member.userId,
    action,
    at,
    detail: action === "scheduled" || action === "approved" ? whenOf(w) : null,
  });

  /**
   * A post submitted for approval is told to the members who may approve it (the submitter left out); once per
   * submission (its time names it), so a post sent back and submitted again asks again.
   */
  const approvalRequested = async (tx: Tx, member: Member, postId: string, at: Date) => {
    // The workspace's webhooks hear of it too (approval.requested), once per submission.
    await emitWebhookEvents(tx, [approvalRequestedEvent(member.workspaceId, postId, member.userId, at)], at);
    return notify(
      tx,
      {
        workspaceId: member.workspaceId,
        kind: "approval_requested",
        dedupeKey: `approval_requested:${postId}:${at.getTime()}`,
        audience: { can: ["post", "approve"] },
        exceptUserId: member.userId,
        actorId: member.userId,
        postId,
        message: NOTIFICATION_DETAIL_MESSAGES.approvalRequested,
      },
      at,
    );
  };

  /** The post's submitter (else its author) hears that it was approved; once per submission. */
  const postApproved = (tx: Tx, member: Member, existing: PostWithTargets, w: Written, at: Date) =>
    notify(
      tx,
      {
        workspaceId: member.workspaceId,
        kind: "post_approved",
        dedupeKey: `post_approved:${existing.id}:${(existing.submittedAt ?? existing.updatedAt).getTime()}`,
        audience: { userIds: [existing.submittedBy ?? existing.userId] },
        exceptUserId: member.userId,
        actorId: member.userId,
        postId: existing.id,
        message: NOTIFICATION_DETAIL_MESSAGES.postApproved(whenOf(w)),
      },
      at,
    );

  /**
   * The right a save needs, from the status the post has and the one it gets: a draft kept a draft is draft
   * work; scheduling a pending post is approving it; submitting (or changing a pending post) is post.submit,
   * and a member who may not schedule changes that way only drafts and the posts they submitted themselves;
   * anything else that is or was scheduled is scheduling.
   */
  function assertMaySave(member: Member, existing: PostWithTargets, status: Written["status"]) {
    const from = existing.status as PostStatus;
    if (from === "draft" && status === "draft") return assertCan(member, "post", "draft");
    if (status === "scheduled") return assertCan(member, "post", from === "pending_approval" ? "approve" : "schedule");
    if (status === "pending_approval" || from === "pending_approval") {
      assertCan(member, "post", "submit");
      if (!can(member.role, "post", "schedule") && from !== "draft" && existing.submittedBy !== member.userId)
        throw forbidden(WORKSPACE_MESSAGES.notAllowed(rolesThatCan("post", "schedule")));
      return;
    }
    assertCan(member, "post", "schedule");
  }

  /**
   * Writes a checked change of a post, with its history, in one transaction holding the workspace's lock.
   * Undefined when the post no longer has the status it was read with (another member scheduled, approved or
   * rejected it meanwhile, or a worker took it): their change is not overwritten.
   */
  async function save(
    member: Member,
    existing: PostWithTargets,
    w: Written & { at: Date },
    replace?: Omit<NewTarget, "nextAttemptAt">[],
  ): Promise<PostWithTargets | undefined> {
    const { workspaceId } = member;
    // Only a scheduled post is in the publishing queue; a draft's and a pending post's targets wait for none.
    const nextAttemptAt = w.status === "scheduled" ? w.at : null;
    // What goes out changed: an X thread cut short starts afresh instead of going on from its old parts.
    const rewritten = (["content", "hashtags", "mentions", "media", "options", "variants"] as const).some(
      (k) => stable(w[k]) !== stable(existing[k]),
    );
    const from = existing.status as PostStatus;
    const action = savedAs(from, w.status);
    let noted = 0;
    const row = await repo.transactionForWorkspace(workspaceId, async (tx) => {
      if (w.status === "scheduled" && !COUNTED_STATUSES.includes(from))
        await assertRoomForAnother(tx, workspaceId, w.timezone);
      if (w.campaignId !== existing.campaignId) await assertCampaign(tx, workspaceId, w.campaignId);
      const at = now();
      const saved = await repo.updateEditable(
        tx,
        workspaceId,
        existing.id,
        { ...rowValues(w), ...(action === "submitted" && { submittedBy: member.userId, submittedAt: at }) },
        { ...(replace && { replace: replace.map((t) => ({ ...t, nextAttemptAt })) }), nextAttemptAt, rewritten },
        from,
      );
      if (!saved) return saved;
      // Moved by hand (or no longer scheduled): out of the queue; else its queued targets keep their slots.
      await deps.queue.afterSave(
        tx,
        existing.id,
        w.status !== "scheduled" || w.at.getTime() !== existing.scheduledAt.getTime(),
      );
      await activity.record(tx, [historyEntry(member, existing.id, action, at, w)]);
      if (action === "submitted") noted = (await approvalRequested(tx, member, existing.id, at)).length;
      if (w.status === "scheduled") await emitPostScheduled(tx, saved, at);
      if (action === "approved") noted = (await postApproved(tx, member, existing, w, at)).length;
      return saved;
    });
    if (row) {
      publish(row, "update");
      campaignsMoved(workspaceId, existing.campaignId, row.campaignId);
    }
    announceNotifications(hub, workspaceId, noted);
    return row;
  }

  const queued = createQueuePosts({
    repo,
    activity,
    queue: deps.queue,
    now,
    mustSubmit,
    targetsFor,
    checked,
    assertRoomForAnother,
    assertCampaign,
    rowValues,
    historyEntry,
    publish,
    campaignsMoved,
  });

  return {
    /** Add to queue: the post in the next free time slot of each chosen account (see queue/queue-posts.ts). */
    addToQueue: queued.add,
    /** Puts a draft or scheduled post in the next free time slots of its accounts. */
    queue: queued.queueExisting,

    /** The posts of the filter, soonest first; a search (q) returns at most POST_SEARCH_LIMIT unless told. */
    async list(member: Member, filter: ListPostsQuery): Promise<Post[]> {
      const q = normalizeSearch(filter.q);
      const rows = await repo.list(member.workspaceId, {
        from: filter.from ? new Date(filter.from) : undefined,
        to: filter.to ? new Date(filter.to) : undefined,
        status: filter.status,
        campaignId: filter.campaignId,
        q: q || undefined,
        limit: filter.limit ?? (q ? POST_SEARCH_LIMIT : undefined),
      });
      return rows.map(toApiPost);
    },

    /** The calendar's posts in [from, to): the JSON text of `calendarResponseSchema`, ready to send. */
    async calendar(member: Member, range: CalendarQuery): Promise<string> {
      return `{"items":${await repo.calendar(member.workspaceId, range)}}`;
    },

    async get(member: Member, id: string): Promise<Post> {
      const row = await repo.find(member.workspaceId, id);
      if (!row) throw notFound(POST_MESSAGES.notFound);
      return toApiPost(row);
    },

    /**
     * A draft needs post.draft, a post submitted for approval post.submit, a post scheduled (or published now)
     * post.schedule; a member whose posts need approval is told to submit it instead.
     */
    async create(member: Member, input: CreatePostBody): Promise<Post> {
      const { workspaceId, userId } = member;
      if (input.queue) return (await queued.add(member, input)).post;
      const { publishNow, ...body } = input;
      if (body.status === "scheduled" && (await mustSubmit(member))) throw submitInstead();
      assertCan(member, "post", SAVE_PERMISSION[body.status]);
      if (publishNow) {
        if (body.status !== "scheduled")
          throw new AppError(400, "VALIDATION_ERROR", "Only a post being scheduled can be published now.");
        const at = wallClock(now(), body.timezone);
        body.scheduledDate = at.date;
        body.scheduledTime = at.time;
      }
      const { platforms, targets } = await targetsFor(workspaceId, body);
      const w = await checked(workspaceId, body, platforms);
      let noted = 0;
      const row = await repo.transactionForWorkspace(workspaceId, async (tx) => {
        if (w.status === "scheduled") await assertRoomForAnother(tx, workspaceId, w.timezone);
        await assertCampaign(tx, workspaceId, w.campaignId);
        const at = now();
        const submitted = w.status === "pending_approval";
        const inserted = await repo.insert(
          tx,
          {
            workspaceId,
            userId,
            ...rowValues(w),
            createdAt: at,
            updatedAt: at,
            ...(submitted && { submittedBy: userId, submittedAt: at }),
          },
          targets.map((t) => ({ ...t, nextAttemptAt: w.status === "scheduled" ? w.at : null })),
        );
        const made = historyEntry(member, inserted.id, "created", at, w);
        const then = w.status === "draft" ? [] : [historyEntry(member, inserted.id, savedAs("draft", w.status), at, w)];
        await activity.record(tx, [made, ...then]);
        if (submitted) noted = (await approvalRequested(tx, member, inserted.id, at)).length;
        if (w.status === "scheduled") await emitPostScheduled(tx, inserted, at);
        return inserted;
      });
      publish(row, "insert");
      campaignsMoved(workspaceId, null, row.campaignId);
      announceNotifications(hub, workspaceId, noted);
      return toApiPost(row);
    },

    /**
     * What saving this post would refuse, without saving it (the CSV import's preview): the same rights and
     * rules as create. The plan's monthly limit and a queue's free slots are known only when saving.
     */
    async check(member: Member, input: CreatePostBody): Promise<void> {
      if (input.status === "scheduled" && (await mustSubmit(member))) throw submitInstead();
      assertCan(member, "post", SAVE_PERMISSION[input.status]);
      const { platforms } = await targetsFor(member.workspaceId, input);
      await checked(member.workspaceId, input, platforms);
    },

    /**
     * Changes a post that has not started publishing. A new date alone keeps the time (a reschedule); the
     * date and time are read in the post's zone, so a daylight-saving change never shifts it. See assertMaySave
     * for the right each change needs. A member whose posts need approval cannot schedule: their change of an
     * approved (scheduled) or failed post sends it back for approval instead.
     */
    async update(member: Member, id: string, body: UpdatePostBody): Promise<Post> {
      const { workspaceId } = member;
      const existing = await repo.find(workspaceId, id);
      if (!existing) throw notFound(POST_MESSAGES.notFound);
      const from = existing.status as PostStatus;
      if (!REVISABLE_STATUSES.includes(from)) throw notEditable();
      // A post that failed is saved to go out again (its failed networks only), unless kept as a draft.
      let status = body.status ?? (RESENDABLE_STATUSES.includes(from) ? "scheduled" : (from as Written["status"]));
      if (status === "scheduled" && (await mustSubmit(member))) {
        if (from === "draft" || from === "pending_approval") throw submitInstead();
        status = "pending_approval";
      }
      assertMaySave(member, existing, status);
      const merged = writtenFrom(existing, body, status);
      const retarget = body.accountIds !== undefined || body.facebookPageId !== undefined;
      // Accounts disconnected since are checked only when the user picks accounts again.
      const { platforms, targets } = retarget
        ? await targetsFor(workspaceId, merged)
        : { platforms: platformsOf(existing), targets: undefined };
      const w = await checked(workspaceId, merged, platforms);
      const row = await save(member, existing, w, targets);
      if (!row) throw notEditable();
      return toApiPost(row);
    },

    /**
     * Approves a post waiting for approval: it is scheduled at its own time, or at the new date and time sent
     * (needed once its own has passed), with every check of a scheduling (the plan's posts per month included).
     */
    async approve(member: Member, id: string, body: ApprovePostBody): Promise<Post> {
      assertCan(member, "post", "approve");
      const { workspaceId } = member;
      const existing = await repo.find(workspaceId, id);
      if (!existing) throw notFound(POST_MESSAGES.notFound);
      if (existing.status !== "pending_approval") throw notPending();
      // A member whose own posts need approval does not approve their own: another approver reviews it.
      if (existing.submittedBy === member.userId && (await mustSubmit(member)))
        throw forbidden(APPROVAL_MESSAGES.ownSubmission);
      const retimed = Object.values(body).some((v) => v !== undefined);
      if (!retimed && existing.scheduledAt.getTime() < now().getTime())
        throw new AppError(409, "TIME_PASSED", APPROVAL_MESSAGES.timePassed);
      const w = await checked(workspaceId, writtenFrom(existing, body, "scheduled"), platformsOf(existing));
      const row = await save(member, existing, w);
      if (!row) throw notPending();
      return toApiPost(row);
    },

    /**
     * A new draft of the member's with what the post says and where it goes (text, hashtags, mentions, media,
     * options, variants, first comment, campaign, accounts), without what became of it. Needs post.draft: a
     * Contributor copies any post of the workspace into a draft of their own. It keeps the post's date and
     * time while they are ahead, else takes a draft's default; accounts and media gone since are left out.
     */
    async duplicate(member: Member, id: string): Promise<Post> {
      assertCan(member, "post", "draft");
      const source = await repo.find(member.workspaceId, id);
      if (!source) throw notFound(POST_MESSAGES.notFound);
      const active = new Set((await deps.accounts.listActive(member.workspaceId)).map((a) => a.id));
      const media = [source.media, ...Object.values(source.variants ?? {}).map((v) => v?.media ?? [])].flat();
      const kept = await deps.media.facts(member.workspaceId, [...new Set(media.map((m) => m.id))]);
      return this.create(member, duplicateBody(source, { accounts: active, media: kept, now: now() }));
    },

    /** Needs post.delete, except that a member who may write drafts may delete a draft of their own. */
    async remove(member: Member, id: string): Promise<Post> {
      const { workspaceId } = member;
      const existing = await repo.find(workspaceId, id);
      if (!existing) throw notFound(POST_MESSAGES.notFound);
      const ownDraft =
        existing.status === "draft" && existing.userId === member.userId && can(member.role, "post", "draft");
      if (!ownDraft) assertCan(member, "post", "delete");
      const gone = await repo.deleteEditable(
        workspaceId,
        id,
        can(member.role, "post", "delete") ? undefined : member.userId,
      );
      if (!gone) throw new AppError(409, "POST_NOT_EDITABLE", POST_MESSAGES.notDeletable);
      publish(gone, "delete");
      campaignsMoved(workspaceId, gone.campaignId, null);
      return toApiPost(gone);
    },

    /** Publish now on a scheduled post: it becomes due at once and the publisher takes it from the queue. */
    async publishNow(member: Member, id: string): Promise<Post> {
      assertCan(member, "post", "schedule");
      if (await mustSubmit(member)) throw submitInstead();
      const { workspaceId } = member;
      const existing = await repo.find(workspaceId, id);
      if (!existing) throw notFound(POST_MESSAGES.notFound);
      // A worker may have taken the post in the meantime (it was due): it is going out, as asked.
      if (goingOut(existing)) return toApiPost(existing);
      if (existing.status !== "scheduled") throw notEditable();
      const at = now();
      const row = await repo.transactionForWorkspace(workspaceId, async (tx) => {
        const moved = await repo.updateEditable(tx, workspaceId, id, { scheduledAt: at }, { nextAttemptAt: at });
        // Published now: out of the queue, its slot free for another post.
        if (moved) await deps.queue.afterSave(tx, id, true);
        return moved;
      });
      if (!row) {
        const current = await repo.find(workspaceId, id);
        if (current && goingOut(current)) return toApiPost(current);
        throw notEditable();
      }
      publish(row, "update");
      return toApiPost(row);
    },

    /** Sends the networks that failed the post again, now. */
    async retry(member: Member, id: string): Promise<Post> {
      assertCan(member, "post", "schedule");
      const row = await repo.retryFailed(member.workspaceId, id, now());
      if (!row) {
        if (!(await repo.find(member.workspaceId, id))) throw notFound(POST_MESSAGES.notFound);
        throw new AppError(409, "NOTHING_TO_RETRY", POST_MESSAGES.nothingToRetry);
      }
      publish(row, "update");
      return toApiPost(row);
    },

    /**
     * Tells the open tabs of the post's workspace that it changed (the worker calls it as targets settle). The
     * posts announced together go out as references in one notification, and are read only by the processes
     * where their workspaces have a tab open (see the resolver above), not here for every post.
     */
    announce(workspaceId: string, id: string): void {
      hub.changed("posts", workspaceId, id);
    },

    /** Posts of the workspace counted towards the plan this month, in the user's zone. */
    postsThisMonth(workspaceId: string, timezone: string): Promise<number> {
      return repo.countCounted(workspaceId, monthWindow(now(), timezone));
    },
  };
}
export type PostsService = ReturnType<typeof createPostsService>;
