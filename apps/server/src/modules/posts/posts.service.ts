import {
  type CalendarQuery,
  type CreatePostBody,
  can,
  checkPost,
  DEFAULT_DRAFT_TIME,
  MEDIA_MESSAGES,
  monthWindow,
  PLANS,
  type Platform,
  POST_MESSAGES,
  type Post,
  type PostStatus,
  RESENDABLE_STATUSES,
  REVISABLE_STATUSES,
  type SAVE_STATUSES,
  todayIn,
  type UpdatePostBody,
  wallClock,
  zonedInstant,
} from "@app/shared";
import type { Db, Tx } from "../../db/client";
import { AppError, notFound } from "../../http/errors";
import type { RealtimeHub } from "../../realtime/hub";
import type { AccountsRepo } from "../accounts/accounts.repo";
import { planOf } from "../billing/plan.repo";
import type { MediaRepo } from "../media/media.repo";
import { assertCan, type Member } from "../workspaces/member";
import type { NewTarget, PostForApi, PostsRepo, PostWithTargets } from "./posts.repo";

export interface PostsDeps {
  db: Db;
  repo: PostsRepo;
  accounts: AccountsRepo;
  /** A post may only use its workspace's media files. */
  media: Pick<MediaRepo, "facts">;
  hub: RealtimeHub;
  now?: () => Date;
}

