import {
  type CreatePostInput,
  LINKEDIN_VISIBILITIES,
  POST_MESSAGES,
  PUBLISH_MESSAGES,
  QUICK_POST_MESSAGES,
  TEXT_LIMITS,
  TITLE_LIMIT,
  textTooLongMessage,
  twitterLength,
  wallClock,
  webUrlSchema,
} from "@app/shared";
import { z } from "zod";

// The per-network dialogs of Connected Accounts: each form's fields and rules (spec section 5,
// "Per-platform forms"), and the post each one creates for its single account.

const M = QUICK_POST_MESSAGES;

/** An address the user may leave empty; spaces around it are not theirs to worry about. */
const optionalUrl = z
  .string()
  .trim()
  .pipe(z.union([z.literal(""), webUrlSchema]));
/** Characters as the networks count them (code points), at most `limit`. */
const atMost = (limit: number) => z.string().refine((t) => [...t].length <= limit, M.tooLong(limit));

export const LINKEDIN_VISIBILITY_LABELS: Record<(typeof LINKEDIN_VISIBILITIES)[number], string> = {
  PUBLIC: "Anyone",
  CONNECTIONS: "Connections only",
  LOGGED_IN_MEMBERS: "LinkedIn members",
};

/** LinkedIn's article title and description (checked, shown and sent only with a link). */
export const LINKEDIN_LINK_LIMITS = { title: 200, description: 300 } as const;

export const linkedinPostSchema = z
  .object({
    content: z
      .string()
      .refine((t) => t.trim() !== "", POST_MESSAGES.contentRequired)
      .pipe(atMost(TEXT_LIMITS.linkedin)),
    visibility: z.enum(LINKEDIN_VISIBILITIES),
    linkUrl: optionalUrl,
    linkTitle: z.string(),
    linkDescription: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.linkUrl.trim()) return;
    const { title, description } = LINKEDIN_LINK_LIMITS;
    if (v.linkTitle.trim().length > title)
      ctx.addIssue({ code: "custom", path: ["linkTitle"], message: M.tooLong(title) });
    if (v.linkDescription.trim().length > description)
      ctx.addIssue({ code: "custom", path: ["linkDescription"], message: M.tooLong(description) });
  });
export type LinkedinPostValues = z.infer<typeof linkedinPostSchema>;
export const emptyLinkedinPost = (): LinkedinPostValues => ({
  content: "",
  visibility: "PUBLIC",
  linkUrl: "",
  linkTitle: "",
  linkDescription: "",
});

export const pinterestPostSchema = z
  .object({
    title: z.string().trim().min(1, M.pinTitleRequired).max(TITLE_LIMIT, M.tooLong(TITLE_LIMIT)),
    imageUrl: optionalUrl,
    /** an image of the media library instead of an address */
    libraryImageId: z.string().nullable(),
    /** the pin's description: the post's text */
    description: atMost(TEXT_LIMITS.pinterest),
    link: optionalUrl,
    /** "" puts the pin on the account's first board */
    boardId: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.imageUrl.trim() && !v.libraryImageId)
      ctx.addIssue({ code: "custom", path: ["imageUrl"], message: M.pinImageRequired });
  });
export type PinterestPostValues = z.infer<typeof pinterestPostSchema>;
export const emptyPinterestPost = (): PinterestPostValues => ({
  title: "",
  imageUrl: "",
  libraryImageId: null,
  description: "",
  link: "",
  boardId: "",
});

export const twitterPostSchema = z.object({
  content: z
    .string()
    .refine((t) => t.trim() !== "", M.tweetRequired)
    .refine((t) => twitterLength(t) <= TEXT_LIMITS.twitter, textTooLongMessage("twitter", TEXT_LIMITS.twitter)),
});
export type TwitterPostValues = z.infer<typeof twitterPostSchema>;
export const emptyTwitterPost = (): TwitterPostValues => ({ content: "" });

/** What the X counter shows: characters left as X counts them, and its colour. */
export function tweetCounter(text: string): { remaining: number; tone: "normal" | "warning" | "over" } {
  const remaining = TEXT_LIMITS.twitter - twitterLength(text);
  return { remaining, tone: remaining < 0 ? "over" : remaining < 20 ? "warning" : "normal" };
}

export const facebookPostSchema = z
  .object({
    pageId: z.string().min(1, POST_MESSAGES.facebookPageRequired),
    content: atMost(TEXT_LIMITS.facebook),
    link: optionalUrl,
    pictureUrl: optionalUrl,
  })
  .superRefine((v, ctx) => {
    if (!v.content.trim() && !v.link.trim() && !v.pictureUrl.trim())
      ctx.addIssue({ code: "custom", path: ["content"], message: PUBLISH_MESSAGES.facebookEmpty });
  });
