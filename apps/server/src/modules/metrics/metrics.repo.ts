import { ACCOUNT_METRICS_EVERY_MS, type Platform } from "@app/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accountMetrics, postMetrics, posts, postTargets, socialAccounts } from "../../db/schema";
import type { AccountMetricsReading, PostMetricsReading } from "../../platforms/platform";
import { growth, notifyNewFollowers, notifyPostEngagement } from "../notifications/engagement";

/** Rows a statement changed (node-postgres and PGlite name it differently). */
const affected = (res: unknown) => {
  const r = res as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
};

/** What a poll of one published target needs to know. */
export interface PolledTarget {
  targetId: string;
  postId: string;
  workspaceId: string;
  accountId: string;
  platform: Platform;
  externalId: string;
  pageId: string | null;
  publishedAt: Date;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const POST_METRICS_JOB = "post-metrics";
export const ACCOUNT_METRICS_JOB = "account-metrics";

/** Snapshots of the networks' figures, and the polls that make them (queued as jobs, one per key). */
export function createMetricsRepo(db: Db) {
  return {
    /**
     * Queues a poll of every target published in the last `withinMs` at each age (a job per target and age,
     * due when the post reaches it; the unique key keeps each one queued once), for the networks in `agesFor`.
     * The payload names the account too: a poll reads the account's other due polls in the same call.
     * One statement, however many targets.
     */
    async schedulePostPolls(now: Date, agesFor: Partial<Record<Platform, readonly number[]>>, withinMs: number) {
      const rows = Object.entries(agesFor).flatMap(([platform, ages]) =>
        (ages ?? []).map((ms) => sql`(${platform}, ${ms}::bigint)`),
      );
      if (rows.length === 0) return 0;
      const since = new Date(now.getTime() - withinMs);
      const res = await db.execute(sql`
        insert into jobs (kind, key, workspace_id, payload, run_at)
        select ${POST_METRICS_JOB}, ${POST_METRICS_JOB} || ':' || t.id || ':' || a.ms, p.workspace_id,
               jsonb_build_object('targetId', t.id, 'accountId', t.account_id), t.published_at + a.ms * interval '1 millisecond'
        from ${postTargets} t
        join ${posts} p on p.id = t.post_id
        join (values ${sql.join(rows, sql`, `)}) as a(platform, ms) on a.platform = t.platform
        where t.status = 'published' and t.external_id is not null and t.published_at >= ${since}
        on conflict (key) do nothing`);
      return affected(res);
    },

    /**
     * Queues today's poll of every active account, spread over the day by the account's id (so the networks are
     * not all asked at once): due at once when its moment today has passed.
     */
    async scheduleAccountPolls(now: Date) {
      const day = now.toISOString().slice(0, 10);
      const dayStart = new Date(`${day}T00:00:00Z`);
      const res = await db.execute(sql`
        insert into jobs (kind, key, workspace_id, payload, run_at)
        select ${ACCOUNT_METRICS_JOB}, ${ACCOUNT_METRICS_JOB} || ':' || s.id || ':' || ${day}, s.workspace_id,
               jsonb_build_object('accountId', s.id, 'day', ${day}::text),
               ${dayStart}::timestamptz
                 + (abs(hashtext(s.id::text)) % ${ACCOUNT_METRICS_EVERY_MS}) * interval '1 millisecond'
        from ${socialAccounts} s
        where s.is_active
        on conflict (key) do nothing`);
      return affected(res);
    },

    /** The published targets of `targetIds` (those deleted since, or no longer published, left out). */
    async targets(targetIds: readonly string[]): Promise<PolledTarget[]> {
      const ids = targetIds.filter((id) => UUID.test(id));
      if (ids.length === 0) return [];
      const rows = await db
        .select({
          targetId: postTargets.id,
          postId: postTargets.postId,
          workspaceId: posts.workspaceId,
          accountId: postTargets.accountId,
          platform: postTargets.platform,
          externalId: postTargets.externalId,
          pageId: postTargets.pageId,
          publishedAt: postTargets.publishedAt,
          options: posts.options,
          status: postTargets.status,
        })
        .from(postTargets)
        .innerJoin(posts, eq(posts.id, postTargets.postId))
        .where(inArray(postTargets.id, ids));
      const out: PolledTarget[] = [];
      for (const row of rows) {
        if (!row.externalId || !row.publishedAt || row.status !== "published") continue;
        const { options, status: _status, ...target } = row;
        // A LinkedIn company post is read as its organization's (the target keeps no page for LinkedIn).
        const linkedin = options.linkedin;
        const organization = linkedin?.postAs === "company" ? (linkedin.organizationId ?? null) : null;
        out.push({
          ...target,
          platform: row.platform as Platform,
          externalId: row.externalId,
          publishedAt: row.publishedAt,
          pageId: row.platform === "linkedin" ? organization : row.pageId,
        });
      }
      return out;
    },

    /**
     * Keeps each reading as its target's newest snapshot (the one before it stays in the history); one transaction,
     * which tells the workspace's members of the likes, comments and shares gained since the snapshot before
     * (grouped: notifications/engagement.ts). The targets are locked first, so two polls of one target (two
     * workers) each compare with the other's snapshot, never both with the same one. Returns the workspaces
     * whose notifications changed.
     */
    async savePostReadings(
      at: Date,
      readings: readonly { target: PolledTarget; reading: PostMetricsReading }[],
    ): Promise<string[]> {
      if (readings.length === 0) return [];
      const targetIds = [...new Set(readings.map((r) => r.target.targetId))];
      return db.transaction(async (tx) => {
        await tx.execute(sql`
          select id from ${postTargets} where id in (${sql.join(
            targetIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )}) order by id for update`);
        const before = await tx
          .select({
            targetId: postMetrics.targetId,
            likes: postMetrics.likes,
            comments: postMetrics.comments,
            shares: postMetrics.shares,
          })
          .from(postMetrics)
          .where(and(inArray(postMetrics.targetId, targetIds), eq(postMetrics.isLatest, true)));
        const previous = new Map(before.map((row) => [row.targetId, row]));
        await tx
          .update(postMetrics)
          .set({ isLatest: false })
          .where(
            and(
              inArray(
                postMetrics.targetId,
                readings.map((r) => r.target.targetId),
              ),
              eq(postMetrics.isLatest, true),
            ),
          );
        const saved = await tx
          .insert(postMetrics)
          .values(
            readings.map(({ target, reading }) => {
              const f = reading.figures;
              return {
                workspaceId: target.workspaceId,
                postId: target.postId,
                targetId: target.targetId,
                accountId: target.accountId,
                platform: target.platform,
                capturedAt: at,
                publishedAt: target.publishedAt,
                isLatest: true,
                views: f.views ?? null,
                reach: f.reach ?? null,
                likes: f.likes ?? null,
                comments: f.comments ?? null,
                shares: f.shares ?? null,
                saves: f.saves ?? null,
                clicks: f.clicks ?? null,
                videoViews: f.videoViews ?? null,
                unavailable: reading.unavailable as Record<string, string>,
              };
            }),
          )
          .returning({
            id: postMetrics.id,
            targetId: postMetrics.targetId,
            likes: postMetrics.likes,
            comments: postMetrics.comments,
            shares: postMetrics.shares,
          });
        const notified = new Set<string>();
        for (const [i, row] of saved.entries()) {
          const target = readings[i]?.target;
          if (!target || target.targetId !== row.targetId) continue;
          for (const g of growth(previous.get(row.targetId), row)) {
            const written = await notifyPostEngagement(
              tx,
              {
                workspaceId: target.workspaceId,
                kind: g.kind,
                postId: target.postId,
                targetId: target.targetId,
                platform: target.platform,
                snapshotId: row.id,
                increase: g.increase,
                total: g.total,
              },
              at,
            );
            if (written > 0) notified.add(target.workspaceId);
          }
          // A second reading of one target in the same batch compares with the first.
          previous.set(row.targetId, row);
        }
        return [...notified];
      });
    },

    /**
     * The account's figures for `day`: the day's last reading wins. More followers than the day before tells the
     * workspace's members (one notification per account and day, its gain following the day's last reading).
     * Returns whether notifications changed.
     */
    async saveAccountReading(
      account: { id: string; workspaceId: string; platform: string },
      day: string,
      at: Date,
      reading: AccountMetricsReading,
    ) {
      const f = reading.figures;
      const values = {
        followers: f.followers ?? null,
        reach: f.reach ?? null,
        profileViews: f.profileViews ?? null,
        unavailable: reading.unavailable as Record<string, string>,
        capturedAt: at,
      };
      return db.transaction(async (tx) => {
        await tx
          .insert(accountMetrics)
          .values({
            workspaceId: account.workspaceId,
            accountId: account.id,
            platform: account.platform,
            day,
            ...values,
          })
          .onConflictDoUpdate({ target: [accountMetrics.accountId, accountMetrics.day], set: values });
        // The account's own count (on Connected Accounts and the Dashboard's grid) follows its newest reading, so
        // every screen shows the same followers.
        if (values.followers === null) return false;
        await tx.execute(sql`
          update ${socialAccounts} set follower_count = ${values.followers}, updated_at = ${at}
          where id = ${account.id}
            and not exists (select 1 from ${accountMetrics} m where m.account_id = ${account.id} and m.day > ${day})`);
        const [dayBefore] = await tx
          .select({ followers: accountMetrics.followers })
          .from(accountMetrics)
          .where(and(eq(accountMetrics.accountId, account.id), sql`${accountMetrics.day} = ${day}::date - 1`))
          .limit(1);
        if (dayBefore?.followers == null || values.followers <= dayBefore.followers) return false;
        const written = await notifyNewFollowers(
          tx,
          {
            workspaceId: account.workspaceId,
            accountId: account.id,
            platform: account.platform as Platform,
            day,
            gain: values.followers - dayBefore.followers,
            total: values.followers,
          },
          at,
        );
        return written > 0;
      });
    },

    /**
     * Deletes up to `limit` post snapshots captured before `before`, each target's newest kept (one statement,
     * so a big table is not locked for long); returns how many.
     */
    async purgePostSnapshots(before: Date, limit: number): Promise<number> {
      const res = await db.execute(sql`
        delete from ${postMetrics} where id in (
          select id from ${postMetrics} where captured_at < ${before} and not is_latest limit ${limit})`);
      return affected(res);
    },

    /** Deletes up to `limit` daily account readings of days before `beforeDay` (YYYY-MM-DD); returns how many. */
    async purgeAccountReadings(beforeDay: string, limit: number): Promise<number> {
      const res = await db.execute(sql`
        delete from ${accountMetrics} where id in (
          select id from ${accountMetrics} where day < ${beforeDay}::date limit ${limit})`);
      return affected(res);
    },

    async account(accountId: string) {
      const [row] = await db
        .select({ id: socialAccounts.id, workspaceId: socialAccounts.workspaceId, platform: socialAccounts.platform })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.id, accountId), eq(socialAccounts.isActive, true)))
        .limit(1);
      return row;
    },
  };
}

export type MetricsRepo = ReturnType<typeof createMetricsRepo>;
