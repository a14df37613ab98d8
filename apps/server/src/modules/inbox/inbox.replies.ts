import { INBOX_MESSAGES, PLATFORM_LABELS, type Platform, type PostOptions } from "@app/shared";
import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inboxConversations, inboxReplies, posts, postTargets, socialAccounts } from "../../db/schema";
import { NetworkError } from "../../platforms/http";
import { InboxUnavailable, type ReplyOutcome, type ReplyRequest } from "../../platforms/platform";
import type { RealtimeHub } from "../../realtime/hub";
import type { ClaimedJob } from "../../worker/jobs.repo";
import { failureOf, JOB_MAX_ATTEMPTS, nextAttempt } from "../../worker/jobs-worker";
import type { AccountRow } from "../accounts/accounts.repo";
import type { AccountsService } from "../accounts/accounts.service";
import { inboxAccountOf } from "./inbox.collect";
import { announceInbox, announceIngest } from "./inbox.events";
import { ingestComments } from "./inbox.ingest";

export interface ReplyDeps {
  db: Db;
  accounts: Pick<AccountsService, "withAccount">;
  hub: RealtimeHub;
  now?: () => Date;
  /** attempts of a reply's job before it is given up (the jobs worker's) */
  maxAttempts?: number;
}

/** The reply with what sending it needs: its conversation, the post it is under and the Page it went out as. */
async function replyOf(db: Db, id: string) {
  const [row] = await db
    .select({
      reply: inboxReplies,
      accountId: inboxConversations.accountId,
      platform: inboxConversations.platform,
      kind: inboxConversations.kind,
      networkPostId: inboxConversations.networkPostId,
      pageId: postTargets.pageId,
      options: posts.options,
    })
    .from(inboxReplies)
    .innerJoin(inboxConversations, eq(inboxConversations.id, inboxReplies.conversationId))
    .leftJoin(postTargets, eq(postTargets.id, inboxConversations.postTargetId))
    .leftJoin(posts, eq(posts.id, postTargets.postId))
    .where(eq(inboxReplies.id, id));
  if (!row) return undefined;
  const platform = row.platform as Platform;
  return { ...row, platform, pageId: actingPageOf(platform, row.pageId, row.options) };
}

/**
 * The Page (Facebook) or organization (LinkedIn) a post went out as, which acts on its comments: a LinkedIn
 * company post is answered as its organization (the target keeps no page for LinkedIn); null for a person's own.
 */
export function actingPageOf(
  platform: Platform,
  targetPageId: string | null,
  options: PostOptions | null,
): string | null {
  if (platform !== "linkedin") return targetPageId ?? null;
  const linkedin = options?.linkedin;
  return linkedin?.postAs === "company" ? (linkedin.organizationId ?? null) : null;
}

type Reply = NonNullable<Awaited<ReturnType<typeof replyOf>>>;

/** A reply still on its way (the others are settled). */
const OPEN: readonly string[] = ["queued", "sending"];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The reply a job sends: its payload's replyId, else its key's end (`inbox-reply:<replyId>`). */
export function replyIdOf(job: Pick<ClaimedJob, "key" | "payload">): string | null {
  const id = typeof job.payload.replyId === "string" ? job.payload.replyId : job.key.split(":").at(-1);
  return id && UUID.test(id) ? id : null;
}

/**
 * Sends a reply written in the inbox exactly once, as the publishing worker sends a post. The reply is marked
 * "sending" with the moment the attempt began, in a statement of its own, before the network is called. An
 * attempt that finds it "sending" (its worker stopped, or the call timed out or got a 5xx) asks the network
 * first (findReply, since that moment): found, it is sent; not found, it is sent again; cannot ask, it is
 * "unconfirmed" and never sent again. A refusal fails it with the network's reason; a passing failure fails the
 * job, tried again with backoff; the last attempt's failure settles it (failed, or unconfirmed when it may have
 * reached the network). Every change is told to the workspace's tabs once written.
 */
