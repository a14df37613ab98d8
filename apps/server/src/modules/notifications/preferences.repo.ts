import {
  DEFAULT_NOTIFICATION_CHANNEL,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from "@app/shared";
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { notificationPreferences } from "../../db/schema";

export type ChannelsByKind = Record<NotificationKind, NotificationChannel>;

/** A user's channel for every kind: their choice, or the kind's default. */
export async function channelsOf(q: Queryable, userId: string): Promise<ChannelsByKind> {
  const rows = await q
    .select({ kind: notificationPreferences.kind, channel: notificationPreferences.channel })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const out = { ...DEFAULT_NOTIFICATION_CHANNEL };
  for (const r of rows) {
    if ((NOTIFICATION_KINDS as readonly string[]).includes(r.kind)) {
      out[r.kind as NotificationKind] = r.channel as NotificationChannel;
    }
  }
  return out;
}

/** Sets the kinds given (the others stay as they are). */
export async function setChannels(
  q: Queryable,
  userId: string,
  changes: Partial<ChannelsByKind>,
  now: Date,
): Promise<void> {
  const values = Object.entries(changes)
    .filter((e): e is [NotificationKind, NotificationChannel] => e[1] !== undefined)
    .map(([kind, channel]) => ({ userId, kind, channel, updatedAt: now }));
  if (values.length === 0) return;
  await q
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { channel: sql`excluded.channel`, updatedAt: sql`excluded.updated_at` },
    });
}

/**
 * Stops the e-mails of these kinds (an unsubscribe link): each one the user gets by e-mail now comes in the app
 * only; a kind they turned off stays off.
 */
export async function stopEmails(q: Queryable, userId: string, kinds: readonly NotificationKind[], now: Date) {
  const current = await channelsOf(q, userId);
  const changes: Partial<ChannelsByKind> = {};
  for (const kind of kinds) if (current[kind] === "email") changes[kind] = "in_app";
  await setChannels(q, userId, changes, now);
}
