import {
  type CreatePostInput,
  INSTAGRAM_STORY_DURATIONS,
  LINKEDIN_POST_AS,
  LINKEDIN_VISIBILITIES,
  type MediaFacts,
  type MediaFileType,
  type MediaProblem,
  mediaProblem,
  type Platform,
  type Post,
  type PostCheckInput,
  type PostMedia,
  type PostOptions,
  platformSchema,
  postMediaSchema,
  TEXT_LIMITS,
  TIKTOK_PRIVACY_LEVELS,
  TITLE_LIMIT,
  webUrlSchema,
  YOUTUBE_PRIVACY,
} from "@app/shared";
import { z } from "zod";
import { chosenVariants, commonNetworks, type TextTab } from "./network-text";

export const INSTAGRAM_FORMATS = ["feed", "story", "reel"] as const;

const LONGEST_TEXT = Math.max(...Object.values(TEXT_LIMITS));

/** A network's own text, hashtags and media ("Customize for this network"). */
const formVariantSchema = z.object({
  content: z.string().max(LONGEST_TEXT),
  hashtags: z.array(z.string()),
  media: z.array(postMediaSchema),
});

/** What the composer holds while the user writes: the post, with each network's options flattened. */
export const postFormSchema = z.object({
  accountIds: z.array(z.string()),
  facebookPageId: z.string().nullable(),
  content: z.string().max(LONGEST_TEXT),
  hashtags: z.array(z.string()),
  mentions: z.array(z.string()),
  media: z.array(postMediaSchema),
  scheduledDate: z.string(),
  scheduledTime: z.string(),
  twitterThread: z.boolean(),
  instagramFormat: z.enum(INSTAGRAM_FORMATS),
  storyDuration: z.union(INSTAGRAM_STORY_DURATIONS.map((d) => z.literal(d))),
  linkedinPostAs: z.enum(LINKEDIN_POST_AS),
  linkedinVisibility: z.enum(LINKEDIN_VISIBILITIES),
  /** the company page posted as when linkedinPostAs is "company"; "" while none is chosen */
  linkedinOrganizationId: z.string(),
  /** "" lets the server use the account's first board */
  pinterestBoardId: z.string(),
  pinterestTitle: z.string().trim().max(TITLE_LIMIT),
  pinterestLink: z.union([z.literal(""), webUrlSchema]),
  tiktokPrivacy: z.enum(TIKTOK_PRIVACY_LEVELS),
  tiktokAllowComment: z.boolean(),
  tiktokAllowDuet: z.boolean(),
  tiktokAllowStitch: z.boolean(),
  youtubeTitle: z.string().trim().max(TITLE_LIMIT),
  youtubePrivacy: z.enum(YOUTUBE_PRIVACY),
  /** the post's campaign; "" for none */
  campaignId: z.string(),
  /** networks with their own text; kept while a network is unselected, sent only for the chosen ones */
  variants: z.partialRecord(platformSchema, formVariantSchema),
  /** posted as a comment right after the post where the network allows it; "" for none */
  firstComment: z.string().max(LONGEST_TEXT),
});
export type PostFormValues = z.infer<typeof postFormSchema>;

export const emptyPostForm = (accountIds: string[] = [], campaignId = ""): PostFormValues => ({
  accountIds,
  facebookPageId: null,
  content: "",
  hashtags: [],
  mentions: [],
  media: [],
  scheduledDate: "",
  scheduledTime: "",
  twitterThread: false,
  instagramFormat: "feed",
  storyDuration: 15,
  linkedinPostAs: "personal",
  linkedinVisibility: "PUBLIC",
  linkedinOrganizationId: "",
  pinterestBoardId: "",
  pinterestTitle: "",
  pinterestLink: "",
  tiktokPrivacy: "PUBLIC_TO_EVERYONE",
  tiktokAllowComment: true,
  tiktokAllowDuet: true,
  tiktokAllowStitch: true,
  youtubeTitle: "",
  youtubePrivacy: "public",
  campaignId,
  variants: {},
  firstComment: "",
});

/** A saved post back in the composer, to be changed and saved again. */
export const postFormFrom = (post: Post): PostFormValues => ({
  ...emptyPostForm(
    post.targets.map((t) => t.accountId),
    post.campaignId ?? "",
  ),
  facebookPageId: post.facebookPageId,
  content: post.content,
  hashtags: post.hashtags,
  mentions: post.mentions,
  media: post.media,
  scheduledDate: post.scheduledDate,
  scheduledTime: post.scheduledTime,
  twitterThread: post.options.twitter?.thread ?? false,
  instagramFormat: post.options.instagram?.format ?? "feed",
  storyDuration: post.options.instagram?.storyDuration ?? 15,
  linkedinPostAs: post.options.linkedin?.postAs ?? "personal",
  linkedinVisibility: post.options.linkedin?.visibility ?? "PUBLIC",
  linkedinOrganizationId: post.options.linkedin?.organizationId ?? "",
  pinterestBoardId: post.options.pinterest?.boardId ?? "",
  pinterestTitle: post.options.pinterest?.title ?? "",
  pinterestLink: post.options.pinterest?.link ?? "",
  tiktokPrivacy: post.options.tiktok?.privacy ?? "PUBLIC_TO_EVERYONE",
  tiktokAllowComment: post.options.tiktok?.allowComment ?? true,
  tiktokAllowDuet: post.options.tiktok?.allowDuet ?? true,
  tiktokAllowStitch: post.options.tiktok?.allowStitch ?? true,
  youtubeTitle: post.options.youtube?.title ?? "",
  youtubePrivacy: post.options.youtube?.privacy ?? "public",
  variants: Object.fromEntries(
    Object.entries(post.variants ?? {}).map(([p, v]) => [
      p,
      { content: v.content, hashtags: [...v.hashtags], media: [...v.media] },
    ]),
  ),
  firstComment: post.firstComment ?? "",
});

