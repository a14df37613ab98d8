import { POST_MESSAGES } from "../constants/messages";
import type { Platform } from "../constants/platforms";
import { MAX_MEDIA_FILES } from "../constants/posts";
import type { PostOptions } from "../schemas/posts";
import { instagramMediaProblem, instagramTextProblem, type MediaFacts } from "./instagram-rules";
import { postMediaProblem } from "./media-rules";
import { composePostText, textBudget, textTooLongMessage } from "./post-text";

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
}

/** The first rule a post breaks, with the spec's title and message (shown as a toast, sent as the API error). */
export interface PostProblem {
  code: string;
  title: string;
  message: string;
}

const M = POST_MESSAGES;

/**
 * The rules of spec section 5 for saving a draft or scheduling, in the spec's order, plus the limits
 * of the networks themselves. Returns null when the post may be saved as `intent`.
 */
export function checkPost(input: PostCheckInput, intent: "draft" | "scheduled", now: Date): PostProblem | null {
  const only = (network: Platform) => input.platforms.length > 0 && input.platforms.every((p) => p === network);
  // A post to Facebook pages alone may be only a link or a picture (spec section 5, Facebook form).
  const facebookLinkOrPicture =
    only("facebook") && Boolean(input.options.facebook?.link || input.options.facebook?.pictureUrl);
  // A pin needs a title and an image; its description (the text) is optional (spec section 5, Pinterest form).
  const titledPin = only("pinterest") && Boolean(input.options.pinterest?.title?.trim());
  const hasText = input.content.trim() !== "" || input.hashtags.length > 0 || facebookLinkOrPicture || titledPin;
  if (intent === "draft") {
    if (!hasText && input.media.length === 0)
      return { code: "NOTHING_TO_SAVE", title: M.nothingToSaveTitle, message: M.nothingToSave };
  } else {
    if (!hasText) return { code: "CONTENT_REQUIRED", title: M.contentRequiredTitle, message: M.contentRequired };
    if (input.platforms.length === 0)
      return { code: "NO_PLATFORMS", title: M.noPlatformsTitle, message: M.noPlatforms };
    if (!input.scheduledDate || !input.scheduledTime)
      return { code: "SCHEDULE_TIME_REQUIRED", title: M.scheduleTimeRequiredTitle, message: M.scheduleTimeRequired };
    if (input.platforms.includes("facebook") && !input.facebookPageId)
      return { code: "FACEBOOK_PAGE_REQUIRED", title: M.facebookPageRequiredTitle, message: M.facebookPageRequired };
    const linkedin = input.options.linkedin;
    if (input.platforms.includes("linkedin") && linkedin?.postAs === "company" && !linkedin.organizationId?.trim())
      return { code: "COMPANY_PAGE_REQUIRED", title: M.companyPageRequiredTitle, message: M.companyPageRequired };
    const media = networkMediaProblem(input);
    if (media) return media;
  }
  if (input.media.length > MAX_MEDIA_FILES)
    return { code: "TOO_MANY_FILES", title: M.tooManyFilesTitle, message: M.tooManyFiles(MAX_MEDIA_FILES) };
  const text = composePostText(input.content, input.hashtags);
  const budget = textBudget(text, input.platforms, {
    twitterThread: input.options.twitter?.thread === true,
    utmCampaign: input.utmCampaign,
  });
  if (budget.platform && budget.remaining < 0)
    return {
      code: "TEXT_TOO_LONG",
      title: M.textTooLongTitle,
      message: textTooLongMessage(budget.platform, budget.limit),
    };
  if (input.platforms.includes("instagram")) {
    const instagram = instagramTextProblem(text);
    if (instagram) return instagram;
  }
  if (intent === "scheduled") {
    const at = zonedInstant(input.scheduledDate, input.scheduledTime, input.timezone);
    // A minute's grace: "now" chosen in the picker is not in the past by the time it arrives.
    if (at.getTime() < now.getTime() - 60_000)
      return { code: "SCHEDULE_TIME_PASSED", title: M.pastTimeTitle, message: M.pastTime };
  }
  return null;
}

/** What each network takes (media-rules.ts), then Instagram's limits on the files themselves. */
function networkMediaProblem(input: PostCheckInput): PostProblem | null {
  const problem = postMediaProblem(input.platforms, input.media, input.options);
  if (problem) return problem;
  // Kinds not known yet (the library still loading in the browser): the server checks again.
  if (input.media.some((m) => m.kind === undefined)) return null;
  if (input.platforms.includes("instagram")) return instagramMediaProblem(input.media, input.options);
  return null;
}
