import { z } from "zod";
import { CAMPAIGN_MESSAGES, INPUT_MESSAGES } from "../constants/messages";
import { POST_LIST_MAX_LIMIT, POST_SEARCH_MAX_LENGTH } from "../constants/post-tools";
import {
  ASPECT_RATIOS,
  FIRST_COMMENT_STATUSES,
  INSTAGRAM_STORY_DURATIONS,
  LINKEDIN_POST_AS,
  LINKEDIN_VISIBILITIES,
  MAX_HASHTAG_LENGTH,
  MAX_HASHTAGS,
  POST_STATUSES,
  SAVE_STATUSES,
  TARGET_STATUSES,
  TEXT_LIMITS,
  TIKTOK_PRIVACY_LEVELS,
  TITLE_LIMIT,
  YOUTUBE_PRIVACY,
} from "../constants/posts";
import { isCalendarDate, isTimeZone, TIME_PATTERN } from "../rules/schedule-time";
import { platformSchema } from "./accounts";
import { hasForbiddenCharacters, multiLineText, singleLineText } from "./text";

export const postMediaSchema = z.object({
  id: singleLineText("Media id").min(1).max(64),
  aspectRatio: z.enum(ASPECT_RATIOS),
});
export type PostMedia = z.infer<typeof postMediaSchema>;

/** An address a network may open or fetch: http or https only. */
export const webUrlSchema = z
  .url({ protocol: /^https?$/, error: "Use a web address starting with https://." })
  .max(2048)
  .refine((v) => !hasForbiddenCharacters(v), { error: INPUT_MESSAGES.cannotStore("The web address") });

/** Per-network choices of a post. */
export const postOptionsSchema = z
  .object({
    twitter: z.object({ thread: z.boolean() }).partial(),
    instagram: z
      .object({
        format: z.enum(["feed", "story", "reel"]),
        storyDuration: z.union(INSTAGRAM_STORY_DURATIONS.map((d) => z.literal(d))),
      })
      .partial(),
    linkedin: z
      .object({
        postAs: z.enum(LINKEDIN_POST_AS),
        visibility: z.enum(LINKEDIN_VISIBILITIES),
        /** the company page posted as, when postAs is "company" */
        organizationId: singleLineText("Company page").trim().min(1).max(64),
        /** an article shared with the post; title and description only with a URL */
        link: z.object({
          url: webUrlSchema,
          title: singleLineText("Link title").trim().max(200).optional(),
          description: multiLineText("Link description").trim().max(300).optional(),
        }),
      })
      .partial(),
    facebook: z
      .object({
        link: webUrlSchema,
        /** a picture by address; ignored when a link is given */
        pictureUrl: webUrlSchema,
      })
      .partial(),
    pinterest: z
      .object({
        boardId: singleLineText("Board").trim().min(1).max(64),
        /** the pin's title; by default the start of the text */
        title: singleLineText("Pin title").trim().max(TITLE_LIMIT),
        /** where the pin leads */
        link: webUrlSchema,
        /** the pin's image by address, instead of one from the media library */
        imageUrl: webUrlSchema,
      })
      .partial(),
    tiktok: z
      .object({
        privacy: z.enum(TIKTOK_PRIVACY_LEVELS),
        allowComment: z.boolean(),
        allowDuet: z.boolean(),
        allowStitch: z.boolean(),
      })
      .partial(),
    youtube: z
      .object({
        /** by default the start of the text */
        title: singleLineText("Video title").trim().max(TITLE_LIMIT),
        privacy: z.enum(YOUTUBE_PRIVACY),
      })
      .partial(),
  })
  .partial();
export type PostOptions = z.infer<typeof postOptionsSchema>;

