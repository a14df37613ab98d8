/**
 * What the sandbox's app has been granted by each network's app review: its access tier, audit or approved
 * products. Each network behaves as the real one does for an app in that state (tests switch it with
 * `control.setReview`). The defaults are those of a fully reviewed app, so that trying the product out
 * without keys shows everything working.
 */
export interface ReviewSettings {
  /**
   * X's API access tier of the app (its developer account's plan). Since 2026-02-23 every tier but
   * enterprise may reply only to posts whose author mentioned or quoted the replier; whether a reply to one's
   * own post (a thread) passes is not in X's documentation: `selfReplies` picks either reading.
   */
  twitter: { tier: "free" | "basic" | "pro" | "enterprise"; selfReplies: "allowed" | "refused" };
  /**
   * LinkedIn's products added to the app: Sign In with LinkedIn using OpenID Connect, Share on LinkedIn, and
   * the Community Management API (company pages and analytics, granted after review)
   */
  linkedin: { products: ("openid" | "share" | "community-management")[] };
  /** whether TikTok has audited the app's Content Posting API use (unaudited apps post privately only) */
  tiktok: { audited: boolean };
  /** Pinterest's access level: Trial apps work on the API's sandbox host only */
  pinterest: { access: "trial" | "standard" };
  /** whether the Google project passed YouTube's API audit (unverified projects upload private videos only) */
  youtube: { audited: boolean };
  /**
   * The Facebook Login permissions Meta's App Review gave Advanced Access. Without it a permission has Standard
   * Access: only people with a role on the app (in the sandbox, names starting with "dev") can grant it; for
   * anyone else Facebook leaves it out of the grant.
   */
  facebook: { advanced: string[] };
  /** The same for Instagram Login's permissions. */
  instagram: { advanced: string[] };
}

export const defaultReview = (): ReviewSettings => ({
  twitter: { tier: "basic", selfReplies: "allowed" },
  linkedin: { products: ["openid", "share", "community-management"] },
  tiktok: { audited: true },
  pinterest: { access: "standard" },
  youtube: { audited: true },
  facebook: {
    advanced: [
      "public_profile",
      "pages_show_list",
      "pages_read_engagement",
      "pages_manage_posts",
      "publish_video",
      "business_management",
      "read_insights",
      "pages_read_user_content",
      "pages_manage_engagement",
    ],
  },
  instagram: {
    advanced: [
      "instagram_business_basic",
      "instagram_business_content_publish",
      "instagram_business_manage_insights",
      "instagram_business_manage_comments",
    ],
  },
});

export type ReviewChange = { [K in keyof ReviewSettings]?: Partial<ReviewSettings[K]> };

/** Applies a partial change to the settings in place. */
export function applyReview(current: ReviewSettings, change: ReviewChange) {
  for (const key of Object.keys(change) as (keyof ReviewSettings)[]) {
    Object.assign(current[key], change[key]);
  }
}
