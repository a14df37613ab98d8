import {
  DEFAULT_NOTIFICATION_CHANNEL,
  FIRST_COMMENT_NETWORKS,
  IMMEDIATE_EMAIL_KINDS,
  type NotificationKind,
  type PostStatus,
  rolesThatCan,
  type TargetStatus,
} from "@app/shared";
import { and, count, desc, eq, lte, sql } from "drizzle-orm";
import { type Db, type Queryable, rowsOf } from "../db/client";
import {
  campaigns,
  jobs,
  notificationPreferences,
  notifications,
  posts,
  postTargets,
  workerHeartbeats,
  workspaceMembers,
} from "../db/schema";
import { batchedLoader } from "../lib/batch";
import { NOTIFICATION_EMAIL_JOB } from "../modules/notifications/notify";
import { FIRST_COMMENT_JOB } from "../modules/publishing/first-comment";
import { webhookEventsCtes } from "../modules/webhooks/webhook-events";

/** What a publication needs of its post, read with the claim (a post that is going out can no longer change). */
export interface ClaimedPost {
  content: string;
  hashtags: string[];
  options: PostRow["options"];
  media: PostRow["media"];
  facebookPageId: string | null;
  /** the slug of the post's campaign when that campaign tags its links with UTM parameters (campaigns.utm) */
  utmCampaign: string | null;
  /** networks with their own text, hashtags and media (rules/post-variants.ts: contentFor) */
  variants: PostRow["variants"];
}

/** A target a worker holds the lease of, with what it needs to publish it. */
export interface ClaimedTarget {
  id: string;
  postId: string;
  /** the post's workspace: whose account, media, tabs and notifications the attempt concerns */
  workspaceId: string;
  /** who wrote the post */
  userId: string;
  accountId: string;
  platform: string;
  pageId: string | null;
  /** attempts so far, this one included */
  attempts: number;
  /** when this attempt began (a lookup after an interruption searches from the previous one's start) */
  attemptStartedAt: Date;
  previousAttemptStartedAt: Date | null;
  /** the last attempt may have gone through: ask the network before publishing again */
  verifyFirst: boolean;
  /** taken over from a worker whose lease ran out: its call may or may not have gone through */
  recovered: boolean;
  /** what earlier attempts already made on the network (recordProgress), never to be made again */
  progress: Record<string, unknown> | null;
  /**
   * How many targets its post has (fixed once the post is going out). A post's only target is settled without
   * waiting on its siblings' settles (see settle).
   */
  postTargets?: number;
  /** the post as it was claimed; absent, the publisher reads it */
  post?: ClaimedPost;
}

type PostRow = typeof posts.$inferSelect;

interface ClaimRow {
  id: string;
  post_id: string;
  workspace_id: string;
  user_id: string;
  account_id: string;
  platform: string;
  page_id: string | null;
  attempts: number;
  previous_started_at: string | Date | null;
  verify_first: boolean;
  progress: Record<string, unknown> | null;
  recovered: boolean;
  post_targets: number;
  content: string;
  hashtags: string[] | null;
  options: PostRow["options"] | null;
  media: PostRow["media"] | null;
  facebook_page_id: string | null;
  utm_campaign: string | null;
  variants: PostRow["variants"] | null;
}

/** How a claimed target's attempt ended. */
export type Settlement =
  | { status: "published"; externalId: string; url: string | null; notice?: string | null }
  /** back to the queue for another attempt at `at` */
  | { status: "pending"; at: Date; error: string; verifyFirst: boolean }
  /** done without success: the network's message, or `unconfirmed` (the user must check) */
  | { status: "failed" | "unconfirmed"; error: string };

export interface SettleResult {
  /** false when the lease was no longer the caller's: nothing was changed */
  held: boolean;
  postId?: string;
  postStatus?: PostStatus;
  /** notifications were written for the post's members (its success, a failure or an attempt to check) */
  notified?: boolean;
}

