import { INBOX_REPLY_MAX_LENGTH } from "../constants/inbox";
import { FIRST_COMMENT_MESSAGES, POST_MESSAGES, POST_VARIANT_MESSAGES } from "../constants/messages";
import { PLATFORM_LABELS, type Platform } from "../constants/platforms";
import { FIRST_COMMENT_NETWORKS, MAX_MEDIA_FILES } from "../constants/posts";
import type { PostOptions } from "../schemas/posts";
import { instagramMediaProblem, instagramTextProblem, type MediaFacts } from "./instagram-rules";
import { postMediaProblem } from "./media-rules";
import { composePostText, textBudget, textLength, textTooLongMessage } from "./post-text";
import { type PostContent, type PostVersion, variantsNotChosen, versionsOf } from "./post-variants";
import { campaignUtm, tagLinks } from "./utm";

export {
  countHashtags,
  countMentions,
  INSTAGRAM_LIMITS,
  INSTAGRAM_MESSAGES,
  type MediaFacts,
} from "./instagram-rules";
export {
  INSTAGRAM_MEDIA_RULES,
  MEDIA_RULES,
  type MediaKind,
  type MediaProblem,
  type MediaRule,
  mediaKindOf,
  mediaProblem,
  mediaRuleFor,
  postMediaProblem,
} from "./media-rules";

import { zonedInstant } from "./schedule-time";

/** What the rules look at: the post as written, with the networks of its chosen accounts. */
export interface PostCheckInput {
  content: string;
  hashtags: readonly string[];
  /**
   * the post's media with what is known of each: `kind` is unknown (undefined) while the library has not been
   * read; type, size, dimensions and duration are checked against a network's limits when given
   */
  media: readonly MediaFacts[];
  platforms: readonly Platform[];
  facebookPageId: string | null;
  scheduledDate: string;
  scheduledTime: string;
  timezone: string;
  options: PostOptions;
  /**
   * the slug of the post's campaign when that campaign tags its links (campaigns.utm): each network's length is
   * then counted on the text with its links tagged, as the network will receive it
   */
  utmCampaign?: string | null;
  /**
   * networks with their own text, hashtags and media (issue 23), their media known as `media` is: each network's
   * rules and counter apply to what it receives (rules/post-variants.ts)
   */
  variants?: Partial<Record<Platform, PostContent<MediaFacts>>> | null;
  /** posted as a comment right after the post where the network allows it (FIRST_COMMENT_NETWORKS); "" none */
  firstComment?: string;
}

/** The first rule a post breaks, with the spec's title and message (shown as a toast, sent as the API error). */
export interface PostProblem {
  code: string;
  title: string;
  message: string;
  /** the network whose own text (variant) breaks it; absent when the common text does, or the post as a whole */
  platform?: Platform;
}

const M = POST_MESSAGES;
type Version = PostVersion<MediaFacts>;

/** A problem of one version: it names the network when that network's own text is at fault. */
const of = (v: Version, problem: PostProblem | null): PostProblem | null =>
  problem && v.network ? { ...problem, platform: v.network } : problem;

/**
 * The rules of spec section 5 for saving a draft or scheduling, in the spec's order, plus the limits
 * of the networks themselves. Each network's rules apply to what it receives: its own text, hashtags and media
 * when it has a variant, else the common ones. Returns null when the post may be saved as `intent`.
 */
