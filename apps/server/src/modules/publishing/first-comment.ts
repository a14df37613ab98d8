import {
  campaignUtm,
  FIRST_COMMENT_MESSAGES,
  type FirstCommentStatus,
  PLATFORM_LABELS,
  type Platform,
  tagLinks,
} from "@app/shared";
import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { posts, postTargets } from "../../db/schema";
import { type FirstCommentRequest, InboxUnavailable, type ReplyOutcome } from "../../platforms/platform";
import type { RealtimeHub } from "../../realtime/hub";
import type { ClaimedJob } from "../../worker/jobs.repo";
import type { JobHandler } from "../../worker/jobs-worker";
import { abandonOnce, type OnceRecord, sendOnce } from "../../worker/send-once";
import type { AccountRow } from "../accounts/accounts.repo";
import type { AccountsService } from "../accounts/accounts.service";
import { inboxAccountOf } from "../inbox/inbox.collect";
import { actingPageOf } from "../inbox/inbox.replies";

/**
 * The first comment (issue 23): posted by the account under its own post right after the post went out, on the
 * networks of FIRST_COMMENT_NETWORKS. A target that publishes with a first comment to post is marked "pending"
 * and its job queued in the statement that settles it (queue.repo.ts), so neither can be lost without the other;
 * one job per target (its key), and the target's status makes it happen once.
 */
export const FIRST_COMMENT_JOB = "post-first-comment";
export const firstCommentKey = (targetId: string) => `${FIRST_COMMENT_JOB}:${targetId}`;

export interface FirstCommentDeps {
  db: Db;
  accounts: Pick<AccountsService, "withAccount">;
  hub: RealtimeHub;
  now?: () => Date;
  /** attempts of its job before it is given up (the jobs worker's) */
  maxAttempts?: number;
}

/** The target with what posting its first comment needs: its post's comment, options and UTM choice. */
async function targetOf(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select({
      id: postTargets.id,
      postId: postTargets.postId,
      accountId: postTargets.accountId,
      platform: postTargets.platform,
      pageId: postTargets.pageId,
      externalId: postTargets.externalId,
      status: postTargets.firstCommentStatus,
      startedAt: postTargets.firstCommentStartedAt,
      text: posts.firstComment,
      options: posts.options,
      utmCampaign: posts.utmCampaign,
    })
    .from(postTargets)
    .innerJoin(posts, eq(posts.id, postTargets.postId))
    .where(and(eq(postTargets.id, id), eq(posts.workspaceId, workspaceId)));
  return row ? { ...row, workspaceId, platform: row.platform as Platform } : undefined;
}

type Target = NonNullable<Awaited<ReturnType<typeof targetOf>>>;

/** Still to be posted (the others are settled). */
const OPEN: readonly (string | null)[] = ["pending", "posting"] satisfies FirstCommentStatus[];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const targetIdOf = (job: Pick<ClaimedJob, "payload">) =>
  typeof job.payload.targetId === "string" && UUID.test(job.payload.targetId) ? job.payload.targetId : null;

/**
 * Posts a first comment exactly once, as the inbox sends a reply (worker/send-once.ts): "posting" with the moment
 * its attempt began before the network is called; an attempt that finds it "posting" asks the network
 * (findFirstComment) first; one that cannot ask fails it as unconfirmed, never posted again. A refusal (a missing
 * scope, the network's no) fails it with the reason, the post staying published. Every change of its status is
 * told to the workspace's tabs (the post's realtime event).
 */