/** One hashtag, without its # (posts, variants and saved hashtag groups). */
export const hashtagSchema = singleLineText("A hashtag")
  .trim()
  .transform((t) => t.replace(/^#+/, ""))
  .pipe(
    z
      .string()
      .min(1, "A hashtag cannot be empty.")
      .max(MAX_HASHTAG_LENGTH)
      .regex(/^[^\s#]+$/, "A hashtag is one word without spaces."),
  );

const longestText = Math.max(...Object.values(TEXT_LIMITS));

/** One network's own text, hashtags and media ("customize for this network", issue 23). */
export const postVariantSchema = z.object({
  content: multiLineText("Content").max(longestText),
  hashtags: z.array(hashtagSchema).max(MAX_HASHTAGS),
  media: z.array(postMediaSchema).max(50),
});
export type PostVariant = z.infer<typeof postVariantSchema>;
/** The networks given their own text; the others get the post's common text, hashtags and media. */
export const postVariantsSchema = z.partialRecord(platformSchema, postVariantSchema);
export type PostVariants = z.infer<typeof postVariantsSchema>;

/** The fields a post is written with; the create call and the form share them. */
export const postFields = {
  content: multiLineText("Content").max(longestText),
  hashtags: z.array(hashtagSchema).max(MAX_HASHTAGS),
  mentions: z.array(singleLineText("A mention").trim().min(1).max(100)).max(50),
  /** connected accounts to post to (their networks are the post's platforms) */
  accountIds: z.array(z.uuid()).max(50),
  facebookPageId: singleLineText("Facebook page").trim().min(1).max(64).nullable(),
  /** checked against the limit by the rules, so the user gets the spec's message */
  media: z.array(postMediaSchema).max(50),
  /** YYYY-MM-DD in `timezone`; "" when not chosen */
  scheduledDate: z.union([
    z.literal(""),
    singleLineText("Date").refine(isCalendarDate, "Use a date written YYYY-MM-DD."),
  ]),
  /** HH:MM in `timezone`; "" when not chosen */
  scheduledTime: z.union([z.literal(""), singleLineText("Time").regex(TIME_PATTERN, "Use a time written HH:MM.")]),
  /** the IANA time zone the date and time were chosen in */
  timezone: singleLineText("Time zone").refine(isTimeZone, "Unknown time zone."),
  options: postOptionsSchema,
  /** the campaign it belongs to (issue 22), or null */
  campaignId: z.uuid({ error: CAMPAIGN_MESSAGES.postCampaignUnknown }).nullable(),
  /** networks with their own text, hashtags and media (issue 23) */
  variants: postVariantsSchema,
  /** posted as a comment right after the post where the network allows it (FIRST_COMMENT_NETWORKS); "" none */
  firstComment: multiLineText("First comment").trim().max(longestText),
};

export const createPostBodySchema = z.object({
  content: postFields.content.default(""),
  hashtags: postFields.hashtags.default([]),
  mentions: postFields.mentions.default([]),
  accountIds: postFields.accountIds.default([]),
  facebookPageId: postFields.facebookPageId.optional().default(null),
  media: postFields.media.default([]),
  scheduledDate: postFields.scheduledDate.default(""),
  scheduledTime: postFields.scheduledTime.default(""),
  timezone: postFields.timezone,
  status: z.enum(SAVE_STATUSES),
  options: postFields.options.default({}),
  campaignId: postFields.campaignId.default(null),
  variants: postFields.variants.default({}),
  firstComment: postFields.firstComment.default(""),
  /**
   * Publish now: the server schedules it at its own current time (the date and time sent are ignored), so a
   * browser whose clock is off still publishes now. Only with status "scheduled".
   */
  publishNow: z.boolean().default(false),
  /**
   * Add to queue (issue 23): the server puts the post in the next free time slot of each chosen account (the
   * date and time sent are ignored); accounts whose next free slots differ get a post each. Only with status
   * "scheduled", not with publishNow.
   */
  queue: z.boolean().default(false),
});
export type CreatePostBody = z.infer<typeof createPostBodySchema>;
export type CreatePostInput = z.input<typeof createPostBodySchema>;

/** A partial update; a reschedule sends only the date (and keeps the time) or the date and time. */
export const updatePostBodySchema = z
  .object({
    content: postFields.content,
    hashtags: postFields.hashtags,
    mentions: postFields.mentions,
    accountIds: postFields.accountIds,
    facebookPageId: postFields.facebookPageId,
    media: postFields.media,
    scheduledDate: postFields.scheduledDate,
    scheduledTime: postFields.scheduledTime,
    timezone: postFields.timezone,
    status: z.enum(SAVE_STATUSES),
    options: postFields.options,
    campaignId: postFields.campaignId,
    variants: postFields.variants,
    firstComment: postFields.firstComment,
  })
  .partial();
export type UpdatePostBody = z.infer<typeof updatePostBodySchema>;

export const postTargetSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  platform: platformSchema,
  pageId: z.string().nullable(),
  status: z.enum(TARGET_STATUSES),
  lastError: z.string().nullable(),
  /** what the network did otherwise than asked (e.g. kept the video private) */
  notice: z.string().nullable(),
  externalUrl: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** the post's first comment on this network, once there is one to post (null: none here) */
  firstComment: z
    .object({ status: z.enum(FIRST_COMMENT_STATUSES), url: z.string().nullable(), error: z.string().nullable() })
    .nullable(),
});
export type PostTarget = z.infer<typeof postTargetSchema>;

export const postSchema = z.object({
  id: z.string(),
  /** the user id of the member who wrote it (a Contributor may delete their own drafts) */
  authorId: z.string(),
  content: z.string(),
  hashtags: z.array(z.string()),
  mentions: z.array(z.string()),
  media: z.array(postMediaSchema),
  options: postOptionsSchema,
  facebookPageId: z.string().nullable(),
  status: z.enum(POST_STATUSES),
  /** the instant it goes out */
  scheduledAt: z.string(),
  timezone: z.string(),
  /** scheduledAt as the wall clock of `timezone` (the spec's scheduled_date and scheduled_time) */
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  platforms: z.array(platformSchema),
  targets: z.array(postTargetSchema),
  /** the campaign it belongs to, or null */
  campaignId: z.string().nullable(),
  /** as stored: the input schema's transforms (a hashtag's # taken off) cannot run on a response */
  variants: z.partialRecord(
    platformSchema,
    z.object({ content: z.string(), hashtags: z.array(z.string()), media: z.array(postMediaSchema) }),
  ),
  firstComment: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Post = z.infer<typeof postSchema>;

export const postResponseSchema = z.object({ post: postSchema });
export const postListResponseSchema = z.object({ posts: z.array(postSchema) });

export const listPostsQuerySchema = z.object({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  status: z.enum(POST_STATUSES).optional(),
  /** the posts of one campaign */
  campaignId: z.uuid().optional(),
  /** posts whose text or hashtags contain these words (case ignored, no wildcard: rules/post-search.ts) */
  q: singleLineText("Search").trim().max(POST_SEARCH_MAX_LENGTH).optional(),
  /** at most this many posts (the soonest); a search returns POST_SEARCH_LIMIT by default */
  limit: z.coerce.number().int().min(1).max(POST_LIST_MAX_LIMIT).optional(),
});
export type ListPostsQuery = z.infer<typeof listPostsQuerySchema>;

export const postEventSchema = z.object({
  type: z.literal("posts.changed"),
  action: z.enum(["insert", "update", "delete"]),
  post: postSchema,
});
export type PostEvent = z.infer<typeof postEventSchema>;

/** How much of a post's text a calendar item carries: the month cell's snippet, or all of it (day and list views). */
export const CALENDAR_TEXT = ["snippet", "full"] as const;
export type CalendarText = (typeof CALENDAR_TEXT)[number];
/** The spec's calendar cell: the first 20 characters of the text. */
export const CALENDAR_SNIPPET_LENGTH = 20;

/** An ISO instant PostgreSQL can hold (it has no year 0). */
const calendarInstant = z.iso
  .datetime({ offset: true })
  .refine((v) => new Date(v).getUTCFullYear() >= 1, { error: "Use an instant from the year 1 on." });

export const calendarQuerySchema = z.object({
  /** the first instant shown (inclusive) */
  from: calendarInstant,
  /** the instant after the last one shown (exclusive), as the calendar reports its range */
  to: calendarInstant,
  text: z.enum(CALENDAR_TEXT).default("snippet"),
  /** only the posts of one campaign */
  campaignId: z.uuid().optional(),
});
export type CalendarQuery = z.infer<typeof calendarQuerySchema>;

/**
 * A post as the calendar shows it, and no more: when and where it goes, its text (the cell's snippet, or all
 * of it), its status, and for a post that went out only in part or not at all, how many networks took it and
 * how many did not. The rest is read when the post is opened (GET /api/posts/:id).
 */
export const calendarItemSchema = z.object({
  id: z.string(),
  /** the instant it goes out */
  scheduledAt: z.string(),
  /** the IANA zone it was scheduled in: a drop keeps the post's own clock */
  timezone: z.string(),
  /** the text, trimmed (its hashtags when it has none), cut to CALENDAR_SNIPPET_LENGTH characters unless text=full */
  text: z.string(),
  /** each network once, in the order of its targets */
  platforms: z.array(platformSchema),
  status: z.enum(POST_STATUSES),
  /** the result badge of a partially published or failed post; null otherwise */
  results: z.object({ published: z.number().int(), failed: z.number().int() }).nullable(),
  /** its campaign (the calendar paints the post in the campaign's colour), or null */
  campaignId: z.string().nullable(),
});
export type CalendarItem = z.infer<typeof calendarItemSchema>;

export const calendarResponseSchema = z.object({ items: z.array(calendarItemSchema) });
