import { PLATFORM_LABELS, type Platform } from "../constants/platforms";
import { POST_TEXT_COUNTER, TEXT_LIMITS, TITLE_LIMIT } from "../constants/posts";
import { campaignUtm, tagLinks } from "./utm";

/** The text a network receives: the content, then the hashtags each with its #. */
export function composePostText(content: string, hashtags: readonly string[]): string {
  const tags = hashtags.map((t) => `#${t}`).join(" ");
  const body = content.trim();
  return tags ? (body ? `${body}\n\n${tags}` : tags) : body;
}

const URL_PATTERN = /https?:\/\/[^\s]+/g;
/** Code point ranges X counts as one; everything else (emoji, CJK, …) counts two. */
const LIGHT_RANGES: [number, number][] = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];
const URL_WEIGHT = 23;

/** X's weighted length: NFC-normalised, URLs count 23, light code points 1, the others 2. */
export function twitterLength(text: string): number {
  let length = 0;
  const withoutUrls = text.normalize("NFC").replace(URL_PATTERN, () => {
    length += URL_WEIGHT;
    return "";
  });
  for (const ch of withoutUrls) {
    const cp = ch.codePointAt(0) ?? 0;
    length += LIGHT_RANGES.some(([a, b]) => cp >= a && cp <= b) ? 1 : 2;
  }
  return length;
}

/** How long the text is as the network counts it. */
export function textLength(platform: Platform | null, text: string): number {
  return platform === "twitter" ? twitterLength(text) : [...text].length;
}

export interface TextBudget {
  /** the network whose limit is the tightest, or null for the spec's plain counter */
  platform: Platform | null;
  limit: number;
  length: number;
  remaining: number;
}

/**
 * The counter of the composer: the tightest limit among the chosen networks (X is left out when the post
 * goes out as a thread, which has room for any length). In a campaign that tags its links (`utmCampaign`, its
 * slug), each network counts the text as it will receive it, links tagged (rules/utm.ts), and the network with
 * the least room left is the one shown.
 */
export function textBudget(
  text: string,
  platforms: readonly Platform[],
  opts: { twitterThread?: boolean; utmCampaign?: string | null } = {},
) {
  const counted = platforms.filter((p) => !(p === "twitter" && opts.twitterThread));
  let platform: Platform | null = null;
  let limit = POST_TEXT_COUNTER;
  for (const p of counted) {
    if (platform === null || TEXT_LIMITS[p] < limit) {
      platform = p;
      limit = TEXT_LIMITS[p];
    }
  }
  const slug = opts.utmCampaign;
  if (slug && platform) {
    let tightest: TextBudget | null = null;
    for (const p of counted) {
      const length = textLength(p, tagLinks(text, campaignUtm(p, slug)));
      const remaining = TEXT_LIMITS[p] - length;
      if (!tightest || remaining < tightest.remaining)
        tightest = { platform: p, limit: TEXT_LIMITS[p], length, remaining };
    }
    if (tightest) return tightest;
  }
  const length = textLength(platform, text);
  return { platform, limit, length, remaining: limit - length } satisfies TextBudget;
}

export const textTooLongMessage = (platform: Platform, limit: number) =>
  platform === "twitter"
    ? `Tweet exceeds ${limit} character limit`
    : `${PLATFORM_LABELS[platform]} allows at most ${limit} characters in a post.`;

/**
 * A text too long for one X post, cut into a thread: each part within `limit` (X's weighted count) with its
 * place, " (1/3)", at the end; cut between paragraphs, then sentences, then words where it can.
 */
export function splitThread(text: string, limit = TEXT_LIMITS.twitter): string[] {
  const whole = text.trim();
  if (twitterLength(whole) <= limit) return [whole];
  const room = limit - " (99/99)".length;
  const words = whole.split(/(\s+)/);
  const parts: string[] = [];
  let current = "";
  for (const piece of words) {
    if (twitterLength(current + piece) <= room) {
      current += piece;
      continue;
    }
    if (current.trim()) parts.push(current.trim());
    current = piece.trim();
    // A single word longer than a part is cut where it must be.
    while (twitterLength(current) > room) {
      const chars = [...current];
      let cut = Math.min(chars.length, room);
      while (cut > 1 && twitterLength(chars.slice(0, cut).join("")) > room) cut--;
      parts.push(chars.slice(0, cut).join(""));
      current = chars.slice(cut).join("");
    }
  }
  if (current.trim()) parts.push(current.trim());
  return parts.map((p, i) => `${p} (${i + 1}/${parts.length})`);
}

/** A pin's or a video's title: the first 100 characters of the text, or the fallback when there is none. */
export function titleFrom(text: string, fallback: string, max = TITLE_LIMIT): string {
  const chars = [...text.trim()];
  return chars.length ? chars.slice(0, max).join("").trim() : fallback;
}
