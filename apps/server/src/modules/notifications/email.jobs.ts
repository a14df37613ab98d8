import { DEFAULT_NOTIFICATION_CHANNEL, DIGEST_HOUR_UTC, DIGEST_KINDS, type NotificationKind } from "@app/shared";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../db/client";
import { notifications } from "../../db/schema";
import { type DigestGroup, digestTemplate, notificationTemplate } from "../../email/templates/notifications";
import { unsubscribeLinks } from "../../email/unsubscribe-link";
import { enqueue, enqueueMany } from "../../worker/jobs.repo";
import type { JobHandler } from "../../worker/jobs-worker";
import type { NotificationJobsDeps } from "./jobs-deps";
import { excerpt, notificationLink, notificationTitle } from "./notifications.service";
import { NOTIFICATION_EMAIL_JOB } from "./notify";
import { channelsOf } from "./preferences.repo";

/** The daily run that queues each user's digest (key: the day). */
export const DIGEST_SCHEDULE_JOB = "notification-digest";
/** One user's digest of one day (key: the day and the user): sent once. */
export const DIGEST_USER_JOB = "notification-digest-user";

const DAY_MS = 24 * 3_600_000;
const dayOf = (slot: Date) => slot.toISOString().slice(0, 10);

/** The digest's slot on or after `now`: today at DIGEST_HOUR_UTC, or tomorrow when that has passed. */
export function nextDigestSlot(now: Date): Date {
  const slot = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  return slot.getTime() < now.getTime() ? new Date(slot.getTime() + DAY_MS) : slot;
}

const scheduleJob = (slot: Date) => ({
  kind: DIGEST_SCHEDULE_JOB,
  key: `${DIGEST_SCHEDULE_JOB}:${dayOf(slot)}`,
  payload: { slot: slot.toISOString() },
  runAt: slot,
});

/** Queues the digest's next run (its runs then queue each other); at start-up, by every process (one per day). */
export async function startDigestSchedule(deps: Pick<NotificationJobsDeps, "db">, now: Date) {
  await enqueue(deps.db, scheduleJob(nextDigestSlot(now)));
}

interface EmailRow {
  id: string;
  kind: string;
  user_id: string;
  platform: string | null;
  message: string;
  count: number | null;
  post_id: string | null;
  data: Record<string, unknown> | null;
  email: string;
  workspace_name: string;
  actor_name: string | null;
  post_content: string | null;
  channel: string | null;
}

const digestKindsSql = sql.join(
  DIGEST_KINDS.map((k) => sql`(${k}, ${DEFAULT_NOTIFICATION_CHANNEL[k]})`),
  sql`, `,
);
const digestKindList = sql.join(
  DIGEST_KINDS.map((k) => sql`${k}`),
  sql`, `,
);

/**
 * The notification e-mails: one at once per notification of IMMEDIATE_EMAIL_KINDS (queued by notify() with the
 * notification's id as key), and the daily digest of the engagement kinds.
 *
 * Exactly once: the job's key makes one job per notification (one per user and day for the digest); the e-mail
 * is sent, then the notification is marked (`data.emailedAt`, `data.digestedAt`) by a conditional update. A retry
 * (the worker failed to record the job done, a lease taken over) finds the mark and sends nothing. No transaction
 * is held open while the mail server answers (with PGlite that would stall every request); the one window left is
 * a process dying between the mail server's accept and the mark, where a retry sends the e-mail again: a rare
 * duplicate is preferred to a lost failure alert (a mark made before sending would lose the e-mail instead).
 */