export type FacebookPostValues = z.infer<typeof facebookPostSchema>;
export const emptyFacebookPost = (): FacebookPostValues => ({ pageId: "", content: "", link: "", pictureUrl: "" });

/** Facebook shows a link's preview and ignores the picture when both are given. */
export const pictureIgnored = (v: Pick<FacebookPostValues, "link" | "pictureUrl">) =>
  v.link.trim() !== "" && v.pictureUrl.trim() !== "";

export type QuickPostNetwork = "linkedin" | "pinterest" | "twitter" | "facebook";

/** The toast of a form that cannot be sent yet: the spec's title for the first rule broken. */
export function invalidToast(network: QuickPostNetwork, values: unknown): { title: string; description?: string } {
  const schemas = {
    linkedin: linkedinPostSchema,
    pinterest: pinterestPostSchema,
    twitter: twitterPostSchema,
    facebook: facebookPostSchema,
  } as const;
  const result = schemas[network].safeParse(values);
  const issues = result.success ? [] : result.error.issues;
  const has = (message: string) => issues.some((i) => i.message === message);
  const first = issues[0]?.message;
  switch (network) {
    case "linkedin":
      if (has(POST_MESSAGES.contentRequired))
        return { title: POST_MESSAGES.contentRequiredTitle, description: POST_MESSAGES.contentRequired };
      break;
    case "pinterest":
      if (has(M.pinTitleRequired) || has(M.pinImageRequired))
        return { title: M.missingFieldsTitle, description: M.missingPinFields };
      break;
    case "twitter":
      if (first) return { title: first };
      break;
    case "facebook":
      if (has(POST_MESSAGES.facebookPageRequired))
        return { title: POST_MESSAGES.facebookPageRequiredTitle, description: POST_MESSAGES.facebookPageRequired };
      if (has(PUBLISH_MESSAGES.facebookEmpty))
        return { title: POST_MESSAGES.contentRequiredTitle, description: PUBLISH_MESSAGES.facebookEmpty };
      break;
  }
  return { title: M.checkTitle, description: first };
}

/** The title of the toast when the network refused the post (spec section 8, "Per platform"). */
export const FAILED_TITLES: Record<QuickPostNetwork, string> = {
  linkedin: M.linkedinFailedTitle,
  pinterest: M.pinterestFailedTitle,
  twitter: M.twitterFailedTitle,
  facebook: M.facebookFailedTitle,
};

/** What a dialog sends for its one account: the post, its page, and the network's options. */
export type QuickPostDraft = Pick<CreatePostInput, "content" | "facebookPageId" | "media" | "options">;

const set = (v: string) => v.trim() !== "";

export const linkedinDraft = (v: LinkedinPostValues): QuickPostDraft => ({
  content: v.content,
  options: {
    linkedin: {
      visibility: v.visibility,
      ...(set(v.linkUrl) && {
        link: {
          url: v.linkUrl.trim(),
          ...(set(v.linkTitle) && { title: v.linkTitle.trim() }),
          ...(set(v.linkDescription) && { description: v.linkDescription.trim() }),
        },
      }),
    },
  },
});

export const pinterestDraft = (v: PinterestPostValues): QuickPostDraft => ({
  content: v.description,
  // A library image goes as the post's media; otherwise Pinterest fetches the image from its address.
  media: v.libraryImageId ? [{ id: v.libraryImageId, aspectRatio: "1:1" }] : [],
  options: {
    pinterest: {
      title: v.title.trim(),
      ...(!v.libraryImageId && { imageUrl: v.imageUrl.trim() }),
      ...(set(v.link) && { link: v.link.trim() }),
      ...(set(v.boardId) && { boardId: v.boardId }),
    },
  },
});

export const twitterDraft = (v: TwitterPostValues): QuickPostDraft => ({ content: v.content });

export const facebookDraft = (v: FacebookPostValues): QuickPostDraft => ({
  content: v.content,
  facebookPageId: v.pageId,
  options: {
    facebook: {
      ...(set(v.link) && { link: v.link.trim() }),
      // Ignored by Facebook when there is a link: not kept, so the post shows what went out.
      ...(set(v.pictureUrl) && !set(v.link) && { pictureUrl: v.pictureUrl.trim() }),
    },
  },
});

/** The create call of a post to one account going out now: due at this minute of the user's zone. */
export function publishNowBody(
  accountId: string,
  draft: QuickPostDraft,
  timezone: string,
  now: Date = new Date(),
): CreatePostInput {
  // The server takes its own "now"; the browser's is sent for the rules checked before sending.
  const at = wallClock(now, timezone);
  return {
    ...draft,
    accountIds: [accountId],
    scheduledDate: at.date,
    scheduledTime: at.time,
    timezone,
    status: "scheduled",
    publishNow: true,
  };
}
