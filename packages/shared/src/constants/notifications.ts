/**
 * Notifications (issue 20): every kind, the category it is filtered by, how each reaches its members by
 * default, and which go out by e-mail at once or in the daily digest.
 */
export const NOTIFICATION_KINDS = [
  // publishing
  "post_published",
  "publish_failed",
  "publish_unconfirmed",
  // accounts
  "account_expiring",
  "account_expired",
  "account_reconnect",
  // integrations
  "webhook_disabled",
  // team
  "invitation_received",
  "ownership_received",
  "approval_requested",
  "post_approved",
  "post_rejected",
  "task_assigned",
  "task_due",
  // billing
  "trial_ending",
  "payment_failed",
  // the networks: grouped, e.g. "12 new likes on …", never one per like
  "new_comments",
  "new_likes",
  "new_shares",
  "new_followers",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_CATEGORIES = [
  "publishing",
  "accounts",
  "integrations",
  "team",
  "billing",
  "engagement",
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number];

export const NOTIFICATION_CATEGORY_OF: Record<NotificationKind, NotificationCategory> = {
  post_published: "publishing",
  publish_failed: "publishing",
  publish_unconfirmed: "publishing",
  account_expiring: "accounts",
  account_expired: "accounts",
  account_reconnect: "accounts",
  webhook_disabled: "integrations",
  invitation_received: "team",
  ownership_received: "team",
  approval_requested: "team",
  post_approved: "team",
  post_rejected: "team",
  task_assigned: "team",
  task_due: "team",
  trial_ending: "billing",
  payment_failed: "billing",
  new_comments: "engagement",
  new_likes: "engagement",
  new_shares: "engagement",
  new_followers: "engagement",
};

export const NOTIFICATION_CATEGORY_LABELS: Record<NotificationCategory, string> = {
  publishing: "Publishing",
  accounts: "Accounts",
  integrations: "Integrations",
  team: "Team",
  billing: "Billing",
  engagement: "Engagement",
};

/** How a member hears of a kind: in the app and by e-mail, in the app only, or not at all. */
export const NOTIFICATION_CHANNELS = ["email", "in_app", "off"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * E-mailed at once when the member's channel is "email": failures, accounts that need attention, approvals.
 * The engagement kinds go out in the daily digest instead; the others are in the app only unless chosen.
 */
export const IMMEDIATE_EMAIL_KINDS: readonly NotificationKind[] = [
  "publish_failed",
  "publish_unconfirmed",
  "account_expiring",
  "account_expired",
  "account_reconnect",
  "webhook_disabled",
  "invitation_received",
  "ownership_received",
  "approval_requested",
  "post_approved",
  "post_rejected",
  "task_assigned",
  "task_due",
  "trial_ending",
  "payment_failed",
];
export const DIGEST_KINDS: readonly NotificationKind[] = ["new_comments", "new_likes", "new_shares", "new_followers"];

/** Each kind's channel until the member chooses: e-mail for what needs acting on, the app for the rest. */
export const DEFAULT_NOTIFICATION_CHANNEL: Record<NotificationKind, NotificationChannel> = {
  post_published: "in_app",
  publish_failed: "email",
  publish_unconfirmed: "email",
  account_expiring: "email",
  account_expired: "email",
  account_reconnect: "email",
  webhook_disabled: "email",
  // the invitation's own e-mail carries the link: the notification stays in the app
  invitation_received: "in_app",
  ownership_received: "email",
  approval_requested: "email",
  post_approved: "email",
  post_rejected: "email",
  task_assigned: "in_app",
  task_due: "in_app",
  trial_ending: "email",
  payment_failed: "email",
  new_comments: "in_app",
  new_likes: "in_app",
  new_shares: "in_app",
  new_followers: "in_app",
};

/** Notifications per page of the Notifications screen. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
/** The daily digest goes out at this hour (UTC) with the day's engagement. */
export const DIGEST_HOUR_UTC = 7;
/** An account's access ending this soon is told (token expiring in 7 days). */
export const ACCOUNT_EXPIRY_NOTICE_DAYS = 7;
/** A trial ending this soon is told. */
export const TRIAL_ENDING_NOTICE_DAYS = 3;
