import { PUBLISH_MESSAGES } from "../constants/messages";
import type { Platform } from "../constants/platforms";
import type { PostOptions } from "../schemas/posts";
import { INSTAGRAM_MESSAGES, type MediaFacts } from "./instagram-rules";

/** What a network tells apart: a GIF is an image file, but X, for one, takes it only alone. */
export type MediaKind = "image" | "gif" | "video";
const KINDS: readonly MediaKind[] = ["image", "gif", "video"];

export interface MediaRule {
  /** the network's name as its messages say it */
  name: string;
  /** most files of each kind in one post; 0 when the network (or the app) does not take that kind */
  max: Record<MediaKind, number>;
  /** most files in one post, all kinds together */
  total: number;
  /** kinds that go only alone in a post (X's GIF and video, a Facebook or LinkedIn video) */
  alone: readonly MediaKind[];
  /** what the post cannot go out without; null when text alone will do */
  needs: "image" | "video" | "media" | null;
  /** how the network's limit reads, first in every message about it */
  takes: string;
  /** a code and message of its own, where the app had one before (Instagram's story and reel) */
  own?: { code: string; message: string };
}

const rule = (r: Omit<MediaRule, "max"> & { max: Partial<Record<MediaKind, number>> }): MediaRule => ({
  ...r,
  max: { image: 0, gif: 0, video: 0, ...r.max },
});

/**
 * Which media each network takes in one post, as its publishing API documents it and as the app posts there:
 * the composer, the server's save check and the publisher all read this table, so a post that would be refused
 * on the network is refused when it is saved.
 */
export const MEDIA_RULES: Record<Exclude<Platform, "instagram">, MediaRule> = {
  twitter: rule({
    name: "X",
    max: { image: 4, gif: 1, video: 1 },
    total: 4,
    alone: ["gif", "video"],
    needs: null,
    takes: "X takes up to 4 images, or 1 GIF, or 1 video in a post.",
  }),
  linkedin: rule({
    name: "LinkedIn",
    max: { image: 20, gif: 20, video: 1 },
    total: 20,
    alone: ["video"],
    needs: null,
    takes: "LinkedIn takes either images or one video in a post.",
  }),
  facebook: rule({
    name: "Facebook",
    max: { image: 10, gif: 10, video: 1 },
    total: 10,
    alone: ["video"],
    needs: null,
    takes: "A Facebook post takes photos or one video, not both.",
  }),
  // Video pins go through a separate upload the app does not make: pins are made from images.
  pinterest: rule({
    name: "Pinterest",
    max: { image: 5, gif: 5 },
    total: 5,
    alone: [],
    needs: "image",
    takes: "A Pinterest pin is made from 1 to 5 images; video pins are not supported.",
  }),
  // TikTok's photo posts are not made by the app: a TikTok post is one video.
  tiktok: rule({
    name: "TikTok",
    max: { video: 1 },
    total: 1,
    alone: ["video"],
    needs: "video",
    takes: "A TikTok post is one video, with no images.",
  }),
  youtube: rule({
    name: "YouTube",
    max: { video: 1 },
    total: 1,
    alone: ["video"],
    needs: "video",
    takes: "YouTube takes one video per post, with no images.",
  }),
};

/** Instagram's rule depends on the format: a feed post (one image, a reel, or a carousel), a story or a reel. */
export const INSTAGRAM_MEDIA_RULES = {
  feed: rule({
    name: "Instagram",
    // GIFs are refused with Instagram's JPEG rule, which says what to do about them.
    max: { image: 10, gif: 10, video: 10 },
    total: 10,
    alone: [],
    needs: "media",
    takes: "An Instagram carousel takes at most 10 images and videos.",
  }),
  story: rule({
    name: "Instagram",
    max: { image: 1, gif: 1, video: 1 },
    total: 1,
    alone: [],
    needs: "media",
    takes: "An Instagram story takes one image or one video.",
    own: { code: "INSTAGRAM_STORY_ONE", message: INSTAGRAM_MESSAGES.storyOne },
  }),
  reel: rule({
    name: "Instagram",
    max: { video: 1 },
    total: 1,
    alone: [],
    needs: "media",
    takes: "An Instagram reel takes one video.",
    own: { code: "INSTAGRAM_REEL_ONE", message: INSTAGRAM_MESSAGES.reelOne },
  }),
} as const;

