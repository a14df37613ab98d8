import { INBOX_MESSAGES, INBOX_NETWORKS, type InboxEvent, type InboxSourceState, type Platform } from "@app/shared";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { socialAccounts } from "../../db/schema";
import { NetworkError } from "../../platforms/http";
import {
  type CommentsReading,
  grantedScopes,
  type InboxAccount,
  InboxUnavailable,
  type NetworkComment,
} from "../../platforms/platform";
import type { RealtimeHub } from "../../realtime/hub";
import type { JobHooks } from "../../worker/jobs-worker";
import type { AccountRow } from "../accounts/accounts.repo";
import type { AccountsService } from "../accounts/accounts.service";
import { announceIngest, INBOX_EVENT } from "./inbox.events";
import { ingestComments } from "./inbox.ingest";
import { type CollectedPost, createInboxSources, readSince, readsMonthOf } from "./inbox.sources";

/**
 * A read asks for what was written a little before the newest comment kept (each post's, or the account's newest
 * mention): networks date comments to the second and may list one a moment after its time. What is read twice is
 * stored once (the network's id is unique per account).
 */
export const SINCE_OVERLAP_MS = 60_000;

/** Posts handed to one call of a network's comments(); X's reads are counted (and its budget checked) between calls. */
const POSTS_PER_CALL: Partial<Record<Platform, number>> = { twitter: 10 };
const DEFAULT_POSTS_PER_CALL = 20;

export interface CollectDeps {
  db: Db;
  accounts: Pick<AccountsService, "withAccount">;
  hub: RealtimeHub;
  /** X posts read a month per X account (X_INBOX_READS_PER_ACCOUNT); 0: X's comments are never read */
  xReadsPerAccount: number;
  now?: () => Date;
}

/** What a collect job is asked: the account, and posts a webhook named (read whatever their age or cadence). */
export interface CollectRequest {
  accountId: string;
  posts?: readonly string[];
}

/** The account as an inbox call of its adapter takes it. */
export function inboxAccountOf(row: AccountRow, token: string, pageId: string | null): InboxAccount {
  return {
    accessToken: token,
    networkId: row.platformAccountId,
    username: row.username,
    pageId,
    scopes: grantedScopes(row.scopes),
  };
}

/** The due posts by the Page (or organization) they went out as, in calls of at most `size` posts. */
function callsOf(list: readonly CollectedPost[], size: number): { pageId: string | null; posts: CollectedPost[] }[] {
  const byPage = new Map<string | null, CollectedPost[]>();
  for (const p of list) byPage.set(p.pageId, [...(byPage.get(p.pageId) ?? []), p]);
  const calls: { pageId: string | null; posts: CollectedPost[] }[] = [];
  for (const [pageId, group] of byPage) {
    for (let i = 0; i < group.length; i += size) calls.push({ pageId, posts: group.slice(i, i + size) });
  }
  return calls;
}

const earlier = (at: Date | null | undefined) => (at ? new Date(at.getTime() - SINCE_OVERLAP_MS) : null);

/**
 * Reads one account's comments (the posts due, and those a webhook named) and, on X, its mentions, through the
 * accounts service (a refused token is renewed once, or the account marked to reconnect); stores them with
 * ingestComments and records the account's source: ok and when; the reason it cannot be read (InboxUnavailable:
 * not a failure, the job ends); or "error" for a network failure, which fails the job (retried with backoff).
 * X's reads are counted against the account's monthly budget, checked before every call. What was read before a
 * failure is stored all the same, and X's reads spent are counted.
 */
