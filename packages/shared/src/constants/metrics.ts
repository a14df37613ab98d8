/**
 * Results: the figures collected from the networks (issue 19). One name per figure, whatever each network calls
 * it (X's impression_count, Instagram's views, YouTube's viewCount are all `views`).
 */
export const POST_METRICS = ["views", "reach", "likes", "comments", "shares", "saves", "clicks", "videoViews"] as const;
export type PostMetric = (typeof POST_METRICS)[number];

export const ACCOUNT_METRICS = ["followers", "reach", "profileViews"] as const;
export type AccountMetric = (typeof ACCOUNT_METRICS)[number];

/**
 * Why a figure is missing (never shown as a zero): the app lacks the scope, the network's product or the app's
 * tier that gives it, or the network has no such figure for this kind of post.
 */
export const METRIC_UNAVAILABLE_REASONS = ["scope", "product", "tier", "network"] as const;
export type MetricUnavailableReason = (typeof METRIC_UNAVAILABLE_REASONS)[number];

const HOUR = 3_600_000;
/** A published post's figures are read at these ages: about 1 h, 6 h, 24 h, 3 days, 7 days and 30 days. */
export const POST_METRIC_AGES_MS = [HOUR, 6 * HOUR, 24 * HOUR, 72 * HOUR, 168 * HOUR, 720 * HOUR] as const;
/** Each account's figures are read once a day. */
export const ACCOUNT_METRICS_EVERY_MS = 24 * HOUR;
