import { z } from "zod";
import {
  CAMPAIGN_ADD_POSTS_MAX,
  CAMPAIGN_COLORS,
  CAMPAIGN_DESCRIPTION_MAX,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_STATUSES,
} from "../constants/campaigns";
import { CAMPAIGN_MESSAGES, RESULTS_MESSAGES } from "../constants/messages";
import { PLATFORMS } from "../constants/platforms";
import { POST_STATUSES } from "../constants/posts";
import { isCalendarDate, isTimeZone } from "../rules/schedule-time";
import { multiLineText, singleLineText } from "./text";

/** A campaign as lists show it. */
export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** utm_campaign of its posts' links */
  slug: z.string(),
  description: z.string(),
  color: z.string(),
  /** YYYY-MM-DD, or null when not chosen */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** as of today in the asking member's zone (the one set by hand, else by the dates) */
  status: z.enum(CAMPAIGN_STATUSES),
  /** the status was set by hand (it no longer follows the dates) */
  statusFixed: z.boolean(),
  /** links in its posts get UTM parameters when they go out */
  utm: z.boolean(),
  postCount: z.number().int(),
  /** likes, comments, shares and saves of its published posts, from their latest readings */
  engagements: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof campaignSchema>;

const date = singleLineText("Date").refine(isCalendarDate, CAMPAIGN_MESSAGES.dateFormat);

const campaignFields = {
  name: singleLineText("Name", { required: CAMPAIGN_MESSAGES.nameRequired })
    .trim()
    .min(1, CAMPAIGN_MESSAGES.nameRequired)
    .max(CAMPAIGN_NAME_MAX, CAMPAIGN_MESSAGES.nameTooLong),
  description: multiLineText("Description").max(CAMPAIGN_DESCRIPTION_MAX, CAMPAIGN_MESSAGES.descriptionTooLong),
  color: z.enum(CAMPAIGN_COLORS, { error: CAMPAIGN_MESSAGES.colorUnknown }),
  startDate: date.nullable(),
  endDate: date.nullable(),
  /** set by hand; null: follow the dates */
  status: z.enum(CAMPAIGN_STATUSES).nullable(),
  utm: z.boolean(),
};

const datesInOrder = (b: { startDate?: string | null; endDate?: string | null }) =>
  !b.startDate || !b.endDate || b.startDate <= b.endDate;

/** POST /api/campaigns */
export const createCampaignBodySchema = z
  .object({
    name: campaignFields.name,
    description: campaignFields.description.default(""),
    color: campaignFields.color.default(CAMPAIGN_COLORS[0]),
    startDate: campaignFields.startDate.default(null),
    endDate: campaignFields.endDate.default(null),
    status: campaignFields.status.default(null),
    utm: campaignFields.utm.default(false),
  })
  .refine(datesInOrder, { error: CAMPAIGN_MESSAGES.datesReversed, path: ["endDate"] });
export type CreateCampaignBody = z.infer<typeof createCampaignBodySchema>;
export type CreateCampaignInput = z.input<typeof createCampaignBodySchema>;

/** PATCH /api/campaigns/:id (the dates are checked in order against the stored ones by the server too). */
export const updateCampaignBodySchema = z
  .object(campaignFields)
  .partial()
  .refine(datesInOrder, { error: CAMPAIGN_MESSAGES.datesReversed, path: ["endDate"] });
export type UpdateCampaignBody = z.infer<typeof updateCampaignBodySchema>;

/** GET /api/campaigns and /api/campaigns/:id: the member's zone, for "today" (default UTC), checked as results check it. */
export const campaignQuerySchema = z.object({
  tz: singleLineText("Time zone").max(100).refine(isTimeZone, RESULTS_MESSAGES.zoneInvalid).optional(),
});

export const campaignListResponseSchema = z.object({ campaigns: z.array(campaignSchema) });
export const campaignResponseSchema = z.object({ campaign: campaignSchema });

/** Figures added up over a campaign's published posts (latest readings). */
export const campaignFiguresSchema = z.object({
  reach: z.number().int(),
  engagements: z.number().int(),
  /** engagements ÷ reach × 100, null without reach */
  engagementRate: z.number().nullable(),
  published: z.number().int(),
  perNetwork: z.array(
    z.object({
      platform: z.enum(PLATFORMS),
      reach: z.number().int(),
      engagements: z.number().int(),
      posts: z.number().int(),
    }),
  ),
  /** the post with the most engagements, with the start of its text */
  bestPost: z.object({ id: z.string(), excerpt: z.string(), engagements: z.number().int() }).nullable(),
});
export type CampaignFigures = z.infer<typeof campaignFiguresSchema>;

/** One post of a campaign, with its figures. */
export const campaignPostSchema = z.object({
  id: z.string(),
  excerpt: z.string(),
  status: z.enum(POST_STATUSES),
  scheduledAt: z.string(),
  timezone: z.string(),
  platforms: z.array(z.enum(PLATFORMS)),
  reach: z.number().int(),
  engagements: z.number().int(),
});
export type CampaignPost = z.infer<typeof campaignPostSchema>;

/** GET /api/campaigns/:id: the campaign, its posts (by time) and its figures. */
export const campaignDetailResponseSchema = z.object({
  campaign: campaignSchema,
  posts: z.array(campaignPostSchema),
  figures: campaignFiguresSchema,
});
export type CampaignDetail = z.infer<typeof campaignDetailResponseSchema>;

/** POST /api/campaigns/:id/posts: existing posts of the workspace put into the campaign. */
export const addCampaignPostsBodySchema = z.object({
  postIds: z
    .array(z.uuid({ error: CAMPAIGN_MESSAGES.postNotFound }))
    .min(1, CAMPAIGN_MESSAGES.noPostsChosen)
    .max(CAMPAIGN_ADD_POSTS_MAX),
});
export type AddCampaignPostsBody = z.infer<typeof addCampaignPostsBodySchema>;
