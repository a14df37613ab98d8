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

/** Free's "basic analytics": the cards and charts of the last 30 days (today included). */
export const FREE_RESULTS_DAYS = 30;
/** The ranges offered on Analytics and Engagement, in days ending today; "custom" picks its own days. */
export const RESULTS_RANGE_PRESETS = [7, 30, 90] as const;
/** A custom range spans at most this many days. */
export const RESULTS_MAX_DAYS = 5 * 366;
/** Rows of the posts table per page. */
export const RESULTS_PAGE_SIZE = 50;
/** The Dashboard's recent engagement list: 4 items, 10 in the detailed view. */
export const RECENT_ENGAGEMENT_ITEMS = 4;
export const RECENT_ENGAGEMENT_DETAILED_ITEMS = 10;
/** The Post Scheduler's weekly card compares the last 4 weeks with the 4 before. */
export const WEEKLY_CARD_WEEKS = 4;
/** Below this many published posts with results in the last 90 days, the best times are the general default. */
export const BEST_TIME_MIN_POSTS = 20;
export const BEST_TIME_DAYS = 90;
/** How many best slots the composer's time picker offers. */
export const BEST_TIME_SUGGESTIONS = 3;
/** Mon … Sun: weekday 0 is Monday (ISO order), as on the weekly card and the heatmap. */
export const WEEKDAY_LABELS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** What each figure means, shown next to it (one wording for every screen and the export). */
export const METRIC_DEFINITIONS = {
  reach:
    "Reach: the people who saw your posts, as each network counts them; where a network counts views only, its views.",
  engagements: "Engagements: likes (or reactions), comments, shares (or reposts) and saves.",
  engagementRate: "Engagement rate: engagements ÷ reach, for the posts published in the period.",
  followers: "Followers: the latest count of each connected account on the last day of the period.",
  postsPublished: "Posts published: each post on each network, published in the period.",
  weekly: "Engagements of the posts published on each weekday over the last 4 weeks, compared with the 4 weeks before.",
  bestTime: "Average engagement rate of your posts by the weekday and hour they went out, in your time zone.",
  generalBestTime:
    "General guidance (not enough of your own results yet): weekday mornings and lunchtimes tend to do best.",
} as const;

/** Why a figure is missing, as the screens say it. */
export const METRIC_UNAVAILABLE_TEXT: Record<MetricUnavailableReason, string> = {
  scope: "Not allowed by the account's connection: reconnect it to grant this figure.",
  product: "Needs a network product the app does not have.",
  tier: "Not offered at the app's access tier with this network.",
  network: "Not reported by this network.",
};
