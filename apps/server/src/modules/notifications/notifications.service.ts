import {
  type AppNotification,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_OF,
  NOTIFICATION_KINDS,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationCategory,
  type NotificationKind,
  type NotificationList,
  type NotificationListQuery,
  PLATFORM_LABELS,
  type Platform,
} from "@app/shared";
import { isPlatform } from "@app/shared/rules/own-key";
import { type SQL, sql } from "drizzle-orm";
import { type Db, rowsOf } from "../../db/client";
import { notifications, posts, users } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { RealtimeHub } from "../../realtime/hub";
import type { Member } from "../workspaces/member";

/** How much of a post's text names it in a notification. */
export const EXCERPT_LENGTH = 60;

export function excerpt(text: string | null | undefined): string | null {
  const flat = text?.replace(/\s+/g, " ").trim();
  if (!flat) return null;
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : flat;
}

interface TitleFacts {
  /** the platform's label, or "your network" */
  network: string;
  /** the actor's name, or "Someone" */
  actor: string;
  count: number;
}

const M = NOTIFICATION_MESSAGES;

/** Each kind's title, from what the notification names (its network, who did it, how many). */
export const NOTIFICATION_TITLES: Record<NotificationKind, (f: TitleFacts) => string> = {
  post_published: (f) => M.postPublished(f.network),
  publish_failed: (f) => M.publishFailed(f.network),
  publish_unconfirmed: (f) => M.publishUnconfirmed(f.network),
  account_expiring: (f) => M.accountExpiring(f.network),
  account_expired: (f) => M.accountExpired(f.network),
  account_reconnect: (f) => M.accountReconnect(f.network),
  webhook_disabled: () => M.webhookDisabled,
  invitation_received: (f) => M.invitationReceived(f.actor),
  ownership_received: (f) => M.ownershipReceived(f.actor),
  approval_requested: (f) => M.approvalRequested(f.actor),
  post_approved: (f) => M.postApproved(f.actor),
  post_rejected: (f) => M.postRejected(f.actor),
  task_assigned: (f) => M.taskAssigned(f.actor),
  task_due: () => M.taskDue,
  trial_ending: () => M.trialEnding,
  payment_failed: () => M.paymentFailed,
  new_comments: (f) => M.newComments(f.count, f.network),
  new_likes: (f) => M.newLikes(f.count, f.network),
  new_shares: (f) => M.newShares(f.count, f.network),
  new_followers: (f) => M.newFollowers(f.count, f.network),
};

/** Where each category leads in the app. */
const CATEGORY_LINKS: Record<NotificationCategory, string> = {
  publishing: "/scheduler",
  accounts: "/connected-accounts",
  integrations: "/settings#webhooks",
  team: "/team",
  billing: "/premium",
  engagement: "/analytics",
};
/** Engagement's Inbox tab. */
export const INBOX_LINK = "/engagement?tab=inbox";
const KIND_LINKS: Partial<Record<NotificationKind, string>> = {
  approval_requested: "/team?tab=approvals",
  post_approved: "/team?tab=approvals",
  post_rejected: "/team?tab=approvals",
  task_assigned: "/team?tab=tasks",
  task_due: "/team?tab=tasks",
  invitation_received: "/team",
};

/** What a notification's title and link are made of (the e-mails use them too). */
export interface NotificationFacts {
  kind: string;
  platform: string | null;
  actorName: string | null;
  count: number | null;
  postId?: string | null;
  data?: Record<string, unknown> | null;
}

export function notificationTitle(n: NotificationFacts): string {
  const platform = n.platform as Platform | null;
  const title = NOTIFICATION_TITLES[n.kind as NotificationKind];
  if (!title) return n.kind;
  return title({
    network: (platform && PLATFORM_LABELS[platform]) || M.yourNetwork,
    actor: n.actorName?.trim() || M.someone,
    count: n.count ?? 0,
  });
}