export function createReplySender(deps: ReplyDeps) {
  const now = deps.now ?? (() => new Date());
  const maxAttempts = deps.maxAttempts ?? JOB_MAX_ATTEMPTS;
  const label = (platform: Platform) => PLATFORM_LABELS[platform] ?? platform;

  /** Changes the reply if it is still as `expected` says; true when it did (then the tabs are told). */
  async function change(r: Reply, expected: SQL | undefined, set: Partial<typeof inboxReplies.$inferInsert>) {
    const rows = await deps.db
      .update(inboxReplies)
      .set(set)
      .where(and(eq(inboxReplies.id, r.reply.id), expected))
      .returning({ id: inboxReplies.id });
    if (rows.length > 0) announceInbox(deps.hub, r.reply.workspaceId, [r.reply.conversationId]);
    return rows.length > 0;
  }
  const sending = eq(inboxReplies.status, "sending");

  function requestFor(r: Reply, account: AccountRow, token: string, since: Date): ReplyRequest {
    return {
      account: inboxAccountOf(account, token, r.pageId),
      networkPostId: r.networkPostId,
      parentNetworkId: r.reply.parentNetworkId,
      text: r.reply.text,
      since,
    };
  }

  /** The reply is on the network: recorded, and stored as the account's message of its conversation at once. */
  async function sent(r: Reply, out: ReplyOutcome) {
    const at = now();
    await change(r, inArray(inboxReplies.status, ["queued", "sending"]), {
      status: "sent",
      networkId: out.networkId,
      url: out.url,
      sentAt: at,
      lastError: null,
    });
    const [account] = await deps.db.select().from(socialAccounts).where(eq(socialAccounts.id, r.accountId));
    if (!account) return;
    const result = await ingestComments(
      deps.db,
      {
        workspaceId: r.reply.workspaceId,
        accountId: r.accountId,
        platform: r.platform,
        kind: r.kind === "mention" ? "mention" : "comment",
        comments: [
          {
            networkId: out.networkId,
            parentNetworkId: r.reply.parentNetworkId,
            networkPostId: r.networkPostId,
            author: {
              networkId: account.platformAccountId,
              name: account.displayName ?? account.username ?? label(r.platform),
              handle: account.username,
              avatarUrl: account.avatarUrl,
            },
            text: r.reply.text,
            writtenAt: at,
            own: true,
            url: out.url,
          },
        ],
      },
      at,
    );
    announceIngest(deps.hub, r.reply.workspaceId, result);
  }

  /** How far an attempt went: preparing (nothing asked of the network yet), asking it, sending, sent. */
  type Phase = "prepare" | "lookup" | "call" | "done";

  /**
   * A failed attempt: settled for good (a refusal, or the job's last attempt), or left for the job's next
   * attempt (thrown again). A reply that may be on the network unbeknown to us ("sending" from an earlier attempt
   * not cleared by a lookup, or this attempt's call cut off) is never failed: it is unconfirmed.
   */
  async function settle(r: Reply, job: ClaimedJob, err: unknown, phase: Phase): Promise<void> {
    if (phase === "done") throw err;
    const fresh = await replyOf(deps.db, r.reply.id);
    if (!fresh || !OPEN.includes(fresh.reply.status)) return;
    const { status, attemptStartedAt } = fresh.reply;
    const refused = err instanceof InboxUnavailable || (err instanceof NetworkError && !err.transient);
    // A 429 or a refusal made nothing; a timeout, a 5xx or an unknown failure may hide a reply the network made.
    const mayHaveGone = !refused && (!(err instanceof NetworkError) || err.status === 0 || err.status >= 500);
    const inDoubt = status === "sending" && (phase !== "call" || mayHaveGone);
    const unchanged = and(
      eq(inboxReplies.status, status),
      attemptStartedAt ? eq(inboxReplies.attemptStartedAt, attemptStartedAt) : isNull(inboxReplies.attemptStartedAt),
    );
    const final = (lastError: string) =>
      change(
        fresh,
        unchanged,
        inDoubt
          ? { status: "unconfirmed", lastError: INBOX_MESSAGES.replyUnconfirmed }
          : { status: "failed", lastError },
      );
    if (refused) {
      await final(err.message);
      return;
    }
    const { error, retryAt } = nextAttempt(failureOf(err), job.attempts, now(), maxAttempts);
    if (retryAt === null) {
      await final(error);
      return;
    }
    // Nothing on the network from this call: the next attempt sends without asking first.
    if (phase === "call" && !inDoubt)
      await change(fresh, unchanged, { status: "queued", attemptStartedAt: null, lastError: error });
    else await change(fresh, unchanged, { lastError: error });
    throw err;
  }

  /**
   * The job was given up without a last attempt (its workers kept stopping): a reply that may have gone out is
   * unconfirmed, one that cannot have gone out failed. Never left "sending".
   */
  async function abandon(job: ClaimedJob, error: string): Promise<void> {
    const id = replyIdOf(job);
    const r = id ? await replyOf(deps.db, id) : undefined;
    if (!r) return;
    if (r.reply.status === "sending")
      await change(r, sending, { status: "unconfirmed", lastError: INBOX_MESSAGES.replyUnconfirmed });
    else if (r.reply.status === "queued")
      await change(r, eq(inboxReplies.status, "queued"), { status: "failed", lastError: error });
  }

  async function send(job: ClaimedJob): Promise<void> {
    const id = replyIdOf(job);
    let r = id ? await replyOf(deps.db, id) : undefined;
    if (!id || !r || !OPEN.includes(r.reply.status)) return;
    let phase: Phase = "prepare";
    try {
      await deps.accounts.withAccount(r.reply.workspaceId, r.accountId, async ({ adapter, token, account }) => {
        // Read afresh each time: the accounts service runs this again with a renewed token after a refused one.
        phase = "prepare";
        const current = await replyOf(deps.db, id);
        if (!current || !OPEN.includes(current.reply.status)) return;
        r = current;
        if (!adapter.replyToComment) {
          throw new InboxUnavailable("unsupported", INBOX_MESSAGES.replyNotOffered(label(current.platform)));
        }
        const previous = current.reply.status === "sending" ? current.reply.attemptStartedAt : null;
        if (previous) {
          // The attempt that began then may have reached the network: it is asked before anything is sent again.
          phase = "lookup";
          const found = adapter.findReply
            ? await adapter.findReply(requestFor(current, account, token, previous))
            : ("unsupported" as const);
          if (found === "unsupported") {
            await change(current, and(sending, eq(inboxReplies.attemptStartedAt, previous)), {
              status: "unconfirmed",
              lastError: INBOX_MESSAGES.replyUnconfirmed,
            });
            return;
          }
          if (found) {
            phase = "done";
            return sent(current, found);
          }
        }
        // Marked before the call, in a statement of its own: a stop from here on leaves the trace a takeover asks about.
        phase = "prepare";
        const startedAt = now();
        const claimed = await change(
          current,
          previous
            ? and(sending, eq(inboxReplies.attemptStartedAt, previous))
            : and(eq(inboxReplies.status, "queued"), isNull(inboxReplies.attemptStartedAt)),
          { status: "sending", attemptStartedAt: startedAt, lastError: null },
        );
        // Another attempt changed it meanwhile (it took this slow one over): that one goes on.
        if (!claimed) return;
        phase = "call";
        const out = await adapter.replyToComment(requestFor(current, account, token, startedAt));
        phase = "done";
        await sent(current, out);
      });
    } catch (err) {
      await settle(r, job, err, phase);
    }
  }

  return { send, abandon };
}
