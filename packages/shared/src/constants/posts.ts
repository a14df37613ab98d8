import type { Platform } from "./platforms";

export const POST_STATUSES = [
  "draft",
  /** submitted for approval: never published until an approver approves it (it is then scheduled) */
  "pending_approval",
  "scheduled",
  "publishing",
  "published",
  "partially_published",
  "failed",
] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
/** What a post can be saved as; the other statuses are reached by publishing. */
export const SAVE_STATUSES = ["draft", "pending_approval", "scheduled"] as const;
/** A post can be edited, rescheduled or deleted only while nothing of it has started going out. */
export const EDITABLE_STATUSES: readonly PostStatus[] = ["draft", "pending_approval", "scheduled"];
/**
 * Publishing ended with failures: such a post can still be edited, and saving it sends it again only to the
 * networks that failed it (what went out stays out).
 */
export const RESENDABLE_STATUSES: readonly PostStatus[] = ["failed", "partially_published"];
/** What the composer can open and save. */
export const REVISABLE_STATUSES: readonly PostStatus[] = [...EDITABLE_STATUSES, ...RESENDABLE_STATUSES];
/** Any post can be deleted but one going out right now. */
export const DELETABLE_STATUSES: readonly PostStatus[] = POST_STATUSES.filter((s) => s !== "publishing");
/** Statuses that count towards the Free plan's posts per month (the spec's "published or scheduled"). */
export const COUNTED_STATUSES: readonly PostStatus[] = ["scheduled", "publishing", "published", "partially_published"];

/**
 * A target is `unconfirmed` when publishing was interrupted and the network offers no way to ask whether
 * the post went out: it is never retried blindly, the user is asked to check instead.
 */
export const TARGET_STATUSES = ["pending", "publishing", "published", "failed", "unconfirmed"] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

/** The spec's counter when no network is chosen. */
export const POST_TEXT_COUNTER = 2200;
export const MAX_MEDIA_FILES = 10;
export const MAX_HASHTAGS = 30;
export const MAX_HASHTAG_LENGTH = 100;
export const ASPECT_RATIOS = ["1:1", "16:9", "9:16", "4:5"] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** Each network's real limit on a post's text (X counts weighted characters, see rules/post-text.ts). */
export const TEXT_LIMITS: Record<Platform, number> = {
  twitter: 280,
  linkedin: 3000,
  facebook: 63206,
  instagram: 2200,
  pinterest: 500,
  tiktok: 2200,
  youtube: 5000,
};
/** The counter turns orange when this few characters remain. */
export const TEXT_WARNING_REMAINING = 20;

export const DEFAULT_DRAFT_TIME = "09:00";
/** The time picker: every hour from 6:00 AM to 10:00 PM. */
export const TIME_OPTIONS: readonly string[] = Array.from(
  { length: 17 },
  (_, i) => `${String(i + 6).padStart(2, "0")}:00`,
);
export const QUICK_TIMES = [
  { value: "09:00", label: "9 AM" },
  { value: "12:00", label: "12 PM" },
  { value: "15:00", label: "3 PM" },
  { value: "18:00", label: "6 PM" },
  { value: "21:00", label: "9 PM" },
] as const;

export const INSTAGRAM_STORY_DURATIONS = [15, 30] as const;
export const LINKEDIN_POST_AS = ["personal", "company"] as const;
/** Who sees a LinkedIn post (the API calls the last one LOGGED_IN). */
export const LINKEDIN_VISIBILITIES = ["PUBLIC", "CONNECTIONS", "LOGGED_IN_MEMBERS"] as const;

/** Who may watch a TikTok video (TikTok offers the creator a subset of these). */
export const TIKTOK_PRIVACY_LEVELS = [
  "PUBLIC_TO_EVERYONE",
  "MUTUAL_FOLLOW_FRIENDS",
  "FOLLOWER_OF_CREATOR",
  "SELF_ONLY",
] as const;
export type TiktokPrivacy = (typeof TIKTOK_PRIVACY_LEVELS)[number];
export const YOUTUBE_PRIVACY = ["public", "unlisted", "private"] as const;
export type YoutubePrivacy = (typeof YOUTUBE_PRIVACY)[number];
/** Pin and video titles are cut at this many characters. */
export const TITLE_LIMIT = 100;

/**
 * The networks where a post may carry a first comment, posted by the app right after the post (issue 23): on X
 * it is a reply to the post. TikTok's and Pinterest's APIs give apps no comments.
 */
export const FIRST_COMMENT_NETWORKS = [
  "twitter",
  "facebook",
  "instagram",
  "linkedin",
  "youtube",
] as const satisfies readonly Platform[];
export type FirstCommentNetwork = (typeof FIRST_COMMENT_NETWORKS)[number];
/** A target's first comment: waiting for its post, being posted (look before trying again), posted, failed. */
export const FIRST_COMMENT_STATUSES = ["pending", "posting", "posted", "failed"] as const;
export type FirstCommentStatus = (typeof FIRST_COMMENT_STATUSES)[number];
