import {
  DEFAULT_NOTIFICATION_CHANNEL,
  IMMEDIATE_EMAIL_KINDS,
  type NotificationKind,
  type Platform,
  rolesThatCan,
  type WorkspaceAction,
  type WorkspaceResource,
  type WorkspaceRole,
} from "@app/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Queryable, rowsOf } from "../../db/client";
import { notificationPreferences, notifications, workspaceMembers } from "../../db/schema";
import { enqueueMany } from "../../worker/jobs.repo";

/** The job that e-mails one notification (its key names the notification: sent once). */
export const NOTIFICATION_EMAIL_JOB = "notification-email";

/**
 * Who hears of an event: named members, the members whose role may do something (e.g. approve posts), or every
 * member. Only current members of the workspace are ever told; `exceptUserId` leaves one out (the one who did it).
 */
export type Audience =
  | { userIds: readonly string[] }
  | { can: [WorkspaceResource, WorkspaceAction] }
  | { roles: readonly WorkspaceRole[] }
  | "everyone";

export interface NewNotification {
  workspaceId: string;
  kind: NotificationKind;
  /** names the event, e.g. `publish_failed:<targetId>`: the same event never notifies a member twice */
  dedupeKey: string;
  audience: Audience;
  exceptUserId?: string | null;
  actorId?: string | null;
  postId?: string | null;
  targetId?: string | null;
  taskId?: string | null;
  platform?: Platform | null;
  message: string;
  count?: number | null;
  data?: Record<string, unknown>;
}

function audienceSql(audience: Audience): SQL {
  if (audience === "everyone") return sql`true`;
  if ("userIds" in audience) {
    if (audience.userIds.length === 0) return sql`false`;
    return sql`m.user_id in (${sql.join(
      audience.userIds.map((id) => sql`${id}`),
      sql`, `,
    )})`;
  }
  const roles =
    "roles" in audience
      ? audience.roles
      : rolesThatCan(audience.can[0], audience.can[1] as WorkspaceAction<(typeof audience.can)[0]>);
  if (roles.length === 0) return sql`false`;
  return sql`m.role in (${sql.join(
    roles.map((r) => sql`${r}`),
    sql`, `,
  )})`;
}

/**
 * Tells the event's audience: one notification per member who has not turned the kind off, in the caller's
 * transaction (pass it as `q`) so the event and its notifications commit together. A member already told of the
 * event (the same dedupe key: a retry, a second worker) gets nothing more. Members whose channel is "email" get
 * it by e-mail too, at once for the kinds in IMMEDIATE_EMAIL_KINDS (a job per notification), the others in the
 * daily digest. Returns the notifications written, with their recipient and channel.
 */
export async function notify(
  q: Queryable,
  n: NewNotification,
  now: Date,
): Promise<{ id: string; userId: string; channel: string }[]> {
  const defaultChannel = DEFAULT_NOTIFICATION_CHANNEL[n.kind];
  const res = await q.execute(sql`
    with recipients as (
      select m.user_id, coalesce(p.channel, ${defaultChannel}) as channel
      from ${workspaceMembers} m
      left join ${notificationPreferences} p on p.user_id = m.user_id and p.kind = ${n.kind}
      where m.workspace_id = ${n.workspaceId}
        and ${audienceSql(n.audience)}
        and m.user_id is distinct from ${n.exceptUserId ?? null}
    ),
    written as (
      insert into ${notifications} (workspace_id, user_id, kind, dedupe_key, actor_id, post_id, target_id, task_id,
        platform, message, count, data, created_at)
      select ${n.workspaceId}, r.user_id, ${n.kind}, ${n.dedupeKey}, ${n.actorId ?? null}, ${n.postId ?? null},
        ${n.targetId ?? null}, ${n.taskId ?? null}, ${n.platform ?? null}, ${n.message}, ${n.count ?? null},
        ${JSON.stringify(n.data ?? {})}::jsonb, ${now}
      from recipients r
      where r.channel <> 'off'
      on conflict (user_id, dedupe_key) do nothing
      returning id, user_id
    )
    select w.id, w.user_id as "userId", r.channel from written w join recipients r on r.user_id = w.user_id`);
  const rows = rowsOf<{ id: string; userId: string; channel: string }>(res);
  if (IMMEDIATE_EMAIL_KINDS.includes(n.kind)) {
    await enqueueMany(
      q,
      rows
        .filter((r) => r.channel === "email")
        .map((r) => ({
          kind: NOTIFICATION_EMAIL_JOB,
          key: `${NOTIFICATION_EMAIL_JOB}:${r.id}`,
          workspaceId: n.workspaceId,
          payload: { notificationId: r.id },
          runAt: now,
        })),
    );
  }
  return rows;
}
