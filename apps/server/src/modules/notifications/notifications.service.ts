import {
  type AppNotification,
  EXPIRY_MESSAGES,
  NOTIFICATION_MESSAGES,
  type NotificationKind,
  type NotificationList,
  PLATFORM_LABELS,
  type Platform,
} from "@app/shared";
import { and, count, desc, eq, getTableColumns, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications, posts } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { RealtimeHub } from "../../realtime/hub";
import type { Member } from "../workspaces/member";

/** How many of the newest notifications a list holds. */
export const NOTIFICATION_LIST_LIMIT = 50;

type Row = typeof notifications.$inferSelect & { postContent: string | null };

/** How much of a post's text names it in a notification. */
export const EXCERPT_LENGTH = 60;

function excerpt(text: string | null): string | null {
  const flat = text?.replace(/\s+/g, " ").trim();
  if (!flat) return null;
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…` : flat;
}

const TITLES: Record<NotificationKind, (network: string) => string> = {
  publish_failed: NOTIFICATION_MESSAGES.publishFailed,
  publish_unconfirmed: NOTIFICATION_MESSAGES.publishUnconfirmed,
  account_expiring: EXPIRY_MESSAGES.notificationTitle,
};

function toApi(row: Row): AppNotification {
  const platform = (row.platform as Platform | null) ?? null;
  const network = platform ? PLATFORM_LABELS[platform] : "your network";
  const kind = row.kind as NotificationKind;
  return {
    id: row.id,
    kind,
    title: TITLES[kind](network),
    message: row.message,
    postId: row.postId,
    postExcerpt: excerpt(row.postContent),
    platform,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A workspace's in-app notifications (written by the publishing queue as failures happen, and by the token
 * sweep when an account's access is about to end for good). Every query takes the workspace: every member
 * sees them, and one member marking one read marks it read for all.
 */
export function createNotificationsService(deps: { db: Db; hub: RealtimeHub; now?: () => Date }) {
  const { db, hub } = deps;
  const now = deps.now ?? (() => new Date());
  const inWorkspace = (workspaceId: string) => eq(notifications.workspaceId, workspaceId);

  return {
    async list(member: Member): Promise<NotificationList> {
      const rows = await db
        .select({ ...getTableColumns(notifications), postContent: posts.content })
        .from(notifications)
        .leftJoin(posts, eq(posts.id, notifications.postId))
        .where(inWorkspace(member.workspaceId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(NOTIFICATION_LIST_LIMIT);
      const [unread] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(inWorkspace(member.workspaceId), isNull(notifications.readAt)));
      return { notifications: rows.map(toApi), unread: unread?.n ?? 0 };
    },

    async markRead(member: Member, id: string): Promise<void> {
      const [row] = await db
        .update(notifications)
        .set({ readAt: now() })
        .where(and(inWorkspace(member.workspaceId), eq(notifications.id, id), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      if (!row) {
        const [exists] = await db
          .select({ id: notifications.id })
          .from(notifications)
          .where(and(inWorkspace(member.workspaceId), eq(notifications.id, id)));
        if (!exists) throw notFound(NOTIFICATION_MESSAGES.notFound);
        return;
      }
      this.announce(member.workspaceId);
    },

    async markAllRead(member: Member): Promise<void> {
      await db
        .update(notifications)
        .set({ readAt: now() })
        .where(and(inWorkspace(member.workspaceId), isNull(notifications.readAt)));
      this.announce(member.workspaceId);
    },

    /** Tells the open tabs of the workspace's members that its notifications changed. */
    announce(workspaceId: string) {
      hub.publish(workspaceId, { name: "notifications", data: { type: "notifications.changed" } });
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
