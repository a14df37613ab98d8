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
import { NetworkError } from "../../platforms/http";
import { type FirstCommentRequest, InboxUnavailable, type ReplyOutcome } from "../../platforms/platform";
import type { RealtimeHub } from "../../realtime/hub";
import type { ClaimedJob } from "../../worker/jobs.repo";
import { failureOf, JOB_MAX_ATTEMPTS, type JobHandler, nextAttempt } from "../../worker/jobs-worker";
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
 * Posts a first comment exactly once, as the inbox sends a reply (inbox.replies.ts): marked "posting" with the
 * moment the attempt began, in a statement of its own, before the network is called. An attempt that finds it
 * "posting" (its worker stopped, or the call timed out or got a 5xx) asks the network first (findFirstComment,
 * since that moment): found, it is posted; not found, it is posted again; cannot ask, it fails as unconfirmed
 * and is never posted again. A refusal (a missing scope, the network's no) fails it with the reason, the post
 * staying published; a passing failure is tried again by the job with backoff. Every change of its status is
 * told to the workspace's tabs (the post's realtime event).
 */
export function createFirstCommentPoster(deps: FirstCommentDeps) {
  const now = deps.now ?? (() => new Date());
  const maxAttempts = deps.maxAttempts ?? JOB_MAX_ATTEMPTS;
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
  const posting = eq(postTargets.firstCommentStatus, "posting");
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

  const posted = (t: Target, out: ReplyOutcome) =>
    change(t, inArray(postTargets.firstCommentStatus, ["pending", "posting"]), {
      firstCommentStatus: "posted",
      firstCommentExternalId: out.networkId,
      firstCommentUrl: out.url,
      firstCommentError: null,
    });

  /** How far an attempt went: preparing (nothing asked of the network yet), asking it, posting, posted. */
  type Phase = "prepare" | "lookup" | "call" | "done";

  /**
   * A failed attempt: settled for good (a refusal, or the job's last attempt), or left for the job's next attempt
   * (thrown again). A comment that may be on the network unbeknown to us is failed as unconfirmed, never posted again.
   */
  async function settle(t: Target, job: ClaimedJob, err: unknown, phase: Phase): Promise<void> {
    if (phase === "done") throw err;
    const fresh = await targetOf(deps.db, t.workspaceId, t.id);
    if (!fresh || !OPEN.includes(fresh.status)) return;
    const refused = err instanceof InboxUnavailable || (err instanceof NetworkError && !err.transient);
    // A 429 or a refusal made nothing; a timeout, a 5xx or an unknown failure may hide a comment that was made.
    const mayHaveGone = !refused && (!(err instanceof NetworkError) || err.status === 0 || err.status >= 500);
    const inDoubt = fresh.status === "posting" && (phase !== "call" || mayHaveGone);
    const final = (error: string) =>
      change(fresh, asRead(fresh), {
        firstCommentStatus: "failed",
        firstCommentError: inDoubt ? FIRST_COMMENT_MESSAGES.unconfirmed(label(fresh.platform)) : error,
      });
    if (refused) {
      await final(err.message);
      return;
    }
    const { error, retryAt } = nextAttempt(failureOf(err), job.attempts, now(), maxAttempts);
    if (retryAt === null) {
      await final(error);
      return;
    }
    // Nothing on the network from this call: the next attempt posts without asking first.
    if (phase === "call" && !inDoubt)
      await change(fresh, asRead(fresh), {
        firstCommentStatus: "pending",
        firstCommentStartedAt: null,
        firstCommentError: error,
      });
    else await change(fresh, asRead(fresh), { firstCommentError: error });
    throw err;
  }

  /**
   * The job was given up without a last attempt (its workers kept stopping): a comment that may have gone out is
   * failed as unconfirmed, one that cannot have gone out failed with the error. Never left "posting".
   */
  async function abandon(job: ClaimedJob, error: string): Promise<void> {
    const id = targetIdOf(job);
    const t = id && job.workspaceId ? await targetOf(deps.db, job.workspaceId, id) : undefined;
    if (!t) return;
    if (t.status === "posting")
      await change(t, posting, {
        firstCommentStatus: "failed",
        firstCommentError: FIRST_COMMENT_MESSAGES.unconfirmed(label(t.platform)),
      });
    else if (t.status === "pending")
      await change(t, eq(postTargets.firstCommentStatus, "pending"), {
        firstCommentStatus: "failed",
        firstCommentError: error,
      });
  }

  async function post(job: ClaimedJob): Promise<void> {
    const id = targetIdOf(job);
    const workspaceId = job.workspaceId;
    let t = id && workspaceId ? await targetOf(deps.db, workspaceId, id) : undefined;
    if (!id || !workspaceId || !t || !OPEN.includes(t.status)) return;
    if (!t.externalId) {
      await change(t, asRead(t), {
        firstCommentStatus: "failed",
        firstCommentError: FIRST_COMMENT_MESSAGES.postGone(label(t.platform)),
      });
      return;
    }
    let phase: Phase = "prepare";
    try {
      await deps.accounts.withAccount(workspaceId, t.accountId, async ({ adapter, token, account }) => {
        // Read afresh each time: the accounts service runs this again with a renewed token after a refused one.
        phase = "prepare";
        const current = await targetOf(deps.db, workspaceId, id);
        if (!current || !OPEN.includes(current.status)) return;
        t = current;
        if (!adapter.firstComment)
          throw new InboxUnavailable("unsupported", FIRST_COMMENT_MESSAGES.notOffered(label(current.platform)));
        const previous = current.status === "posting" ? current.startedAt : null;
        if (previous) {
          // The attempt that began then may have reached the network: it is asked before anything is posted again.
          phase = "lookup";
          const found = adapter.findFirstComment
            ? await adapter.findFirstComment(requestFor(current, account, token, previous))
            : ("unsupported" as const);
          if (found === "unsupported") {
            await change(current, and(posting, eq(postTargets.firstCommentStartedAt, previous)), {
              firstCommentStatus: "failed",
              firstCommentError: FIRST_COMMENT_MESSAGES.unconfirmed(label(current.platform)),
            });
            return;
          }
          if (found) {
            phase = "done";
            await posted(current, found);
            return;
          }
        }
        // Marked before the call, in a statement of its own: a stop from here on leaves the trace a takeover asks about.
        phase = "prepare";
        const startedAt = now();
        const claimed = await change(current, asRead(current), {
          firstCommentStatus: "posting",
          firstCommentStartedAt: startedAt,
        });
        // Another attempt changed it meanwhile (it took this slow one over): that one goes on.
        if (!claimed) return;
        phase = "call";
        const out = await adapter.firstComment(requestFor(current, account, token, startedAt));
        phase = "done";
        await posted(current, out);
      });
    } catch (err) {
      await settle(t, job, err, phase);
    }
  }

  return { post, abandon };
}

/** The jobs worker's handler of first comments. */
export function firstCommentJobHandlers(deps: FirstCommentDeps): Record<string, JobHandler> {
  const { post, abandon } = createFirstCommentPoster(deps);
  return { [FIRST_COMMENT_JOB]: Object.assign((job: ClaimedJob) => post(job), { gaveUp: abandon }) };
}