export function createCollector(deps: CollectDeps) {
  const now = deps.now ?? (() => new Date());
  const sources = createInboxSources(deps.db);

  return async function collect(req: CollectRequest, hooks: JobHooks): Promise<void> {
    const [row] = await deps.db.select().from(socialAccounts).where(eq(socialAccounts.id, req.accountId));
    if (!row?.isActive || row.needsReconnect) return;
    const platform = row.platform as Platform;
    const support = INBOX_NETWORKS[platform];
    if (!support?.comments && !support?.mentions) return;
    const at = now();
    const source = await sources.ensure(row.workspaceId, row.id);
    const since = readSince({
      state: source.state as InboxSourceState,
      lastCollectedAt: source.lastCollectedAt,
      updatedAt: source.updatedAt,
      accountUpdatedAt: row.updatedAt,
    });
    const due = support.comments ? await sources.duePosts(row.id, platform, since, req.posts ?? [], at) : [];
    if (due.length === 0 && !support.mentions) return;

    const metered = platform === "twitter";
    const month = readsMonthOf(at);
    let readsLeft = metered
      ? deps.xReadsPerAccount - (source.readsMonth === month ? source.readsUsed : 0)
      : Number.POSITIVE_INFINITY;
    const comments: NetworkComment[] = [];
    const mentions: NetworkComment[] = [];
    let reads = 0;
    let cursor: Record<string, unknown> | null | undefined;
    let outcome: { state: InboxSourceState; detail: string | null } = { state: "ok", detail: null };
    let failure: unknown;
    const spend = (reading: CommentsReading) => {
      reads += reading.reads ?? 0;
      readsLeft -= reading.reads ?? 0;
    };
    const budgetSpent = () => {
      if (readsLeft > 0) return false;
      outcome = { state: "budget", detail: null };
      return true;
    };

    /** One call: an InboxUnavailable is the source's state, and the account's other calls still go. */
    const attempt = async (call: () => Promise<void>) => {
      try {
        await call();
      } catch (err) {
        if (!(err instanceof InboxUnavailable)) throw err;
        outcome = { state: err.state, detail: err.message };
      }
    };
    try {
      if (!(metered && budgetSpent())) {
        await deps.accounts.withAccount(row.workspaceId, row.id, async ({ adapter, token, account }) => {
          if (!adapter.comments && !adapter.mentions) {
            throw new InboxUnavailable("unsupported", INBOX_MESSAGES.sourceStates.unsupported);
          }
          const read = adapter.comments?.bind(adapter);
          if (read && due.length > 0) {
            const newest = await sources.newestInbound(
              row.id,
              due.map((p) => p.networkPostId),
            );
            for (const call of callsOf(due, POSTS_PER_CALL[platform] ?? DEFAULT_POSTS_PER_CALL)) {
              if (metered && budgetSpent()) return;
              await attempt(async () => {
                const reading = await read({
                  account: inboxAccountOf(account, token, call.pageId),
                  posts: call.posts.map((p) => ({
                    networkPostId: p.networkPostId,
                    since: earlier(newest.get(p.networkPostId)),
                  })),
                });
                spend(reading);
                comments.push(...reading.comments);
              });
              await hooks.keepAlive();
            }
          }
          const readMentions = adapter.mentions?.bind(adapter);
          if (support.mentions && readMentions) {
            if (metered && budgetSpent()) return;
            await attempt(async () => {
              const reading = await readMentions({
                account: inboxAccountOf(account, token, null),
                cursor: source.cursor ?? null,
                since: earlier(await sources.newestMention(row.id)),
              });
              spend(reading);
              mentions.push(...reading.comments);
              if (reading.cursor !== undefined) cursor = reading.cursor;
            });
          }
        });
      }
    } catch (err) {
      if (err instanceof InboxUnavailable) {
        outcome = { state: err.state, detail: err.message };
      } else {
        outcome = {
          state: "error",
          detail: err instanceof NetworkError ? err.message : INBOX_MESSAGES.sourceStates.error,
        };
        failure = err;
      }
    }

    // What was read is kept, whatever came after it.
    const base = { workspaceId: row.workspaceId, accountId: row.id, platform };
    const changed = new Set<string>();
    let notified = 0;
    for (const [kind, list] of [
      ["comment", comments],
      ["mention", mentions],
    ] as const) {
      if (list.length === 0) continue;
      const result = await ingestComments(deps.db, { ...base, kind, comments: list }, at);
      for (const id of result.conversationIds) changed.add(id);
      notified += result.notified;
    }
    await sources.record(row.id, now(), {
      ...outcome,
      ...(outcome.state === "ok" && { collectedAt: at }),
      ...(cursor !== undefined && { cursor }),
      reads,
    });
    announceIngest(deps.hub, row.workspaceId, { conversationIds: [...changed], notified });
    if (changed.size === 0 && (outcome.state !== source.state || outcome.detail !== source.detail)) {
      // Only the account's state changed (why it cannot be read): the tabs read the inbox's sources again.
      const data: InboxEvent = { type: "inbox.changed", conversationIds: [] };
      deps.hub.publish(row.workspaceId, { name: INBOX_EVENT, data });
    }
    if (failure !== undefined) throw failure;
  };
}