/** The options of the chosen networks only. */
export function postOptions(values: PostFormValues, platforms: readonly Platform[]): PostOptions {
  const options: PostOptions = {};
  if (platforms.includes("twitter")) options.twitter = { thread: values.twitterThread };
  if (platforms.includes("instagram"))
    options.instagram = { format: values.instagramFormat, storyDuration: values.storyDuration };
  if (platforms.includes("linkedin"))
    options.linkedin = {
      postAs: values.linkedinPostAs,
      visibility: values.linkedinVisibility,
      ...(values.linkedinPostAs === "company" &&
        values.linkedinOrganizationId && { organizationId: values.linkedinOrganizationId }),
    };
  if (platforms.includes("pinterest"))
    options.pinterest = {
      ...(values.pinterestBoardId && { boardId: values.pinterestBoardId }),
      ...(values.pinterestTitle.trim() && { title: values.pinterestTitle.trim() }),
      ...(values.pinterestLink && { link: values.pinterestLink }),
    };
  if (platforms.includes("tiktok"))
    options.tiktok = {
      privacy: values.tiktokPrivacy,
      allowComment: values.tiktokAllowComment,
      allowDuet: values.tiktokAllowDuet,
      allowStitch: values.tiktokAllowStitch,
    };
  if (platforms.includes("youtube"))
    options.youtube = {
      privacy: values.youtubePrivacy,
      ...(values.youtubeTitle.trim() && { title: values.youtubeTitle.trim() }),
    };
  return options;
}

/** The post as the shared rules look at it; `kindOf` names each media file's kind once the library is read. */
export function toCheckInput(
  values: PostFormValues,
  platforms: readonly Platform[],
  timezone: string,
  /** what the library knows of a file: its kind, or more (type, size, dimensions, duration) for networks' limits */
  kindOf: (mediaId: string) => MediaFileType | MediaFacts | undefined = () => undefined,
  /** the campaign's slug when it tags links: lengths are counted on the tagged text, as the server does */
  utmCampaign: string | null = null,
): PostCheckInput {
  const facts = (media: readonly PostMedia[]) =>
    media.map((m): MediaFacts => {
      const known = kindOf(m.id);
      return typeof known === "object" ? known : { kind: known };
    });
  return {
    content: values.content,
    hashtags: values.hashtags,
    media: facts(values.media),
    variants: Object.fromEntries(
      Object.entries(chosenVariants(values.variants, platforms)).map(([p, v]) => [
        p,
        { content: v.content, hashtags: v.hashtags, media: facts(v.media) },
      ]),
    ),
    firstComment: values.firstComment,
    utmCampaign,
    platforms,
    facebookPageId: platforms.includes("facebook") ? values.facebookPageId : null,
    scheduledDate: values.scheduledDate,
    scheduledTime: values.scheduledTime,
    timezone,
    options: postOptions(values, platforms),
  };
}

/**
 * What each chosen network says of the post's media (one video for TikTok, images for a pin...), from the
 * same rule the server and the publisher apply; shown beside the media while they are picked. Empty until
 * the post has media: the save says what a network cannot post without. `tab` is the text being edited: the
 * common media are judged by the networks that receive them, a network's own by that network.
 */
export function mediaProblemsOf(
  values: PostFormValues,
  platforms: readonly Platform[],
  kindOf: (mediaId: string) => MediaFacts | undefined,
  tab: TextTab = "all",
): MediaProblem[] {
  const own = tab === "all" ? undefined : values.variants[tab];
  const chosen = own ? [tab as Platform] : commonNetworks(values.variants, platforms);
  const files = own ? own.media : values.media;
  if (files.length === 0) return [];
  const media = files.map((m) => kindOf(m.id) ?? {});
  const options = postOptions(values, platforms);
  return chosen.flatMap((p) => mediaProblem(p, media, options) ?? []);
}

/** The body of the create call. */
export function toCreateBody(
  values: PostFormValues,
  platforms: readonly Platform[],
  status: CreatePostInput["status"],
  timezone: string,
): CreatePostInput {
  return {
    content: values.content,
    hashtags: values.hashtags,
    mentions: values.mentions,
    accountIds: values.accountIds,
    facebookPageId: platforms.includes("facebook") ? values.facebookPageId : null,
    media: values.media,
    scheduledDate: values.scheduledDate,
    scheduledTime: values.scheduledTime,
    timezone,
    status,
    options: postOptions(values, platforms),
    campaignId: values.campaignId || null,
    variants: chosenVariants(values.variants, platforms),
    firstComment: values.firstComment.trim(),
  };
}
