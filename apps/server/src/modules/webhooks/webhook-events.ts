import type { WebhookEvent } from "@app/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Queryable, rowsOf } from "../../db/client";
import { jobs, webhookDeliveries, webhookEndpoints } from "../../db/schema";

/** The job that makes one attempt of one delivery; its key names the delivery and the attempt (run once). */
export const WEBHOOK_DELIVERY_JOB = "webhook-delivery";
export const webhookDeliveryKey = (deliveryId: string, attempt: number) =>
  `${WEBHOOK_DELIVERY_JOB}:${deliveryId}:${attempt}`;

/** One event to tell the workspace's endpoints of. */
export interface WebhookEventInput {
  workspaceId: string;
  event: WebhookEvent;
  /** names the event (the `webhook-id` header): told twice, it is delivered once to each endpoint */
  eventId: string;
  data: Record<string, unknown>;
}

/**
 * The SQL form, for a statement that must stay one (the publishing settle): CTEs to put at the top level of its
 * WITH, after `source`'s own. `source` is a query of the events, with the columns workspace_id, event, event_id
 * and data (jsonb). For each enabled endpoint of the event's workspace subscribed to it, a delivery row is
 * written (unless one exists for that endpoint and event id) with the body sent in every attempt, and, for each
 * row written, the job of its first attempt, due now. Names its CTEs webhook_*.
 */
export function webhookEventsCtes(source: SQL, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`
    webhook_events as (${source}),
    webhook_written as (
      insert into ${webhookDeliveries} (endpoint_id, workspace_id, event_id, event, payload, status, created_at, updated_at)
      select we.id, ev.workspace_id, ev.event_id, ev.event,
             jsonb_build_object('id', ev.event_id, 'event', ev.event, 'createdAt', ${now.toISOString()}::text,
               'workspaceId', ev.workspace_id, 'data', ev.data),
             'pending', ${at}, ${at}
      from webhook_events ev
      join ${webhookEndpoints} we on we.workspace_id = ev.workspace_id and we.enabled
        and ev.event = any(we.events)
      on conflict (endpoint_id, event_id) do nothing
      returning id, workspace_id
    ),
    webhook_jobs as (
      insert into ${jobs} (kind, key, workspace_id, payload, run_at)
      select ${WEBHOOK_DELIVERY_JOB}::text, ${`${WEBHOOK_DELIVERY_JOB}:`}::text || w.id::text || ':1', w.workspace_id,
             jsonb_build_object('deliveryId', w.id, 'attempt', 1), ${at}
      from webhook_written w
      on conflict (key) do nothing
    )`;
}

/**
 * Tells the endpoints of the events' workspaces of them: in one statement (so it can run in the caller's
 * transaction, the event and its deliveries committing together), a delivery for each enabled endpoint
 * subscribed to the event and the job of its first attempt. An event told twice (the same event id) is
 * delivered once. Returns how many deliveries were written.
 */
export async function emitWebhookEvents(
  q: Queryable,
  events: readonly WebhookEventInput[],
  now: Date,
): Promise<number> {
  if (events.length === 0) return 0;
  const values = sql.join(
    events.map(
      (e) => sql`(${e.workspaceId}::text, ${e.event}::text, ${e.eventId}::text, ${JSON.stringify(e.data)}::jsonb)`,
    ),
    sql`, `,
  );
  const source = sql`select * from (values ${values}) as v (workspace_id, event, event_id, data)`;
  const res = await q.execute(sql`
    with ${webhookEventsCtes(source, now)}
    select count(*)::int as n from webhook_written`);
  return Number(rowsOf<{ n: number }>(res)[0]?.n ?? 0);
}

/** What post.scheduled tells of a post (the posts service's and the queue's saves). */
export interface ScheduledPost {
  id: string;
  workspaceId: string;
  scheduledAt: Date;
  timezone: string;
  content: string;
  targets: readonly { id: string; accountId: string; platform: string }[];
}

/** post.scheduled, once per post and time it is scheduled at (moved, it is told again). */
export function emitPostScheduled(q: Queryable, post: ScheduledPost, now: Date): Promise<number> {
  return emitWebhookEvents(
    q,
    [
      {
        workspaceId: post.workspaceId,
        event: "post.scheduled",
        eventId: `post.scheduled:${post.id}:${post.scheduledAt.getTime()}`,
        data: {
          postId: post.id,
          scheduledAt: post.scheduledAt.toISOString(),
          timezone: post.timezone,
          content: post.content,
          targets: post.targets.map((t) => ({ targetId: t.id, accountId: t.accountId, network: t.platform })),
        },
      },
    ],
    now,
  );
}

/** account.expired: the account's access ended for good at `end` (once per account and end). */
export function accountExpiredEvent(
  account: { id: string; workspaceId: string; platform: string; displayName: string | null; username: string | null },
  end: Date,
): WebhookEventInput {
  return {
    workspaceId: account.workspaceId,
    event: "account.expired",
    eventId: `account.expired:${account.id}:${end.getTime()}`,
    data: {
      accountId: account.id,
      network: account.platform,
      name: account.displayName || account.username || null,
      expiredAt: end.toISOString(),
    },
  };
}

/** approval.requested: a post submitted for approval (once per submission, its time names it). */
export function approvalRequestedEvent(workspaceId: string, postId: string, by: string, at: Date): WebhookEventInput {
  return {
    workspaceId,
    event: "approval.requested",
    eventId: `approval.requested:${postId}:${at.getTime()}`,
    data: { postId, requestedBy: by },
  };
}
