import { INBOX_COLLECT_CADENCE, INBOX_NETWORKS, type InboxSourceState, PLATFORMS, type Platform } from "@app/shared";
import { sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";
import { inboxSources, postTargets, socialAccounts } from "../../db/schema";
import type { RealtimeHub } from "../../realtime/hub";
import { type ClaimedJob, enqueue, enqueueMany, type NewJob } from "../../worker/jobs.repo";
import type { JobHandler } from "../../worker/jobs-worker";
import type { AccountsService } from "../accounts/accounts.service";
import { createCollector } from "./inbox.collect";
import { createReplySender } from "./inbox.replies";
import { gridPassed, INBOX_OLDEST_MS, INBOX_SLOWEST_MS, readSince, readsMonthOf } from "./inbox.sources";
import { INBOX_REPLY_JOB } from "./inbox.thread";

/** The job that finds the accounts due a read: it runs every INBOX_SCHEDULE_EVERY_MS and queues its own next run. */
export const INBOX_SCHEDULE_JOB = "inbox-schedule";
/** One account's read (its posts due, or those a webhook named); one per account and slot of the schedule. */
export const INBOX_COLLECT_JOB = "inbox-collect";
/** One reply's sending, keyed by the reply's id: queued by the inbox's reply route with the reply (inbox.thread.ts). */
export { INBOX_REPLY_JOB };
export const INBOX_SCHEDULE_EVERY_MS = 5 * 60_000;

const slotOf = (at: Date) => Math.floor(at.getTime() / INBOX_SCHEDULE_EVERY_MS);
const scheduleKey = (at: Date) => `${INBOX_SCHEDULE_JOB}:${slotOf(at)}`;
/** The scheduled read of an account in the slot of `at`: queued once, whichever worker runs the schedule. */
export const collectKey = (accountId: string, at: Date) => `${INBOX_COLLECT_JOB}:${accountId}:${slotOf(at)}`;
/** The read a webhook asked for, once per event (the network's id of what changed): Meta sends an event again until answered. */
export const webhookCollectKey = (accountId: string, eventId: string) =>
  `${INBOX_COLLECT_JOB}:${accountId}:hook:${eventId}`;

/** Queues the schedule's run for now (at start-up; the runs then queue each other). */
export async function startInboxSchedule(db: Db, now: Date) {
  await enqueue(db, { kind: INBOX_SCHEDULE_JOB, key: scheduleKey(now), runAt: now });
}

const COMMENT_PLATFORMS = PLATFORMS.filter((p) => INBOX_NETWORKS[p].comments || INBOX_NETWORKS[p].mentions);

interface AccountFacts {
  id: string;
  workspace_id: string;
  platform: string;
  account_updated_at: string | Date;
  state: string | null;
  last_collected_at: string | Date | null;
  source_updated_at: string | Date | null;
  reads_month: string | null;
  reads_used: number | null;
  /** the cadences (intervals, in ms) of its posts under INBOX_OLDEST_MS */
  intervals: (string | number)[] | null;
}

const dateOf = (v: string | Date | null) => (v === null ? null : new Date(v));

/**
 * Whether an account is read in this run: a line of the grid of one of its posts' cadences has passed since it
 * was read (its mentions, on X, at its freshest post's; every 12 hours without one), unless X's budget for the
 * month is known to be spent.
 */
export function accountDue(a: AccountFacts, now: Date, xReadsPerAccount: number): boolean {
  const platform = a.platform as Platform;
  if (a.state === "budget" && a.reads_month === readsMonthOf(now) && (a.reads_used ?? 0) >= xReadsPerAccount) {
    return false;
  }
  const since = readSince({
    state: a.state as InboxSourceState | null,
    lastCollectedAt: dateOf(a.last_collected_at),
    updatedAt: dateOf(a.source_updated_at),
    accountUpdatedAt: new Date(a.account_updated_at),
  });
  const intervals = (a.intervals ?? []).map(Number);
  if (intervals.length === 0 && INBOX_NETWORKS[platform]?.mentions) intervals.push(INBOX_SLOWEST_MS);
  return intervals.some((every) => gridPassed(every, since, now));
}

/**
 * Queues a read of each account due now (one per account and slot: two workers running the schedule, or a
 * retried run, queue nothing twice). Accounts whose network gives comments (or mentions), active and not waiting
 * for a reconnection, with a post published through the app in the last 90 days (X: mentions too).
 */
async function scheduleCollects(db: Db, at: Date, xReadsPerAccount: number): Promise<number> {
  const oldest = new Date(at.getTime() - INBOX_OLDEST_MS);
  // Each post's cadence by its age: the interval of the first window it is within.
  const interval = sql.join(
    [
      sql`case`,
      ...INBOX_COLLECT_CADENCE.map(
        (c) => sql`when t.published_at > ${new Date(at.getTime() - c.withinMs)}::timestamptz then ${c.everyMs}::bigint`,
      ),
      sql`end`,
    ],
    sql` `,
  );
  const res = await db.execute(sql`
    select a.id, a.workspace_id, a.platform, a.updated_at as account_updated_at,
           s.state, s.last_collected_at, s.updated_at as source_updated_at, s.reads_month, s.reads_used,
           array_agg(distinct ${interval}) filter (where t.id is not null) as intervals
    from ${socialAccounts} a
    left join ${inboxSources} s on s.account_id = a.id
    left join ${postTargets} t on t.account_id = a.id and t.status = 'published' and t.external_id is not null
      and t.published_at > ${oldest}
    where a.is_active and not a.needs_reconnect
      and a.platform in (${sql.join(
        COMMENT_PLATFORMS.map((p) => sql`${p}`),
        sql`, `,
      )})
    group by a.id, s.account_id`);
  const jobs: NewJob[] = rowsOf<AccountFacts>(res)
    .filter((a) => accountDue(a, at, xReadsPerAccount))
    .map((a) => ({
      kind: INBOX_COLLECT_JOB,
      key: collectKey(a.id, at),
      workspaceId: a.workspace_id,
      payload: { accountId: a.id },
      runAt: at,
    }));
  return enqueueMany(db, jobs);
}

export interface InboxJobsDeps {
  db: Db;
  accounts: Pick<AccountsService, "withAccount">;
  hub: RealtimeHub;
  /** X_INBOX_READS_PER_ACCOUNT */
  xReadsPerAccount: number;
  now?: () => Date;
}

/**
 * The inbox's jobs: the schedule (every few minutes: a read of each account due, then its next run, queued
 * first so that a run that fails never ends the schedule), an account's read (inbox.collect.ts), and a reply's
 * sending (inbox.replies.ts).
 */
export function inboxJobHandlers(deps: InboxJobsDeps): Record<string, JobHandler> {
  const now = deps.now ?? (() => new Date());
  const collect = createCollector(deps);
  const { send, abandon } = createReplySender(deps);
  return {
    [INBOX_SCHEDULE_JOB]: async () => {
      const at = now();
      const next = new Date(at.getTime() + INBOX_SCHEDULE_EVERY_MS);
      await enqueue(deps.db, { kind: INBOX_SCHEDULE_JOB, key: scheduleKey(next), runAt: next });
      await scheduleCollects(deps.db, at, deps.xReadsPerAccount);
    },
    [INBOX_COLLECT_JOB]: async (job, hooks) => {
      const accountId = typeof job.payload.accountId === "string" ? job.payload.accountId : "";
      if (!/^[0-9a-f-]{36}$/i.test(accountId)) return;
      const named = Array.isArray(job.payload.posts) ? job.payload.posts.filter((p) => typeof p === "string") : [];
      await collect({ accountId, posts: named }, hooks);
    },
    [INBOX_REPLY_JOB]: Object.assign((job: ClaimedJob) => send(job), { gaveUp: abandon }),
  };
}
