import type { MediaFileType } from "../constants/media";
import type { PostOptions } from "../schemas/posts";

/**
 * Instagram's limits on one post, as its Content Publishing API documents them, plus the hashtag cap Instagram
 * announced in December 2025 (posts and reels take at most 5 hashtags; it used to be 30).
 */
export const INSTAGRAM_LIMITS = {
  hashtags: 5,
  mentions: 20,
  imageBytes: 8 * 1024 * 1024,
  /** width ÷ height of a feed image: 4:5 to 1.91:1 */
  minAspect: 4 / 5,
  maxAspect: 1.91,
  reelMinSeconds: 3,
  reelMaxSeconds: 15 * 60,
  storyMaxSeconds: 60,
} as const;

// A hashtag or mention starts a word: "#tag" and "@name", not "a#b" or an e-mail's "@".
const HASHTAG = /(?<![\p{L}\p{N}_&@#])#[\p{L}\p{N}_]+/gu;
const MENTION = /(?<![\p{L}\p{N}_@#.])@[A-Za-z0-9._]+/gu;

export const countHashtags = (text: string) => text.match(HASHTAG)?.length ?? 0;
export const countMentions = (text: string) => text.match(MENTION)?.length ?? 0;

/** What the app knows of a media file when the post is saved; unknown facts are not checked. */
export interface MediaFacts {
  kind?: MediaFileType;
  mimeType?: string;
  size?: number;
  width?: number | null;
  height?: number | null;
  durationSeconds?: number | null;
}

export const INSTAGRAM_MESSAGES = {
  title: "Not Accepted by Instagram",
  hashtags: (count: number) =>
    `Instagram allows at most ${INSTAGRAM_LIMITS.hashtags} hashtags in a post, and this one has ${count}. Remove some hashtags, or deselect Instagram.`,
  mentions: (count: number) =>
    `Instagram allows at most ${INSTAGRAM_LIMITS.mentions} @mentions in a post, and this one has ${count}. Remove some mentions, or deselect Instagram.`,
  notJpeg: (type: string) =>
    `Instagram takes JPEG images only, and this post has a ${type} image. Use a JPEG instead, or deselect Instagram.`,
  imageTooLarge: (mb: string) =>
    `Instagram takes images of at most 8 MB, and this post has one of ${mb} MB. Use a smaller image, or deselect Instagram.`,
  aspect: (ratio: string) =>
    `Instagram feed images must be between 4:5 (portrait) and 1.91:1 (landscape), and this post has one of ${ratio}:1. Crop it, post it as a story, or deselect Instagram.`,
  reelLength: (seconds: number) =>
    `Instagram reels last 3 seconds to 15 minutes, and this video lasts ${seconds} seconds. Use another video, or deselect Instagram.`,
  storyLength: (seconds: number) =>
    `Instagram story videos last at most 60 seconds, and this one lasts ${seconds} seconds. Use a shorter video, or post it as a reel.`,
  storyOne: "An Instagram story takes one image or one video. Keep one, or choose another format.",
  reelOne: "An Instagram reel takes one video. Keep one video, or choose another format.",
} as const;

const M = INSTAGRAM_MESSAGES;
const problem = (code: string, message: string) => ({ code, title: M.title, message });

/** The first of Instagram's limits the post's text breaks (checked on drafts too), or null. */
export function instagramTextProblem(text: string) {
  const tags = countHashtags(text);
  if (tags > INSTAGRAM_LIMITS.hashtags) return problem("INSTAGRAM_TOO_MANY_HASHTAGS", M.hashtags(tags));
  const mentions = countMentions(text);
  if (mentions > INSTAGRAM_LIMITS.mentions) return problem("INSTAGRAM_TOO_MANY_MENTIONS", M.mentions(mentions));
  return null;
}

/** The first of Instagram's limits the post's media break, from the facts the app has. */
export function instagramMediaProblem(media: readonly MediaFacts[], options: PostOptions) {
  // How many files of which kind each format takes is in media-rules.ts, with the other networks'.
  const format = options.instagram?.format ?? "feed";
  for (const m of media) {
    if (m.kind === "image") {
      if (m.mimeType && m.mimeType !== "image/jpeg")
        return problem("INSTAGRAM_JPEG_ONLY", M.notJpeg((m.mimeType.split("/")[1] ?? m.mimeType).toUpperCase()));
      if (m.size !== undefined && m.size > INSTAGRAM_LIMITS.imageBytes)
        return problem("INSTAGRAM_IMAGE_TOO_LARGE", M.imageTooLarge((m.size / 1024 / 1024).toFixed(1)));
      if (format !== "story" && m.width && m.height) {
        const ratio = m.width / m.height;
        // Rounded as Instagram shows it, so a 1080×566 (1.908) picture counts as 1.91.
        const shown = Math.round(ratio * 100) / 100;
        if (shown < INSTAGRAM_LIMITS.minAspect || shown > INSTAGRAM_LIMITS.maxAspect)
          return problem("INSTAGRAM_ASPECT_RATIO", M.aspect(shown.toFixed(2)));
      }
    }
    if (m.kind === "video" && typeof m.durationSeconds === "number") {
      const seconds = Math.round(m.durationSeconds * 10) / 10;
      if (format === "story" && m.durationSeconds > INSTAGRAM_LIMITS.storyMaxSeconds)
        return problem("INSTAGRAM_STORY_LENGTH", M.storyLength(seconds));
      if (
        format !== "story" &&
        (m.durationSeconds < INSTAGRAM_LIMITS.reelMinSeconds || m.durationSeconds > INSTAGRAM_LIMITS.reelMaxSeconds)
      )
        return problem("INSTAGRAM_REEL_LENGTH", M.reelLength(seconds));
    }
  }
  return null;
}