interface SettledRow {
  id: string;
  post_id: string;
  post_status: PostStatus;
  notified: boolean;
}

const asDate = (v: string | Date | null) => (v === null ? null : new Date(v));
const list = (values: readonly unknown[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** The post's status from its targets' (the spec's published / partially published / failed). */
export function derivePostStatus(statuses: readonly TargetStatus[]): PostStatus {
  if (statuses.some((s) => s === "pending" || s === "publishing")) return "publishing";
  const published = statuses.filter((s) => s === "published").length;
  if (published === statuses.length) return "published";
  return published > 0 ? "partially_published" : "failed";
}

const sqlList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(", ");
/** What publishing tells (see notify()): its kinds, their default channels, who else hears of a failure. */
const PUBLISHING_KINDS: NotificationKind[] = ["post_published", "publish_failed", "publish_unconfirmed"];
const KIND_OF_STATUS = sql.raw(`case s.status when 'published' then 'post_published'
  when 'failed' then 'publish_failed' else 'publish_unconfirmed' end`);
const DEFAULT_CHANNEL_OF_KIND = sql.raw(
  `case k.kind ${PUBLISHING_KINDS.map((k) => `when '${k}' then '${DEFAULT_NOTIFICATION_CHANNEL[k]}'`).join(" ")} end`,
);
/** The members besides the author told of a failure: those who may schedule and retry posts. */
const SCHEDULERS = sql.raw(sqlList(rolesThatCan("post", "schedule")));
const EMAILED_AT_ONCE = sql.raw(sqlList(PUBLISHING_KINDS.filter((k) => IMMEDIATE_EMAIL_KINDS.includes(k))));
/** The networks a first comment is posted on (the others never get one: their status stays null). */
const COMMENTED = sql.raw(sqlList(FIRST_COMMENT_NETWORKS));

/** derivePostStatus in SQL, over the `status` column of a group of one post's targets. */
const DERIVED_POST_STATUS = sql.raw(`case
  when bool_or(x.status in ('pending', 'publishing')) then 'publishing'
  when bool_and(x.status = 'published') then 'published'
  when bool_or(x.status = 'published') then 'partially_published'
  else 'failed' end`);

/**
 * The publishing queue: `post_targets` itself. A claim takes due rows with FOR UPDATE SKIP LOCKED and sets a
 * lease, so any number of workers share one database and never hold the same target at once. Every change
 * after a claim checks the lease is still the caller's. A claim is one statement (targets whose worker stopped
 * first, then due ones, their posts marked publishing, each with what publishing it needs); settling any
 * number of targets is one transaction of one locking read and one statement, or that statement alone when
 * each target is its post's only one.
 */
export function createQueueRepo(db: Db) {
  /**
   * Claims for `workerId` up to `limit` targets: with `expired`, those whose lease ran out (oldest first), then
   * with `due`, due pending ones (soonest first).
   */
  async function claim(
    workerId: string,
    now: Date,
    leaseMs: number,
    limit: number,
    which: { expired: boolean; due: boolean },
  ): Promise<ClaimedTarget[]> {
    if (limit <= 0) return [];
    // The slug of the post's campaign when it tags links now: fixed on the post as it starts going out.
    const utmNow = sql`(select k.slug from ${campaigns} k where k.id = p.campaign_id and k.utm)`;
    const res = await db.execute(sql`
      with expired as materialized (
        select t.id, t.attempt_started_at as previous_started_at, true as recovered
        from ${postTargets} t
        where ${sql.raw(String(which.expired))} and t.status = 'publishing' and t.lease_until < ${now}
        order by t.lease_until limit ${limit}
        for update of t skip locked
      ),
      due as materialized (
        select t.id, t.attempt_started_at as previous_started_at, false as recovered
        from ${postTargets} t join ${posts} p on p.id = t.post_id
        where ${sql.raw(String(which.due))} and t.status = 'pending' and t.next_attempt_at <= ${now}
        order by t.next_attempt_at limit ${limit}
        for update of t, p skip locked
      ),
      -- A constant limit above keeps the due index's fast start; the rows past \`limit\` in all are left as
      -- they were (their locks end with the statement).
      chosen as (
        select * from expired
        union all
        (select * from due limit greatest(0, ${limit}::int - (select count(*) from expired)::int))
      ),
      claimed as (
        update ${postTargets} t
        set status = 'publishing', lease_owner = ${workerId}, lease_until = ${new Date(now.getTime() + leaseMs)},
            attempts = t.attempts + 1, attempt_started_at = ${now}, updated_at = ${now}
        from chosen c
        where t.id = c.id
        returning t.id, t.post_id, t.account_id, t.platform, t.page_id, t.attempts, t.verify_first, t.progress,
                  c.previous_started_at, c.recovered
      ),
      -- From now on the post is going out: it can no longer be edited, moved or deleted.
      going as (
        update ${posts} p set status = 'publishing', updated_at = ${now},
          utm_campaign = coalesce(p.utm_campaign, ${utmNow}, '')
        where p.id in (select post_id from claimed) and p.status <> 'publishing'
      )
      select c.*, p.workspace_id, p.user_id, p.content, p.hashtags, p.options, p.media, p.facebook_page_id, p.variants,
             (select count(*)::int from ${postTargets} x where x.post_id = c.post_id) as post_targets,
             nullif(coalesce(p.utm_campaign, ${utmNow}, ''), '') as utm_campaign
      from claimed c join ${posts} p on p.id = c.post_id`);
    return rowsOf<ClaimRow>(res).map((r) => ({
      id: r.id,
      postId: r.post_id,
      workspaceId: r.workspace_id,
      userId: r.user_id,
      accountId: r.account_id,
      platform: r.platform,
      pageId: r.page_id,
      attempts: r.attempts,
      // A takeover looks for the interrupted attempt: it keeps that attempt's start, not this claim's.
      attemptStartedAt: r.recovered ? (asDate(r.previous_started_at) ?? now) : now,
      previousAttemptStartedAt: asDate(r.previous_started_at),
      verifyFirst: r.verify_first || r.recovered,
      recovered: r.recovered,
      progress: r.progress ?? null,
      postTargets: Number(r.post_targets),
      post: {
        content: r.content,
        hashtags: r.hashtags ?? [],
        options: r.options ?? {},
        media: r.media ?? [],
        facebookPageId: r.facebook_page_id,
        utmCampaign: r.utm_campaign,
        variants: r.variants ?? {},
      },
    }));
  }

  /**
   * Ends the leases of `items` with their outcomes, derives each post's status, and writes the notifications of
   * each failure (with it, so a crash cannot lose or repeat one). An item whose lease was no longer the
   * caller's is left as it is (held: false). Items marked `alone` are their post's only target: when all are,
   * the settle is its one statement, without the transaction that makes sibling targets' settles take turns.
   */
  async function settle(
    workerId: string,
    now: Date,
    items: readonly { targetId: string; outcome: Settlement; alone?: boolean }[],
  ): Promise<Map<string, SettleResult>> {
    const out = new Map<string, SettleResult>(items.map((i) => [i.targetId, { held: false }]));
    if (items.length === 0) return out;
    const ids = items.map((i) => i.targetId);
    const values = sql.join(
      items.map(({ targetId, outcome: o }) => {
        const published = o.status === "published";
        const error = published ? null : o.error;
        const next = o.status === "pending" ? o.at : null;
        const verify = o.status === "pending" ? o.verifyFirst : false;
        return sql`(${targetId}::uuid, ${o.status}::text, ${published ? o.externalId : null}::text,
          ${published ? o.url : null}::text, ${published ? (o.notice ?? null) : null}::text, ${error}::text,
          ${verify}::boolean, ${next}::timestamptz)`;
      }),
      sql`, `,
    );
    const statement = (q: Queryable) =>
      q.execute(sql`
        with input (id, status, external_id, external_url, notice, last_error, verify_first, next_attempt_at) as (
          values ${values}
        ),
        settled as (
          update ${postTargets} t
          set status = i.status,
              external_id = case when i.status = 'published' then i.external_id else t.external_id end,
              external_url = case when i.status = 'published' then i.external_url else t.external_url end,
              notice = case when i.status = 'published' then i.notice else t.notice end,
              published_at = case when i.status = 'published' then ${now}::timestamptz else t.published_at end,
              -- Published with a first comment to post on its network: waiting for its job (first_comments).
              -- An Instagram story takes no comments: none is posted there.
              first_comment_status = case when i.status = 'published' and t.first_comment_status is null
                and t.platform in (${COMMENTED})
                and exists (select 1 from ${posts} fp where fp.id = t.post_id and fp.first_comment <> ''
                  and not (t.platform = 'instagram' and fp.options #>> '{instagram,format}' is not distinct from 'story'))
                then 'pending' else t.first_comment_status end,
              last_error = i.last_error, verify_first = i.verify_first, next_attempt_at = i.next_attempt_at,
              lease_owner = null, lease_until = null, updated_at = ${now}
          from input i
          where t.id = i.id and t.lease_owner = ${workerId} and t.status = 'publishing'
          returning t.id, t.post_id, t.platform, t.status, t.last_error, t.attempts, t.first_comment_status,
                    t.account_id, t.external_id, t.external_url
        ),
        -- Each post's targets as they are once this statement is done: the settled ones' new statuses, the
        -- others' as committed.
        rolled as (
          select x.post_id, ${DERIVED_POST_STATUS} as status
          from (
            select s.post_id, s.status from settled s
            union all
            select t.post_id, t.status from ${postTargets} t
            where t.post_id in (select post_id from settled) and t.id not in (select id from settled)
          ) x
          group by x.post_id
        ),
        rolled_up as (
          update ${posts} p set status = r.status, updated_at = ${now}
          from rolled r
          where p.id = r.post_id
          returning p.id, p.workspace_id, p.user_id, p.status
        ),
        -- Publishing's notifications (as notify() writes them, here in the same statement): a success to the
        -- post's author, a failure or an attempt to check to the author and the members who may schedule, each
        -- a current member whose channel for the kind is not "off". The event's key names the target and its
        -- attempt: a later attempt that fails again is told again, a settle repeated is not.
        told as (
          select p.workspace_id, m.user_id, k.kind, s.post_id, s.id as target_id, s.platform,
                 coalesce(s.last_error, '') as message,
                 k.kind || ':' || s.id || ':' || s.attempts as dedupe_key,
                 coalesce(np.channel, ${DEFAULT_CHANNEL_OF_KIND}) as channel
          from settled s
          join rolled_up p on p.id = s.post_id
          cross join lateral (select ${KIND_OF_STATUS} as kind) k
          join ${workspaceMembers} m on m.workspace_id = p.workspace_id
            and (m.user_id = p.user_id or (s.status <> 'published' and m.role in (${SCHEDULERS})))
          left join ${notificationPreferences} np on np.user_id = m.user_id and np.kind = k.kind
          where s.status in ('published', 'failed', 'unconfirmed')
        ),
        noted as (
          insert into ${notifications} (workspace_id, user_id, kind, dedupe_key, post_id, target_id, platform,
            message, created_at)
          select workspace_id, user_id, kind, dedupe_key, post_id, target_id, platform, message, ${now}::timestamptz
          from told where channel <> 'off'
          on conflict (user_id, dedupe_key) do nothing
          returning id, workspace_id, user_id, kind, dedupe_key, target_id
        ),
        emailed as (
          insert into ${jobs} (kind, key, workspace_id, payload, run_at)
          select ${NOTIFICATION_EMAIL_JOB}::text, ${`${NOTIFICATION_EMAIL_JOB}:`}::text || n.id::text, n.workspace_id,
                 jsonb_build_object('notificationId', n.id), ${now}::timestamptz
          from noted n join told w on w.user_id = n.user_id and w.dedupe_key = n.dedupe_key
          where w.channel = 'email' and n.kind in (${EMAILED_AT_ONCE})
          on conflict (key) do nothing
        ),
        -- The first comment's job (publishing/first-comment.ts), queued with the status that calls for it: once
        -- per target (its key), however often this settle is repeated.
        first_comments as (
          insert into ${jobs} (kind, key, workspace_id, payload, run_at)
          select ${FIRST_COMMENT_JOB}::text, ${`${FIRST_COMMENT_JOB}:`}::text || s.id::text, p.workspace_id,
                 jsonb_build_object('targetId', s.id), ${now}::timestamptz
          from settled s join rolled_up p on p.id = s.post_id
          where s.status = 'published' and s.first_comment_status = 'pending'
          on conflict (key) do nothing
        ),
        -- Webhooks (modules/webhooks/webhook-events.ts): post.published and post.failed for the workspace's
        -- endpoints, with the status that calls for them; once per target and attempt (the event's id).
        ${webhookEventsCtes(
          sql`
            select p.workspace_id, 'post.' || s.status as event, 'post.' || s.status || ':' || s.id || ':' || s.attempts as event_id,
                   jsonb_build_object('postId', s.post_id, 'targetId', s.id, 'network', s.platform, 'accountId', s.account_id)
                   || case when s.status = 'published'
                        then jsonb_build_object('url', s.external_url, 'externalId', s.external_id)
                        else jsonb_build_object('error', s.last_error) end as data
            from settled s join rolled_up p on p.id = s.post_id
            where s.status in ('published', 'failed')`,
          now,
        )}
        select s.id, s.post_id, p.status as post_status,
               exists (select 1 from noted n where n.target_id = s.id) as notified
        from settled s join rolled_up p on p.id = s.post_id`);
    const collect = (rows: SettledRow[]) => {
      for (const r of rows)
        out.set(r.id, { held: true, postId: r.post_id, postStatus: r.post_status, notified: Boolean(r.notified) });
      return out;
    };
    // Posts with one target each have no sibling whose settle could race theirs: the statement alone is atomic,
    // with no transaction around it (three round trips fewer).
    if (items.every((i) => i.alone)) return collect(rowsOf<SettledRow>(await statement(db)));
    const rows = await db.transaction(async (tx) => {
      // Settles of one post's targets take turns (in the posts' order, so two workers never wait on each
      // other): the statement below, begun once the locks are held, reads the others' outcomes as committed.
      // Without this, two targets finishing at once could each see the other still publishing, and the post
      // would stay "publishing" for good.
      await tx.execute(sql`
        select 1 from ${posts}
        where id in (select post_id from ${postTargets} where id in (${list(ids)}))
        order by id for update`);
      return rowsOf<SettledRow>(await statement(tx));
    });
    return collect(rows);
  }

  /**
   * Progress recorded in one turn of the event loop is written in one statement: the targets of a claim start
   * together, and each LinkedIn post records that it is being sent before it is. Each caller's record is
   * written (or found not to be the caller's) before its promise resolves, as when written alone; a target
   * recorded twice in a turn keeps the later record.
   */
  const recordProgressBatched = batchedLoader(
    async (records: { targetId: string; workerId: string; progress: Record<string, unknown> }[]) => {
      const values = sql.join(
        records.map((r) => sql`(${r.targetId}::uuid, ${r.workerId}::text, ${JSON.stringify(r.progress)}::jsonb)`),
        sql`, `,
      );
      const res = await db.execute(sql`
        update ${postTargets} t set progress = v.progress
        from (values ${values}) as v (id, owner, progress)
        where t.id = v.id and t.lease_owner = v.owner
        returning t.id`);
      return new Map(rowsOf<{ id: string }>(res).map((r) => [r.id, true]));
    },
    (r) => r.targetId,
  );

  /** One target's settle (tests and single calls); the worker settles many at once. */
  const settleOne = async (targetId: string, workerId: string, now: Date, outcome: Settlement) =>
    (await settle(workerId, now, [{ targetId, outcome }])).get(targetId) as SettleResult;

  return {
    claim(workerId: string, now: Date, leaseMs: number, limit: number): Promise<ClaimedTarget[]> {
      return claim(workerId, now, leaseMs, limit, { expired: true, due: true });
    },

    /** Claims up to `limit` due targets, soonest first. */
    claimDue(workerId: string, now: Date, leaseMs: number, limit: number): Promise<ClaimedTarget[]> {
      return claim(workerId, now, leaseMs, limit, { expired: false, due: true });
    },

    /** Takes over targets whose worker stopped (its lease ran out) to find out what became of them. */
    claimExpired(workerId: string, now: Date, leaseMs: number, limit: number): Promise<ClaimedTarget[]> {
      return claim(workerId, now, leaseMs, limit, { expired: true, due: false });
    },

    settle,

    /** Keeps the lease while a long call (a video upload) is under way. */
    async extendLease(targetId: string, workerId: string, until: Date): Promise<boolean> {
      const rows = await db
        .update(postTargets)
        .set({ leaseUntil: until })
        .where(and(eq(postTargets.id, targetId), eq(postTargets.leaseOwner, workerId)))
        .returning({ id: postTargets.id });
      return rows.length > 0;
    },

    /**
     * Keeps what this attempt has made on the network so far (e.g. the posted parts of a thread), while the
     * lease is the caller's; false when it no longer is.
     */
    async recordProgress(targetId: string, workerId: string, progress: Record<string, unknown>): Promise<boolean> {
      return (await recordProgressBatched({ targetId, workerId, progress })) === true;
    },

    published(
      targetId: string,
      workerId: string,
      now: Date,
      r: { externalId: string; url: string | null; notice?: string | null },
    ) {
      return settleOne(targetId, workerId, now, { status: "published", ...r });
    },

    /** Back to the queue for another attempt at `at`. */
    retryAt(targetId: string, workerId: string, now: Date, at: Date, error: string, verifyFirst: boolean) {
      return settleOne(targetId, workerId, now, { status: "pending", at, error, verifyFirst });
    },

    /** Done without success: `failed` with the network's message, or `unconfirmed` (the user must check). */
    failed(targetId: string, workerId: string, now: Date, error: string, status: "failed" | "unconfirmed" = "failed") {
      return settleOne(targetId, workerId, now, { status, error });
    },

    /** When the next pending target after `now` is due, if any (the running loop sleeps until then at most). */
    async nextDue(now: Date): Promise<Date | null> {
      const res = await db.execute(sql`
        select min(next_attempt_at) as at from ${postTargets} where status = 'pending' and next_attempt_at > ${now}`);
      return asDate(rowsOf<{ at: string | Date | null }>(res)[0]?.at ?? null);
    },

    /** Targets waiting to go out now. */
    async depth(now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(postTargets)
        .where(and(eq(postTargets.status, "pending"), lte(postTargets.nextAttemptAt, now)));
      return row?.n ?? 0;
    },

    async beat(w: { id: string; host: string; pid: number; startedAt: Date }, now: Date) {
      await db
        .insert(workerHeartbeats)
        .values({ ...w, seenAt: now })
        .onConflictDoUpdate({ target: workerHeartbeats.id, set: { seenAt: now } });
    },

    async lastBeat(): Promise<Date | null> {
      const [row] = await db
        .select({ seenAt: workerHeartbeats.seenAt })
        .from(workerHeartbeats)
        .orderBy(desc(workerHeartbeats.seenAt))
        .limit(1);
      return row?.seenAt ?? null;
    },

    async forget(id: string) {
      await db.delete(workerHeartbeats).where(eq(workerHeartbeats.id, id));
    },
  };
}

export type QueueRepo = ReturnType<typeof createQueueRepo>;