export function toApiPost(row: PostForApi): Post {
  const { date, time } = wallClock(row.scheduledAt, row.timezone);
  return {
    id: row.id,
    content: row.content,
    hashtags: row.hashtags,
    mentions: row.mentions,
    media: row.media,
    options: row.options,
    facebookPageId: row.facebookPageId,
    status: row.status as PostStatus,
    scheduledAt: row.scheduledAt.toISOString(),
    timezone: row.timezone,
    scheduledDate: date,
    scheduledTime: time,
    platforms: [...new Set(row.targets.map((t) => t.platform as Platform))],
    targets: row.targets.map((t) => ({
      id: t.id,
      accountId: t.accountId,
      platform: t.platform as Platform,
      pageId: t.pageId,
      status: t.status as Post["targets"][number]["status"],
      lastError: t.lastError,
      notice: t.notice ?? null,
      externalUrl: t.externalUrl,
      publishedAt: t.publishedAt?.toISOString() ?? null,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Everything a post is written with, after defaults: what the rules check and the rows are made of. */
interface Written {
  content: string;
  hashtags: string[];
  mentions: string[];
  accountIds: string[];
  facebookPageId: string | null;
  media: CreatePostBody["media"];
  scheduledDate: string;
  scheduledTime: string;
  timezone: string;
  status: (typeof SAVE_STATUSES)[number];
  options: CreatePostBody["options"];
}

/**
 * Already taken by a worker, and going out or done with (out, or refused by a network): what "publish now"
 * asks for is happening or has happened. A post due now is often taken before its "publish now" arrives.
 */
const goingOut = (post: { status: string }) =>
  post.status === "publishing" ||
  post.status === "published" ||
  post.status === "partially_published" ||
  post.status === "failed";

/** JSON with sorted keys: PostgreSQL's jsonb keeps its own key order, not the one written. */
const stable = (v: unknown): string =>
  JSON.stringify(v, (_, x) =>
    x && typeof x === "object" && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x,
  );

const notEditable = () => new AppError(409, "POST_NOT_EDITABLE", POST_MESSAGES.notEditable);

export function createPostsService(deps: PostsDeps) {
  const { repo, hub } = deps;
  const now = deps.now ?? (() => new Date());

  const publish = (row: PostWithTargets, action: "insert" | "update" | "delete") => {
    hub.publish(row.workspaceId, { name: "posts", data: { type: "posts.changed", action, post: toApiPost(row) } });
    // Due now (publish now, a time already past, a retry): the publishing workers take it at once, not at their next poll.
    if (row.targets.some((t) => t.status === "pending" && t.nextAttemptAt && t.nextAttemptAt <= now())) hub.due();
  };

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
    const kinds = await deps.media.facts(
      workspaceId,
      filled.media.map((m) => m.id),
    );
    const media = filled.media.map((m) => kinds.get(m.id) ?? { kind: undefined });
    const problem = checkPost(
      { ...filled, media, platforms },
      filled.status === "draft" ? "draft" : "scheduled",
      now(),
    );
    if (problem) throw new AppError(400, problem.code, problem.message, problem.title);
    if (filled.media.some((m) => !kinds.has(m.id)))
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
  });

  return {
    async list(member: Member, filter: { from?: string; to?: string; status?: PostStatus }): Promise<Post[]> {
      const rows = await repo.list(member.workspaceId, {
        from: filter.from ? new Date(filter.from) : undefined,
        to: filter.to ? new Date(filter.to) : undefined,
        status: filter.status,
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

    /** A draft needs post.draft; a post saved scheduled (or published now) needs post.schedule. */
    async create(member: Member, input: CreatePostBody): Promise<Post> {
      const { workspaceId, userId } = member;
      const { publishNow, ...body } = input;
      assertCan(member, "post", body.status === "scheduled" ? "schedule" : "draft");
      if (publishNow) {
        if (body.status !== "scheduled")
          throw new AppError(400, "VALIDATION_ERROR", "Only a post being scheduled can be published now.");
        const at = wallClock(now(), body.timezone);
        body.scheduledDate = at.date;
        body.scheduledTime = at.time;
      }
      const { platforms, targets } = await targetsFor(workspaceId, body);
      const w = await checked(workspaceId, body, platforms);
      const row = await repo.transactionForWorkspace(workspaceId, async (tx) => {
        if (w.status === "scheduled") await assertRoomForAnother(tx, workspaceId, w.timezone);
        return repo.insert(
          tx,
          { workspaceId, userId, ...rowValues(w), createdAt: now(), updatedAt: now() },
          targets.map((t) => ({ ...t, nextAttemptAt: w.status === "scheduled" ? w.at : null })),
        );
      });
      publish(row, "insert");
      return toApiPost(row);
    },

    /**
     * Changes a post that has not started publishing. A new date alone keeps the time (a reschedule); the
     * date and time are read in the post's zone, so a daylight-saving change never shifts it. A draft saved as
     * a draft needs post.draft; any other change (a post that is, was or becomes scheduled) needs post.schedule.
     */
    async update(member: Member, id: string, body: UpdatePostBody): Promise<Post> {
      const { workspaceId } = member;
      const existing = await repo.find(workspaceId, id);
      if (!existing) throw notFound(POST_MESSAGES.notFound);
      if (!REVISABLE_STATUSES.includes(existing.status as PostStatus)) throw notEditable();
      // A post that failed is saved to go out again (its failed networks only), unless kept as a draft.
      const resend = RESENDABLE_STATUSES.includes(existing.status as PostStatus);
      const was = wallClock(existing.scheduledAt, existing.timezone);
      const merged: Written = {
        content: body.content ?? existing.content,
        hashtags: body.hashtags ?? existing.hashtags,
        mentions: body.mentions ?? existing.mentions,
        accountIds: body.accountIds ?? existing.targets.map((t) => t.accountId),
        facebookPageId: body.facebookPageId !== undefined ? body.facebookPageId : existing.facebookPageId,
        media: body.media ?? existing.media,
        scheduledDate: body.scheduledDate ?? was.date,
        scheduledTime: body.scheduledTime ?? was.time,
        timezone: body.timezone ?? existing.timezone,
        status: body.status ?? (resend ? "scheduled" : (existing.status as Written["status"])),
        options: body.options ?? existing.options,
      };
      // Only a draft that stays one is draft work; anything that is, was or becomes scheduled is scheduling.
      const draftWork = existing.status === "draft" && merged.status === "draft";
      assertCan(member, "post", draftWork ? "draft" : "schedule");
      const retarget = body.accountIds !== undefined || body.facebookPageId !== undefined;
      // Accounts disconnected since are checked only when the user picks accounts again.
      const { platforms, targets } = retarget
        ? await targetsFor(workspaceId, merged)
        : { platforms: [...new Set(existing.targets.map((t) => t.platform as Platform))], targets: [] };
      const w = await checked(workspaceId, merged, platforms);
      const nextAttemptAt = w.status === "scheduled" ? w.at : null;
      // What goes out changed: an X thread cut short starts afresh instead of going on from its old parts.
      const rewritten = (["content", "hashtags", "mentions", "media", "options"] as const).some(
        (k) => stable(w[k]) !== stable(existing[k]),
      );
      const row = await repo.transactionForWorkspace(workspaceId, async (tx) => {
        if (w.status === "scheduled" && (existing.status === "draft" || existing.status === "failed"))
          await assertRoomForAnother(tx, workspaceId, w.timezone);
        return repo.updateEditable(
          tx,
          workspaceId,
          id,
          rowValues(w),
          {
            ...(retarget && { replace: targets.map((t) => ({ ...t, nextAttemptAt })) }),
            nextAttemptAt,
            rewritten,
          },
          // Draft work is allowed only while the post is a draft (another member may schedule it meanwhile).
          draftWork ? "draft" : undefined,
        );
      });
      if (!row) throw notEditable();
      publish(row, "update");
      return toApiPost(row);
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
      return toApiPost(gone);
    },

    /** Publish now on a scheduled post: it becomes due at once and the publisher takes it from the queue. */
    async publishNow(member: Member, id: string): Promise<Post> {
      assertCan(member, "post", "schedule");
      const { workspaceId } = member;
      const existing = await repo.find(workspaceId, id);
      if (!existing) throw notFound(POST_MESSAGES.notFound);
      // A worker may have taken the post in the meantime (it was due): it is going out, as asked.
      if (goingOut(existing)) return toApiPost(existing);
      if (existing.status !== "scheduled") throw notEditable();
      const at = now();
      const row = await repo.transactionForWorkspace(workspaceId, (tx) =>
        repo.updateEditable(tx, workspaceId, id, { scheduledAt: at }, { nextAttemptAt: at }),
      );
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