export const mediaRuleFor = (platform: Platform, options: PostOptions = {}): MediaRule =>
  platform === "instagram" ? INSTAGRAM_MEDIA_RULES[options.instagram?.format ?? "feed"] : MEDIA_RULES[platform];

export const mediaKindOf = (m: Pick<MediaFacts, "kind" | "mimeType">): MediaKind | undefined =>
  m.kind === "image" && m.mimeType === "image/gif" ? "gif" : m.kind;

const NOUNS: Record<MediaKind, [string, string]> = {
  image: ["image", "images"],
  gif: ["GIF", "GIFs"],
  video: ["video", "videos"],
};
const counted = (kind: MediaKind, n: number) => `${n} ${NOUNS[kind][n === 1 ? 0 : 1]}`;
const the = (kind: MediaKind, n: number) => (n === 1 ? `the ${NOUNS[kind][0]}` : `the ${NOUNS[kind][1]}`);
const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
const either = (items: string[]) =>
  items.length === 2 ? `either ${items[0]} or ${items[1]}` : `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;

/** The first reason the network would refuse these media, as its title, code and message; null when it takes them. */
export interface MediaProblem {
  code: string;
  title: string;
  message: string;
}

/** The spec's titles and messages for a post without what a network cannot post without. */
function missing(platform: Platform): MediaProblem {
  const P = PUBLISH_MESSAGES;
  if (platform === "pinterest")
    return { code: "PINTEREST_IMAGE_REQUIRED", title: P.pinterestImageTitle, message: P.pinterestImage };
  if (platform === "tiktok")
    return { code: "TIKTOK_VIDEO_REQUIRED", title: P.tiktokVideoTitle, message: P.tiktokVideo };
  if (platform === "youtube")
    return { code: "YOUTUBE_VIDEO_REQUIRED", title: P.youtubeVideoTitle, message: P.youtubeVideo };
  return { code: "INSTAGRAM_MEDIA_REQUIRED", title: P.instagramMediaTitle, message: P.instagramMedia };
}

/**
 * Checks a post's media against one network's rule. Files whose kind is not known yet (the browser still reading
 * the library) are left to the server, which knows them. A pin may take its image from an address instead.
 */
export function mediaProblem(
  platform: Platform,
  media: readonly Pick<MediaFacts, "kind" | "mimeType">[],
  options: PostOptions = {},
): MediaProblem | null {
  const kinds = media.map(mediaKindOf);
  if (kinds.some((k) => k === undefined)) return null;
  const r = mediaRuleFor(platform, options);
  const count = (k: MediaKind) => kinds.filter((x) => x === k).length;
  const images = count("image") + count("gif");
  const has =
    r.needs === "image"
      ? images > 0 || Boolean(platform === "pinterest" && options.pinterest?.imageUrl)
      : r.needs === "video"
        ? count("video") > 0
        : r.needs === "media"
          ? media.length > 0
          : true;
  if (!has) return missing(platform);

  const present = KINDS.filter((k) => count(k) > 0);
  const refuse = (fix: string): MediaProblem =>
    r.own
      ? { ...r.own, title: `Not Accepted by ${r.name}` }
      : {
          code: `${platform.toUpperCase()}_MEDIA_NOT_ACCEPTED`,
          title: `Not Accepted by ${r.name}`,
          message: `${r.takes} This post has ${list(present.map((k) => counted(k, count(k))))}: ${fix}, or deselect ${r.name}.`,
        };
  const refused = present.filter((k) => r.max[k] === 0);
  if (refused.length > 0) return refuse(`remove ${list(refused.map((k) => the(k, count(k))))}`);
  for (const k of present) {
    if (count(k) > r.max[k])
      return refuse(r.max[k] === 1 ? `keep one ${NOUNS[k][0]}` : `keep at most ${counted(k, r.max[k])}`);
  }
  const lone = present.find((k) => r.alone.includes(k));
  if (lone && present.length > 1) return refuse(`keep ${either(present.map((k) => the(k, count(k))))}`);
  if (media.length > r.total) return refuse(`keep at most ${r.total} files`);
  return null;
}

/** The first network of the post that would refuse its media. */
export function postMediaProblem(
  platforms: readonly Platform[],
  media: readonly Pick<MediaFacts, "kind" | "mimeType">[],
  options: PostOptions = {},
): MediaProblem | null {
  for (const p of platforms) {
    const problem = mediaProblem(p, media, options);
    if (problem) return problem;
  }
  return null;
}
