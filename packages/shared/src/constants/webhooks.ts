/** Webhooks (issue 24): the events a workspace can be told of, how deliveries are signed, retried and given up. */

export const WEBHOOK_EVENTS = [
  "post.scheduled",
  "post.published",
  "post.failed",
  "comment.received",
  "approval.requested",
  "account.expired",
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Sent by "Send test" only; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = "webhook.test";
export type WebhookDeliveryEvent = WebhookEvent | typeof WEBHOOK_TEST_EVENT;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  "post.scheduled": "Post scheduled",
  "post.published": "Post published",
  "post.failed": "Post failed",
  "comment.received": "Comment received",
  "approval.requested": "Approval requested",
  "account.expired": "Account expired",
};

/**
 * The signature scheme (README, "Webhooks"): each delivery carries these headers; the signature is
 * `v1=` + hex(HMAC-SHA256(secret, timestamp + "." + body)), the timestamp in Unix seconds.
 */
export const WEBHOOK_HEADERS = {
  id: "webhook-id",
  event: "webhook-event",
  timestamp: "webhook-timestamp",
  signature: "webhook-signature",
} as const;
export const WEBHOOK_SIGNATURE_VERSION = "v1";
/** Receivers should refuse a timestamp further than this from their clock (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** Every secret starts with it. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";

/**
 * When a delivery is tried, counted from the event: at once, then after 1 min, 5 min, 30 min, 2 h, 6 h, 12 h and
 * 24 h; after the last it is given up (failed).
 */
export const WEBHOOK_ATTEMPT_OFFSETS_MS = [
  0,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  12 * 3_600_000,
  24 * 3_600_000,
] as const;
/** An endpoint whose attempts failed this many times in a row is turned off, and the workspace's owner told. */
export const WEBHOOK_DISABLE_AFTER_FAILURES = 20;
/** How long the endpoint is given to answer. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** Characters of the endpoint's answer kept in the delivery log. */
export const WEBHOOK_RESPONSE_KEPT = 2_000;
export const WEBHOOK_URL_MAX = 2_000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOKS_PER_WORKSPACE = 20;
/** Deliveries shown per page of the log. */
export const WEBHOOK_DELIVERIES_PAGE_SIZE = 50;

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "retrying", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