export function notificationLink(n: NotificationFacts): string | null {
  const kind = n.kind as NotificationKind;
  if (kind === "trial_ending" || kind === "payment_failed") {
    return n.data?.plan === "free" ? "/free-plan" : "/premium";
  }
  // Comments the inbox collected open the inbox, where they are answered.
  if (kind === "new_comments" && typeof n.data?.inboxGroup === "string") return INBOX_LINK;
  const category = NOTIFICATION_CATEGORY_OF[kind];
  if (!category) return null;
  return KIND_LINKS[kind] ?? CATEGORY_LINKS[category];
}

interface ListRow {
  id: string;
  kind: string;
  post_id: string | null;
  platform: string | null;
  message: string;
  count: number | null;
  data: Record<string, unknown> | null;
  read_at: string | Date | null;
  created_at: string | Date;
  post_content: string | null;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  actor_image: string | null;
}

const iso = (v: string | Date) => new Date(v).toISOString();

function toApi(row: ListRow): AppNotification {
  const kind = row.kind as NotificationKind;
  const facts = { kind, platform: row.platform, actorName: row.actor_name, count: row.count, postId: row.post_id };
  return {
    id: row.id,
    kind,
    category: NOTIFICATION_CATEGORY_OF[kind],
    title: notificationTitle({ ...facts, data: row.data }),
    message: row.message,
    link: notificationLink({ ...facts, data: row.data }),
    actor: row.actor_id
      ? { id: row.actor_id, name: row.actor_name ?? "", email: row.actor_email ?? "", image: row.actor_image }
      : null,
    postId: row.post_id,
    postExcerpt: excerpt(row.post_content),
    platform: row.platform && isPlatform(row.platform) ? row.platform : null,
    count: row.count,
    read: row.read_at !== null,
    createdAt: iso(row.created_at),
  };
}

/** The user's time zone if it is one the runtime knows, else UTC. */
export function zoneOrUtc(zone: string | null | undefined): string {
  if (!zone) return "UTC";
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
}

/** The instant local midnight of `date`'s day in `zone`, `daysBack` days earlier. */
export function startOfLocalDay(now: Date, zone: string, daysBack = 0): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  const y = Number(parts.year);
  const m = Number(parts.month) - 1;
  const d = Number(parts.day) - daysBack;
  // The wall-clock midnight read as UTC, corrected by the zone's offset at that moment (twice: around a change).
  const wall = Date.UTC(y, m, d);
  const offsetAt = (t: number) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      })
        .formatToParts(new Date(t))
        .map((x) => [x.type, x.value]),
    );
    const asUtc = Date.UTC(
      Number(p.year),
      Number(p.month) - 1,
      Number(p.day),
      Number(p.hour),
      Number(p.minute),
      Number(p.second),
    );
    return asUtc - Math.floor(t / 1000) * 1000;
  };
  let t = wall - offsetAt(wall);
  t = wall - offsetAt(t);
  return new Date(t);
}

/**
 * Each member's own notifications in the current workspace (one row per recipient, written by the events'
 * producers through notify() or in their own statement): every query takes the member and the workspace, so
 * nobody reads or marks another's.
 */
