import {
  type AppNotification,
  EXPIRY_MESSAGES,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_OF,
  NOTIFICATION_KINDS,
  NOTIFICATION_PREFERENCE_MESSAGES,
  type NotificationCategory,
  type NotificationKind,
  type NotificationList,
} from "@app/shared";

/** What the Notifications screen shows: a category or a kind, unread only or not, one page (1-based). */
export interface NotificationFilter {
  category?: NotificationCategory;
  kind?: NotificationKind;
  unread: boolean;
  page: number;
}

export const DEFAULT_FILTER: NotificationFilter = { unread: false, page: 1 };

/** Each kind as the member reads it in the filter (the names Settings and the digest use). */
export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = NOTIFICATION_PREFERENCE_MESSAGES.kindLabels;

/** The kinds of a category (every kind without one), in the order of NOTIFICATION_KINDS. */
export const kindsOf = (category?: NotificationCategory): NotificationKind[] =>
  NOTIFICATION_KINDS.filter((k) => !category || NOTIFICATION_CATEGORY_OF[k] === category);

const isCategory = (v: string | null): v is NotificationCategory =>
  (NOTIFICATION_CATEGORIES as readonly string[]).includes(v ?? "");
const isKind = (v: string | null): v is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(v ?? "");

/** The filter in the address (?category=&kind=&unread=true&page=): unknown values are ignored. */
export function filterFromSearch(params: URLSearchParams): NotificationFilter {
  const category = params.get("category");
  const kind = params.get("kind");
  const page = Number(params.get("page"));
  const filter: NotificationFilter = {
    unread: params.get("unread") === "true",
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
  if (isCategory(category)) filter.category = category;
  // A kind of another category than the one chosen would show nothing: the kind wins only when they agree.
  if (isKind(kind) && (!filter.category || NOTIFICATION_CATEGORY_OF[kind] === filter.category)) filter.kind = kind;
  return filter;
}

/** The address's query for a filter: only what differs from the default, "" when nothing does. */
export function searchOfFilter(filter: NotificationFilter): string {
  const params = new URLSearchParams();
  if (filter.category) params.set("category", filter.category);
  if (filter.kind) params.set("kind", filter.kind);
  if (filter.unread) params.set("unread", "true");
  if (filter.page > 1) params.set("page", String(filter.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** How many pages the list has (at least one, even when empty). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/**
 * A cached list after marking one notification read (all of them without an id): the items and the
 * summary's counts change at once; the server's answer follows.
 */
export function applyRead(list: NotificationList, id?: string): NotificationList {
  if (!id) {
    const byCategory = Object.fromEntries(
      Object.keys(list.summary.byCategory).map((c) => [c, 0]),
    ) as NotificationList["summary"]["byCategory"];
    return {
      ...list,
      notifications: list.notifications.map((n) => (n.read ? n : { ...n, read: true })),
      summary: { ...list.summary, unread: 0, byCategory },
    };
  }
  const target = list.notifications.find((n) => n.id === id);
  // Not on this page: its counts come with the next read of the list.
  if (!target || target.read) return list;
  const byCategory = { ...list.summary.byCategory };
  const inCategory = byCategory[target.category];
  if (inCategory !== undefined) byCategory[target.category] = Math.max(0, inCategory - 1);
  return {
    ...list,
    notifications: list.notifications.map((n) => (n.id === id ? { ...n, read: true } : n)),
    summary: { ...list.summary, unread: Math.max(0, list.summary.unread - 1), byCategory },
  };
}

/**
 * Where a notification leads in the app: its own link (the Scheduler opening its post when it names one),
 * else its post; never outside the app.
 */
export function destinationOf(n: Pick<AppNotification, "link" | "postId">): string | null {
  const post = n.postId ? `/scheduler?post=${encodeURIComponent(n.postId)}` : null;
  if (!n.link || n.link === "/scheduler") return post ?? n.link;
  return n.link.startsWith("/") && !n.link.startsWith("//") && !n.link.startsWith("/\\") ? n.link : null;
}

/** The words of the link to what a notification is about. */
export const LINK_LABELS: Record<NotificationKind, string> = {
  post_published: "Open the post",
  publish_failed: "Open the post",
  publish_unconfirmed: "Open the post",
  account_expiring: EXPIRY_MESSAGES.reconnectLink,
  account_expired: EXPIRY_MESSAGES.reconnectLink,
  account_reconnect: EXPIRY_MESSAGES.reconnectLink,
  webhook_disabled: "Open webhooks",
  invitation_received: "Open the invitation",
  ownership_received: "Open the team",
  approval_requested: "Review the post",
  post_approved: "See the review",
  post_rejected: "See the review",
  task_assigned: "Open the task",
  task_due: "Open the task",
  trial_ending: "Open billing",
  payment_failed: "Update payment",
  new_comments: "See the results",
  new_likes: "See the results",
  new_shares: "See the results",
  new_followers: "See the results",
};

/** The words of a notification's link: its kind's, or "Open the inbox" where it leads there (comments the inbox collected). */
export function linkLabelOf(n: Pick<AppNotification, "kind" | "link" | "postId">): string {
  const to = destinationOf(n);
  if (to && new URL(to, "http://app.invalid").pathname === "/engagement" && to.includes("tab=inbox")) {
    return "Open the inbox";
  }
  return LINK_LABELS[n.kind];
}

export type ToastTone = "error" | "warning" | "success" | "info";

/**
 * How a notification arriving while the app is open is told: failures as errors, what needs doing soon as
 * warnings. Not told: the networks' engagement (it comes often: the list and the badge have it), and an
 * account that stopped working (its card and the Dashboard's account status say it, without a toast: the spec).
 */
const TOAST_TONES: Record<NotificationKind, ToastTone | null> = {
  post_published: "success",
  publish_failed: "error",
  publish_unconfirmed: "warning",
  account_expiring: "warning",
  account_expired: null,
  account_reconnect: null,
  webhook_disabled: "error",
  invitation_received: "info",
  ownership_received: "info",
  approval_requested: "info",
  post_approved: "success",
  post_rejected: "info",
  task_assigned: "info",
  task_due: "warning",
  trial_ending: "warning",
  payment_failed: "error",
  new_comments: null,
  new_likes: null,
  new_shares: null,
  new_followers: null,
};

export const toastToneOf = (kind: NotificationKind): ToastTone | null => TOAST_TONES[kind] ?? null;
