import type { Platform } from "./platforms";

/**
 * Campaigns (issue 22): posts grouped under a name, a colour and dates, with their results added up. A
 * campaign is Draft before its start date, Active from its start to its end date, Completed after it, unless a
 * member sets its status by hand (rules/campaigns.ts).
 */
export const CAMPAIGN_STATUSES = ["draft", "active", "completed"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  draft: "Draft",
  active: "Active",
  completed: "Completed",
};

/** The colours a campaign can take (calendar events and list markers), each readable with white text. */
export const CAMPAIGN_COLORS = [
  "#4f46e5",
  "#0891b2",
  "#059669",
  "#ca8a04",
  "#ea580c",
  "#dc2626",
  "#db2777",
  "#7c3aed",
  "#475569",
] as const;
export type CampaignColor = (typeof CAMPAIGN_COLORS)[number];

export const CAMPAIGN_NAME_MAX = 100;
export const CAMPAIGN_DESCRIPTION_MAX = 2000;
/** Posts added to a campaign in one call. */
export const CAMPAIGN_ADD_POSTS_MAX = 100;

/**
 * UTM tagging: links in a campaign's posts get utm_source (the network, as below), utm_medium and utm_campaign
 * (the campaign's slug) when they go out; links that already carry a utm_ parameter are left as they are.
 */
export const UTM_MEDIUM = "social";
export const UTM_SOURCES: Record<Platform, string> = {
  facebook: "facebook",
  instagram: "instagram",
  twitter: "x",
  linkedin: "linkedin",
  pinterest: "pinterest",
  tiktok: "tiktok",
  youtube: "youtube",
};