export function createFirstCommentPoster(deps: FirstCommentDeps) {
  const now = deps.now ?? (() => new Date());
  const label = (platform: Platform) => PLATFORM_LABELS[platform] ?? platform;

  /** Changes the target's first comment if it is still as `expected` says; true when it did (the tabs are told). */
  async function change(t: Target, expected: SQL | undefined, set: Partial<typeof postTargets.$inferInsert>) {
    const rows = await deps.db
      .update(postTargets)
      .set(set)
      .where(and(eq(postTargets.id, t.id), expected))
      .returning({ id: postTargets.id });
    if (rows.length > 0) deps.hub.changed("posts", t.workspaceId, t.postId);
    return rows.length > 0;
  }
  /** The first comment as the attempt read it: unchanged by another attempt since. */
  const asRead = (t: Target) =>
    and(
      eq(postTargets.firstCommentStatus, t.status ?? ""),
      t.startedAt ? eq(postTargets.firstCommentStartedAt, t.startedAt) : isNull(postTargets.firstCommentStartedAt),
    );

  function requestFor(t: Target, account: AccountRow, token: string, since: Date): FirstCommentRequest {
    // In a campaign that tags its links, the comment's links carry the network's UTM parameters as the post's do.
    const text = t.utmCampaign ? tagLinks(t.text, campaignUtm(t.platform, t.utmCampaign)) : t.text;
    return {
      account: inboxAccountOf(account, token, actingPageOf(t.platform, t.pageId, t.options)),
      networkPostId: t.externalId ?? "",
      text,
      since,
    };
  }

  const failed = (t: Target, firstCommentError: string) =>
    change(t, asRead(t), { firstCommentStatus: "failed", firstCommentError });

  /** The target's first comment, as the exactly-once driver keeps it. */
  const recordOf = (workspaceId: string, id: string): OnceRecord<Target, ReplyOutcome> => ({
    read: () => targetOf(deps.db, workspaceId, id),
    state: (t) => ({ open: OPEN.includes(t.status), sendingSince: t.status === "posting" ? t.startedAt : null }),
    claim: (t, at) => change(t, asRead(t), { firstCommentStatus: "posting", firstCommentStartedAt: at }),
    done: (t, out) =>
      change(t, inArray(postTargets.firstCommentStatus, ["pending", "posting"]), {
        firstCommentStatus: "posted",
        firstCommentExternalId: out.networkId,
        firstCommentUrl: out.url,
        firstCommentError: null,
      }),
    unconfirmed: (t) => failed(t, FIRST_COMMENT_MESSAGES.unconfirmed(label(t.platform))),
    failed,
    retryLater: (t, firstCommentError, nothingSent) =>
      change(
        t,
        asRead(t),
        nothingSent
          ? { firstCommentStatus: "pending", firstCommentStartedAt: null, firstCommentError }
          : { firstCommentError },
      ),
  });

  async function abandon(job: ClaimedJob, error: string): Promise<void> {
    const id = targetIdOf(job);
    if (id && job.workspaceId) await abandonOnce(recordOf(job.workspaceId, id), error);
  }

  async function post(job: ClaimedJob): Promise<void> {
    const id = targetIdOf(job);
    const workspaceId = job.workspaceId;
    const first = id && workspaceId ? await targetOf(deps.db, workspaceId, id) : undefined;
    if (!id || !workspaceId || !first || !OPEN.includes(first.status)) return;
    if (!first.externalId) {
      await failed(first, FIRST_COMMENT_MESSAGES.postGone(label(first.platform)));
      return;
    }
    await sendOnce({
      job,
      record: recordOf(workspaceId, id),
      now,
      maxAttempts: deps.maxAttempts,
      withNetwork: (attempt) =>
        deps.accounts.withAccount(workspaceId, first.accountId, async ({ adapter, token, account }) => {
          const { firstComment, findFirstComment } = adapter;
          if (!firstComment)
            throw new InboxUnavailable("unsupported", FIRST_COMMENT_MESSAGES.notOffered(label(first.platform)));
          await attempt({
            lookup:
              findFirstComment && ((t, since) => findFirstComment.call(adapter, requestFor(t, account, token, since))),
            send: (t, since) => firstComment.call(adapter, requestFor(t, account, token, since)),
          });
        }),
    });
  }

  return { post, abandon };
}

/** The jobs worker's handler of first comments. */
export function firstCommentJobHandlers(deps: FirstCommentDeps): Record<string, JobHandler> {
  const { post, abandon } = createFirstCommentPoster(deps);
  return { [FIRST_COMMENT_JOB]: Object.assign((job: ClaimedJob) => post(job), { gaveUp: abandon }) };
}
