import { z } from "zod";
import {
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  NOTIFICATIONS_PAGE_SIZE,
} from "../constants/notifications";
import { platformSchema } from "./accounts";
import { personSchema } from "./workspaces";

export { NOTIFICATION_KINDS, type NotificationKind } from "../constants/notifications";

/** One notification of one member (each member has their own, read or not). */
export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  category: z.enum(NOTIFICATION_CATEGORIES),
  /** what it is about, e.g. "Publishing failed on LinkedIn", "12 new likes on X" */
  title: z.string(),
  /** the details: the network's own words, when and why to reconnect, the reviewer's comment… */
  message: z.string(),
  /** where it leads in the app, e.g. "/scheduler?post=…", "/team?tab=approvals" (null: nowhere) */
  link: z.string().nullable(),
  /** who did it (a member approving, assigning…); null for the app or a network */
  actor: personSchema.nullable(),
  postId: z.string().nullable(),
  /** the start of the post's text, so the member knows which post it is about */
  postExcerpt: z.string().nullable(),
  platform: platformSchema.nullable(),
  /** for grouped kinds: how many (likes, comments, followers…) */
  count: z.number().int().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** GET /api/notifications: newest first, by category or kind, unread only, a page at a time (1-based). */
export const notificationListQuerySchema = z.object({
  category: z.preprocess(emptyToUndefined, z.enum(NOTIFICATION_CATEGORIES).optional()),
  kind: z.preprocess(emptyToUndefined, z.enum(NOTIFICATION_KINDS).optional()),
  unread: z.preprocess(emptyToUndefined, z.enum(["true", "false"]).optional()),
  page: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(100_000).default(1)),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

/** The member's counts, whatever the filter: the summary cards and the sidebar's badge. */
export const notificationSummarySchema = z.object({
  unread: z.number().int().nonnegative(),
  /** received today and in the last 7 days (in the member's time zone) */
  today: z.number().int().nonnegative(),
  thisWeek: z.number().int().nonnegative(),
  /** unread by category */
  byCategory: z.record(z.enum(NOTIFICATION_CATEGORIES), z.number().int().nonnegative()),
});
export type NotificationSummary = z.infer<typeof notificationSummarySchema>;

export const notificationListResponseSchema = z.object({
  notifications: z.array(notificationSchema),
  page: z.number().int(),
  pageSize: z.literal(NOTIFICATIONS_PAGE_SIZE),
  total: z.number().int(),
  summary: notificationSummarySchema,
});
export type NotificationList = z.infer<typeof notificationListResponseSchema>;

/** Sent to a member's open tabs when their notifications change. */
export const notificationEventSchema = z.object({ type: z.literal("notifications.changed") });

/** GET/PUT /api/notification-preferences: each kind's channel for the signed-in user. */
export const notificationPreferencesSchema = z.object({
  preferences: z.record(z.enum(NOTIFICATION_KINDS), z.enum(NOTIFICATION_CHANNELS)),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const updateNotificationPreferencesBodySchema = z.object({
  preferences: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.enum(NOTIFICATION_CHANNELS)),
});
