import { INBOX_MESSAGES, PLATFORM_LABELS, type Platform, type PostOptions } from "@app/shared";
import { and, eq, inArray, isNull, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { inboxConversations, inboxReplies, posts, postTargets, socialAccounts } from "../../db/schema";
import { InboxUnavailable, type ReplyOutcome, type ReplyRequest } from "../../platforms/platform";
import type { RealtimeHub } from "../../realtime/hub";
import type { ClaimedJob } from "../../worker/jobs.repo";
import { abandonOnce, type OnceRecord, sendOnce } from "../../worker/send-once";
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
const OPEN: string[] = ["queued", "sending"];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The reply a job sends: its payload's replyId, else its key's end (`inbox-reply:<replyId>`). */
export function replyIdOf(job: Pick<ClaimedJob, "key" | "payload">): string | null {
  const id = typeof job.payload.replyId === "string" ? job.payload.replyId : job.key.split(":").at(-1);
  return id && UUID.test(id) ? id : null;
}

/**
 * Sends a reply written in the inbox exactly once (worker/send-once.ts): "sending" with the moment its attempt
 * began before the network is called; an attempt that finds it "sending" asks the network (findReply) first; one
 * that cannot ask leaves it "unconfirmed", never sent again. Every change is told to the workspace's tabs once
 * written.
 */
export function createReplySender(deps: ReplyDeps) {
  const now = deps.now ?? (() => new Date());
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
  /** The reply as the attempt read it: unchanged by another attempt since. */
  const asRead = ({ reply }: Reply) =>
    and(
      eq(inboxReplies.status, reply.status),
      reply.attemptStartedAt
        ? eq(inboxReplies.attemptStartedAt, reply.attemptStartedAt)
        : isNull(inboxReplies.attemptStartedAt),
    );

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
    await change(r, inArray(inboxReplies.status, OPEN), {
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

  /** The reply's row, as the exactly-once driver keeps it. */
  const recordOf = (id: string): OnceRecord<Reply, ReplyOutcome> => ({
    read: () => replyOf(deps.db, id),
    state: ({ reply }) => ({
      open: OPEN.includes(reply.status),
      sendingSince: reply.status === "sending" ? reply.attemptStartedAt : null,
    }),
    claim: (r, at) => change(r, asRead(r), { status: "sending", attemptStartedAt: at, lastError: null }),
    done: sent,
    unconfirmed: (r) => change(r, asRead(r), { status: "unconfirmed", lastError: INBOX_MESSAGES.replyUnconfirmed }),
    failed: (r, lastError) => change(r, asRead(r), { status: "failed", lastError }),
    retryLater: (r, lastError, nothingSent) =>
      change(r, asRead(r), nothingSent ? { status: "queued", attemptStartedAt: null, lastError } : { lastError }),
  });

  async function abandon(job: ClaimedJob, error: string): Promise<void> {
    const id = replyIdOf(job);
    if (id) await abandonOnce(recordOf(id), error);
  }

  async function send(job: ClaimedJob): Promise<void> {
    const id = replyIdOf(job);
    const first = id ? await replyOf(deps.db, id) : undefined;
    if (!id || !first || !OPEN.includes(first.reply.status)) return;
    await sendOnce({
      job,
      record: recordOf(id),
      now,
      maxAttempts: deps.maxAttempts,
      withNetwork: (attempt) =>
        deps.accounts.withAccount(first.reply.workspaceId, first.accountId, async ({ adapter, token, account }) => {
          const { replyToComment, findReply } = adapter;
          if (!replyToComment)
            throw new InboxUnavailable("unsupported", INBOX_MESSAGES.replyNotOffered(label(first.platform)));
          await attempt({
            lookup: findReply && ((r, since) => findReply.call(adapter, requestFor(r, account, token, since))),
            send: (r, since) => replyToComment.call(adapter, requestFor(r, account, token, since)),
          });
        }),
    });
  }

  return { send, abandon };
}
