export const PLATFORMS = ["facebook", "instagram", "twitter", "linkedin", "pinterest", "tiktok", "youtube"] as const;
export type Platform = (typeof PLATFORMS)[number];

export const PLATFORM_LABELS: Record<Platform, string> = {
  facebook: "Facebook",
  instagram: "Instagram",
  twitter: "X (Twitter)",
  linkedin: "LinkedIn",
  pinterest: "Pinterest",
  tiktok: "TikTok",
  youtube: "YouTube",
};

/** Where a network sends the user back after consent: the redirect URI registered for the app, after PUBLIC_URL. */
export const oauthCallbackPath = (platform: Platform) => `/auth/${platform}/callback`;

/** What the connect dialog says of each network. */
export const PLATFORM_DESCRIPTIONS: Record<Platform, string> = {
  facebook: "Publish to the Facebook Pages you manage.",
  instagram: "Share photos, carousels, reels and stories to your professional account.",
  twitter: "Post updates and threads to X.",
  linkedin: "Share posts to your LinkedIn profile.",
  pinterest: "Create pins on your boards.",
  tiktok: "Upload and post videos to TikTok.",
  youtube: "Upload videos to your YouTube channel.",
};

/** Networks whose Connected Accounts card offers a direct post (the per-network dialogs). */
export const DIRECT_POST_PLATFORMS: readonly Platform[] = ["linkedin", "pinterest", "twitter", "facebook"];

/**
 * Scopes each network is asked for: the spec's, plus what publishing and reading results there really need
 * (Instagram's insights, X's tweet.read, Pinterest's pins:read, TikTok's video.list and user.info.stats,
 * YouTube's readonly), and what the inbox needs to read and answer comments.
 */
export const PLATFORM_SCOPES: Record<Platform, string[]> = {
  facebook: [
    "pages_manage_posts",
    "pages_read_engagement",
    "pages_show_list",
    "publish_video",
    "business_management",
    "read_insights",
    // the inbox (issue 21): reading the comments under the Page's posts, answering, liking, hiding, deleting them
    "pages_read_user_content",
    "pages_manage_engagement",
  ],
  instagram: [
    "instagram_business_basic",
    "instagram_business_content_publish",
    "instagram_business_manage_insights",
    // the inbox: reading, answering, hiding and deleting comments (and the commenters' usernames)
    "instagram_business_manage_comments",
  ],
  twitter: [
    "tweet.read",
    "tweet.write",
    "users.read",
    "offline.access",
    "media.write",
    // the inbox: liking replies and mentions, hiding replies
    "like.write",
    "tweet.moderate.write",
  ],
  linkedin: ["openid", "profile", "email", "w_member_social"],
  pinterest: ["user_accounts:read", "boards:read", "boards:write", "pins:read", "pins:write"],
  // video.list lets the worker look a post up after an interruption instead of asking the user to check.
  tiktok: ["user.info.basic", "user.info.profile", "user.info.stats", "video.publish", "video.upload", "video.list"],
  youtube: [
    "https://www.googleapis.com/auth/youtube.upload",
    "https://www.googleapis.com/auth/youtube.readonly",
    // the inbox: comment threads, replies and moderation take youtube.force-ssl (readonly stays, so that a person
    // who declines it still publishes)
    "https://www.googleapis.com/auth/youtube.force-ssl",
  ],
};

/**
 * LinkedIn's scopes of its Community Management API: posting as a company page (w_organization_social), reading
 * a page's posts and their share statistics (r_organization_social), listing the pages the member administers
 * (rw_organization_admin), the member's follower count (r_member_profileAnalytics) and their own posts'
 * analytics (r_member_postAnalytics). Only apps approved for that product get them (asking without it fails the
 * connect), so they are asked for only when LINKEDIN_ORGANIZATIONS=1 (and of the sandbox unless
 * LINKEDIN_ORGANIZATIONS=0).
 */
export const LINKEDIN_ORGANIZATION_SCOPES = [
  "w_organization_social",
  "r_organization_social",
  "rw_organization_admin",
  "r_member_profileAnalytics",
  "r_member_postAnalytics",
] as const;