export function checkPost(input: PostCheckInput, intent: "draft" | "scheduled", now: Date): PostProblem | null {
  const versions = versionsOf(input, input.platforms);
  // The common version is checked when some network receives it, or when no network is chosen yet.
  const used = versions.filter((v) => v.network !== null || v.platforms.length > 0 || input.platforms.length === 0);
  const hasText = (v: Version) => {
    const only = (network: Platform) => v.platforms.length > 0 && v.platforms.every((p) => p === network);
    // A post to Facebook pages alone may be only a link or a picture (spec section 5, Facebook form).
    const facebookLinkOrPicture =
      only("facebook") && Boolean(input.options.facebook?.link || input.options.facebook?.pictureUrl);
    // A pin needs a title and an image; its description (the text) is optional (spec section 5, Pinterest form).
    const titledPin = only("pinterest") && Boolean(input.options.pinterest?.title?.trim());
    return v.content.trim() !== "" || v.hashtags.length > 0 || facebookLinkOrPicture || titledPin;
  };
  if (intent === "draft") {
    if (!versions.some((v) => hasText(v) || v.media.length > 0) && !hasVariantContent(input))
      return { code: "NOTHING_TO_SAVE", title: M.nothingToSaveTitle, message: M.nothingToSave };
  } else {
    for (const v of used)
      if (!hasText(v))
        return of(v, { code: "CONTENT_REQUIRED", title: M.contentRequiredTitle, message: M.contentRequired });
    if (input.platforms.length === 0)
      return { code: "NO_PLATFORMS", title: M.noPlatformsTitle, message: M.noPlatforms };
    if (!input.scheduledDate || !input.scheduledTime)
      return { code: "SCHEDULE_TIME_REQUIRED", title: M.scheduleTimeRequiredTitle, message: M.scheduleTimeRequired };
    if (input.platforms.includes("facebook") && !input.facebookPageId)
      return { code: "FACEBOOK_PAGE_REQUIRED", title: M.facebookPageRequiredTitle, message: M.facebookPageRequired };
    const linkedin = input.options.linkedin;
    if (input.platforms.includes("linkedin") && linkedin?.postAs === "company" && !linkedin.organizationId?.trim())
      return { code: "COMPANY_PAGE_REQUIRED", title: M.companyPageRequiredTitle, message: M.companyPageRequired };
    for (const v of used) {
      const media = of(v, networkMediaProblem(v, input.options));
      if (media) return media;
    }
  }
  const stray = variantsNotChosen(input.variants, input.platforms)[0];
  if (stray) {
    const network = PLATFORM_LABELS[stray];
    return {
      code: "VARIANT_NOT_CHOSEN",
      title: POST_VARIANT_MESSAGES.notChosenTitle,
      message: POST_VARIANT_MESSAGES.notChosen(network),
      platform: stray,
    };
  }
  for (const v of used)
    if (v.media.length > MAX_MEDIA_FILES)
      return of(v, { code: "TOO_MANY_FILES", title: M.tooManyFilesTitle, message: M.tooManyFiles(MAX_MEDIA_FILES) });
  for (const v of used) {
    const text = composePostText(v.content, v.hashtags);
    const budget = textBudget(text, v.platforms, {
      twitterThread: input.options.twitter?.thread === true,
      utmCampaign: input.utmCampaign,
    });
    if (budget.platform && budget.remaining < 0)
      return of(v, {
        code: "TEXT_TOO_LONG",
        title: M.textTooLongTitle,
        message: textTooLongMessage(budget.platform, budget.limit),
      });
  }
  const instagram = used.find((v) => v.platforms.includes("instagram"));
  if (instagram) {
    const problem = of(instagram, instagramTextProblem(composePostText(instagram.content, instagram.hashtags)));
    if (problem) return problem;
  }
  const comment = firstCommentProblem(input);
  if (comment) return comment;
  if (intent === "scheduled") {
    const at = zonedInstant(input.scheduledDate, input.scheduledTime, input.timezone);
    // A minute's grace: "now" chosen in the picker is not in the past by the time it arrives.
    if (at.getTime() < now.getTime() - 60_000)
      return { code: "SCHEDULE_TIME_PASSED", title: M.pastTimeTitle, message: M.pastTime };
  }
  return null;
}

/** Whether a variant (chosen or not) holds anything: a draft of it is worth saving, and then refused if stray. */
const hasVariantContent = (input: PostCheckInput) =>
  Object.values(input.variants ?? {}).some(
    (v) => v && (v.content.trim() !== "" || v.hashtags.length > 0 || v.media.length > 0),
  );

/**
 * The first comment is checked against the comment limit of each chosen network that takes one
 * (INBOX_REPLY_MAX_LENGTH, X's weighted count on X), its links counted as the campaign tags them. On the other
 * networks it is not posted, so not checked.
 */
export function firstCommentProblem(
  input: Pick<PostCheckInput, "firstComment" | "platforms" | "utmCampaign">,
): PostProblem | null {
  const text = input.firstComment?.trim() ?? "";
  if (!text) return null;
  for (const p of FIRST_COMMENT_NETWORKS) {
    if (!input.platforms.includes(p)) continue;
    const sent = input.utmCampaign ? tagLinks(text, campaignUtm(p, input.utmCampaign)) : text;
    const max = INBOX_REPLY_MAX_LENGTH[p];
    if (textLength(p, sent) > max)
      return {
        code: "FIRST_COMMENT_TOO_LONG",
        title: FIRST_COMMENT_MESSAGES.tooLongTitle,
        message: FIRST_COMMENT_MESSAGES.tooLong(PLATFORM_LABELS[p], max),
        platform: p,
      };
  }
  return null;
}

/** What the version's networks take (media-rules.ts), then Instagram's limits on the files themselves. */
function networkMediaProblem(v: Version, options: PostOptions): PostProblem | null {
  const problem = postMediaProblem(v.platforms, v.media, options);
  if (problem) return problem;
  // Kinds not known yet (the library still loading in the browser): the server checks again.
  if (v.media.some((m) => m.kind === undefined)) return null;
  if (v.platforms.includes("instagram")) return instagramMediaProblem(v.media, options);
  return null;
}