export function emailJobHandlers(deps: NotificationJobsDeps): Record<string, JobHandler> {
  const { db, config, mailer } = deps;
  const now = deps.now ?? (() => new Date());
  const appUrl = (link: string | null) => (link ? new URL(link, config.publicUrl).toString() : null);

  async function sendNotification(notificationId: string) {
    const rows = rowsOf<EmailRow>(
      await db.execute(sql`
        select n.id, n.kind, n.user_id, n.platform, n.message, n.count, n.post_id, n.data,
          u.email, w.name as workspace_name, a.name as actor_name, p.content as post_content, pr.channel
        from ${notifications} n
        join users u on u.id = n.user_id
        join workspaces w on w.id = n.workspace_id
        left join users a on a.id = n.actor_id
        left join posts p on p.id = n.post_id
        left join notification_preferences pr on pr.user_id = n.user_id and pr.kind = n.kind
        where n.id = ${notificationId}`),
    );
    const row = rows[0];
    if (!row) return; // gone (deleted with its user or workspace): nothing to tell
    if (row.data?.emailedAt) return; // sent already
    const kind = row.kind as NotificationKind;
    const channel = row.channel ?? DEFAULT_NOTIFICATION_CHANNEL[kind];
    if (channel !== "email") return; // the member chose otherwise since
    const facts = {
      kind,
      platform: row.platform,
      actorName: row.actor_name,
      count: row.count,
      postId: row.post_id,
      data: row.data,
    };
    const unsubscribe = unsubscribeLinks(config.publicUrl, config.appSecret, row.user_id, kind);
    const message = await notificationTemplate({
      kind,
      title: notificationTitle(facts),
      message: row.message,
      postExcerpt: excerpt(row.post_content),
      workspace: row.workspace_name,
      url: appUrl(notificationLink(facts)),
      unsubscribeUrl: unsubscribe.page,
    });
    await mailer.send({ to: row.email, ...message, oneClickUnsubscribeUrl: unsubscribe.oneClick });
    await db.execute(sql`
      update ${notifications} set data = data || jsonb_build_object('emailedAt', ${now().toISOString()}::text)
      where id = ${row.id}`);
  }

  /** Queues each user's digest of the slot (those with an engagement kind by e-mail and something to tell). */
  async function scheduleDigests(slot: Date) {
    // The next day's run is queued first: a run that fails for good never ends the digests.
    await enqueue(db, scheduleJob(new Date(slot.getTime() + DAY_MS)));
    const since = new Date(slot.getTime() - DAY_MS);
    const users = rowsOf<{ id: string }>(
      await db.execute(sql`
        select u.id from users u
        where exists (
          select 1 from (values ${digestKindsSql}) as k(kind, def)
          left join notification_preferences p on p.user_id = u.id and p.kind = k.kind
          where coalesce(p.channel, k.def) = 'email'
        )
        and exists (
          select 1 from ${notifications} n
          where n.user_id = u.id and n.kind in (${digestKindList}) and n.read_at is null
            and n.created_at >= ${since} and n.created_at < ${slot} and not (n.data ? 'digestedAt')
        )`),
    );
    await enqueueMany(
      db,
      users.map((u) => ({
        kind: DIGEST_USER_JOB,
        key: `${DIGEST_SCHEDULE_JOB}:${dayOf(slot)}:${u.id}`,
        payload: { userId: u.id, slot: slot.toISOString() },
        runAt: slot,
      })),
    );
  }

  async function sendDigest(userId: string, slot: Date) {
    const channels = await channelsOf(db, userId);
    const kinds = DIGEST_KINDS.filter((k) => channels[k] === "email");
    if (kinds.length === 0) return;
    const since = new Date(slot.getTime() - DAY_MS);
    const rows = rowsOf<EmailRow & { workspace_id: string }>(
      await db.execute(sql`
        select n.id, n.kind, n.user_id, n.platform, n.message, n.count, n.post_id, n.data, n.workspace_id,
          u.email, w.name as workspace_name, null as actor_name, p.content as post_content, null as channel
        from ${notifications} n
        join users u on u.id = n.user_id
        join workspaces w on w.id = n.workspace_id
        left join posts p on p.id = n.post_id
        where n.user_id = ${userId}
          and n.kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
          and n.read_at is null and not (n.data ? 'digestedAt')
          and n.created_at >= ${since} and n.created_at < ${slot}
        order by w.name, n.workspace_id, n.kind, n.created_at`),
    );
    const first = rows[0];
    if (!first) return; // nothing today: no e-mail
    const groups: DigestGroup[] = [];
    const byKey = new Map<string, DigestGroup>();
    for (const row of rows) {
      const key = `${row.workspace_id}:${row.kind}`;
      let group = byKey.get(key);
      if (!group) {
        group = { workspace: row.workspace_name, kind: row.kind as NotificationKind, lines: [] };
        byKey.set(key, group);
        groups.push(group);
      }
      const title = notificationTitle({ kind: row.kind, platform: row.platform, actorName: null, count: row.count });
      const post = excerpt(row.post_content);
      group.lines.push(post ? `${title}: “${post}”` : title);
    }
    const unsubscribe = unsubscribeLinks(config.publicUrl, config.appSecret, userId, "digest");
    const message = await digestTemplate({
      total: rows.length,
      groups,
      kinds,
      url: appUrl("/notifications") as string,
      unsubscribeUrl: unsubscribe.page,
    });
    await mailer.send({ to: first.email, ...message, oneClickUnsubscribeUrl: unsubscribe.oneClick });
    await db.execute(sql`
      update ${notifications} set data = data || jsonb_build_object('digestedAt', ${now().toISOString()}::text)
      where id in (${sql.join(
        rows.map((r) => sql`${r.id}`),
        sql`, `,
      )})`);
  }

  return {
    [NOTIFICATION_EMAIL_JOB]: async (job) => {
      const id = job.payload.notificationId;
      if (typeof id === "string") await sendNotification(id);
    },
    [DIGEST_SCHEDULE_JOB]: async (job) => {
      await scheduleDigests(new Date(String(job.payload.slot ?? job.runAt.toISOString())));
    },
    [DIGEST_USER_JOB]: async (job) => {
      const { userId, slot } = job.payload;
      if (typeof userId === "string" && typeof slot === "string") await sendDigest(userId, new Date(slot));
    },
  };
}
