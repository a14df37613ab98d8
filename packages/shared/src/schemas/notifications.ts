import { z } from "zod";
import { platformSchema } from "./accounts";

export const NOTIFICATION_KINDS = ["publish_failed", "publish_unconfirmed", "account_expiring"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** what it is about, e.g. "Publishing failed on LinkedIn" */
  title: z.string(),
  /** the network's own words, or (account_expiring) when and why to reconnect */
  message: z.string(),
  postId: z.string().nullable(),
  /** the start of the post's text, so the user knows which post it is about (null without a post or text) */
  postExcerpt: z.string().nullable(),
  platform: platformSchema.nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListResponseSchema>;

export const notificationEventSchema = z.object({ type: z.literal("notifications.changed") });
