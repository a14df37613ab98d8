import { POST_MESSAGES } from "../constants/messages";
import type { Platform } from "../constants/platforms";
import { MAX_MEDIA_FILES } from "../constants/posts";
import type { PostOptions } from "../schemas/posts";
import { composePostText, textBudget, textTooLongMessage } from "./post-text";
import { zonedInstant } from "./schedule-time";

/** What the rules look at: the post as written, with the networks of its chosen accounts. */
export interface PostCheckInput {
  content: string;
  hashtags: readonly string[];
  media: readonly unknown[];
  platforms: readonly Platform[];
  facebookPageId: string | null;
  scheduledDate: string;
  scheduledTime: string;
  timezone: string;
  options: PostOptions;
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
  const hasText = input.content.trim() !== "" || input.hashtags.length > 0;
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
  }
  if (input.media.length > MAX_MEDIA_FILES)
    return { code: "TOO_MANY_FILES", title: M.tooManyFilesTitle, message: M.tooManyFiles(MAX_MEDIA_FILES) };
  const budget = textBudget(composePostText(input.content, input.hashtags), input.platforms, {
    twitterThread: input.options.twitter?.thread === true,
  });
  if (budget.platform && budget.remaining < 0)
    return {
      code: "TEXT_TOO_LONG",
      title: M.textTooLongTitle,
      message: textTooLongMessage(budget.platform, budget.limit),
    };
  if (intent === "scheduled") {
    const at = zonedInstant(input.scheduledDate, input.scheduledTime, input.timezone);
    // A minute's grace: "now" chosen in the picker is not in the past by the time it arrives.
    if (at.getTime() < now.getTime() - 60_000)
      return { code: "SCHEDULE_TIME_PASSED", title: M.pastTimeTitle, message: M.pastTime };
  }
  return null;
}