export function createNotificationsService(deps: { db: Db; hub: RealtimeHub; now?: () => Date }) {
  const { db, hub } = deps;
  const now = deps.now ?? (() => new Date());
  const own = (member: Member) => sql`n.user_id = ${member.userId} and n.workspace_id = ${member.workspaceId}`;

  function filterOf(query: Partial<NotificationListQuery>): SQL {
    const parts: SQL[] = [];
    if (query.kind) parts.push(sql`n.kind = ${query.kind}`);
    if (query.category) {
      const kinds = NOTIFICATION_KINDS.filter((k) => NOTIFICATION_CATEGORY_OF[k] === query.category);
      parts.push(
        sql`n.kind in (${sql.join(
          kinds.map((k) => sql`${k}`),
          sql`, `,
        )})`,
      );
    }
    if (query.unread === "true") parts.push(sql`n.read_at is null`);
    if (query.unread === "false") parts.push(sql`n.read_at is not null`);
    return parts.length ? sql.join(parts, sql` and `) : sql`true`;
  }

  async function summary(member: Member): Promise<NotificationList["summary"]> {
    const [user] = rowsOf<{ timezone: string | null }>(
      await db.execute(sql`select timezone from ${users} where id = ${member.userId}`),
    );
    const zone = zoneOrUtc(user?.timezone);
    const t = now();
    const today = startOfLocalDay(t, zone);
    const week = startOfLocalDay(t, zone, 6);
    const rows = rowsOf<{ kind: string; unread: number | string; today: number | string; week: number | string }>(
      await db.execute(sql`
        select n.kind,
               count(*) filter (where n.read_at is null) as unread,
               count(*) filter (where n.created_at >= ${today.toISOString()}::timestamptz) as today,
               count(*) filter (where n.created_at >= ${week.toISOString()}::timestamptz) as week
        from ${notifications} n
        where ${own(member)}
        group by n.kind`),
    );
    const byCategory = Object.fromEntries(NOTIFICATION_CATEGORIES.map((c) => [c, 0])) as Record<
      NotificationCategory,
      number
    >;
    const out = { unread: 0, today: 0, thisWeek: 0, byCategory };
    for (const r of rows) {
      const category = NOTIFICATION_CATEGORY_OF[r.kind as NotificationKind];
      out.unread += Number(r.unread);
      out.today += Number(r.today);
      out.thisWeek += Number(r.week);
      if (category) byCategory[category] += Number(r.unread);
    }
    return out;
  }

  return {
    async list(member: Member, query: Partial<NotificationListQuery> = {}): Promise<NotificationList> {
      const page = query.page ?? 1;
      const where = sql`${own(member)} and ${filterOf(query)}`;
      const rows = rowsOf<ListRow>(
        await db.execute(sql`
          select n.id, n.kind, n.post_id, n.platform, n.message, n.count, n.data, n.read_at, n.created_at,
                 p.content as post_content, a.id as actor_id, a.name as actor_name, a.email as actor_email,
                 a.image as actor_image
          from ${notifications} n
          left join ${posts} p on p.id = n.post_id
          left join ${users} a on a.id = n.actor_id
          where ${where}
          order by n.created_at desc, n.id desc
          limit ${NOTIFICATIONS_PAGE_SIZE} offset ${(page - 1) * NOTIFICATIONS_PAGE_SIZE}`),
      );
      const [total] = rowsOf<{ n: number | string }>(
        await db.execute(sql`select count(*) as n from ${notifications} n where ${where}`),
      );
      return {
        notifications: rows.map(toApi),
        page,
        pageSize: NOTIFICATIONS_PAGE_SIZE,
        total: Number(total?.n ?? 0),
        summary: await summary(member),
      };
    },

    /** Marks one of the member's own notifications read (404 for any other, whoever's it is). */
    async markRead(member: Member, id: string): Promise<void> {
      const updated = rowsOf<{ id: string }>(
        await db.execute(sql`
          update ${notifications} n set read_at = ${now().toISOString()}::timestamptz
          where n.id = ${id} and ${own(member)} and n.read_at is null
          returning n.id`),
      );
      if (updated.length === 0) {
        const exists = rowsOf<{ id: string }>(
          await db.execute(sql`select n.id from ${notifications} n where n.id = ${id} and ${own(member)}`),
        );
        if (exists.length === 0) throw notFound(NOTIFICATION_MESSAGES.notFound);
        return;
      }
      this.announce(member.workspaceId);
    },

    /** Marks every one of the member's notifications in the workspace read. */
    async markAllRead(member: Member): Promise<void> {
      await db.execute(sql`
        update ${notifications} n set read_at = ${now().toISOString()}::timestamptz
        where ${own(member)} and n.read_at is null`);
      // Told even when none was unread: the member's other tabs may show an older list.
      this.announce(member.workspaceId);
    },

    /** Tells the open tabs of the workspace that notifications changed: each refetches its member's own. */
    announce(workspaceId: string) {
      hub.publish(workspaceId, { name: "notifications", data: { type: "notifications.changed" } });
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
