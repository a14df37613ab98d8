import { PUBLISH_MESSAGES } from "../constants/messages";
import type { Platform } from "../constants/platforms";
import { TEXT_LIMITS } from "../constants/posts";
import { FOLD_WORD_BACKOFF, type PreviewFold } from "../constants/preview";
import type { PostOptions, PostVariants } from "../schemas/posts";
import { composePostText, splitThread, titleFrom, twitterLength } from "./post-text";
import { contentFor } from "./post-variants";
import { campaignUtm, findLinks, tagLinks } from "./utm";

/** What the live preview reads of a post (issue 23): the composer's values or a saved post. */
export interface PreviewSource {
  content: string;
  hashtags: readonly string[];
  /** the library's files by id, each with the crop chosen (one of ASPECT_RATIOS) */
  media: readonly { id: string; aspectRatio: string }[];
  options: PostOptions;
  variants: PostVariants;
  /** the slug of the post's campaign when that campaign tags links (rules/utm.ts), else null or absent */
  utmCampaign?: string | null;
}

/**
 * The text as the network receives it: its content, then its hashtags (composePostText), links tagged with the
 * campaign's UTM parameters when it has them.
 */
export function previewText(post: PreviewSource, platform: Platform): string {
  const own = contentFor(post, platform);
  const text = composePostText(own.content, own.hashtags);
  return post.utmCampaign ? tagLinks(text, campaignUtm(platform, post.utmCampaign)) : text;
}

/**
 * The text as a feed shows it before its "more" link: cut after `fold.characters` characters or at the end of
 * `fold.lines` lines, whichever comes first, back at the last space when a word would be cut (within
 * FOLD_WORD_BACKOFF characters), with no trailing space. `folded` is false when nothing is hidden.
 */
export function foldText(text: string, fold: Pick<PreviewFold, "characters" | "lines">) {
  const chars = [...text];
  let cut = Math.min(chars.length, fold.characters);
  let lines = 0;
  for (let i = 0; i < cut; i++) {
    if (chars[i] === "\n" && ++lines === fold.lines) cut = i;
  }
  if (chars.slice(cut).join("").trim() === "") return { visible: text, folded: false };
  const inWord = (i: number) => /\S/u.test(chars[i] ?? "");
  if (inWord(cut) && inWord(cut - 1)) {
    for (let i = cut - 1; i > 0 && i >= cut - FOLD_WORD_BACKOFF; i--) {
      if (!inWord(i)) {
        cut = i;
        break;
      }
    }
  }
  return { visible: chars.slice(0, cut).join("").trimEnd(), folded: true };
}

export interface ThreadPart {
  text: string;
  /** X's weighted count of the part (twitterLength) */
  length: number;
  /** longer than X takes in one post */
  over: boolean;
}

/**
 * X's post as parts: the thread's numbered parts (splitThread) when the post goes out as a thread, else the one
 * post; each with its weighted count.
 */
export function threadParts(text: string, thread: boolean): ThreadPart[] {
  const parts = thread ? splitThread(text) : [text.trim()];
  return parts.map((part) => {
    const length = twitterLength(part);
    return { text: part, length, over: length > TEXT_LIMITS.twitter };
  });
}

export type RichToken = { kind: "text" | "hashtag" | "mention" | "link"; text: string };

/**
 * #tags and @names: a mark not glued to a word before it, then letters, digits or "_" (a name may hold dots,
 * as Instagram's do, but does not end with one). A tag of digits only is no tag (#1 is a number).
 */
const TAG_OR_MENTION =
  /(?<![\p{L}\p{N}_&#@])(?:#[\p{L}\p{M}\p{N}_]+|@[\p{L}\p{N}_](?:[\p{L}\p{N}_.]*[\p{L}\p{N}_])?)/gu;

function tagsAndMentions(text: string): RichToken[] {
  const tokens: RichToken[] = [];
  let from = 0;
  for (const m of text.matchAll(TAG_OR_MENTION)) {
    const word = m[0];
    if (word.startsWith("#") && /^#\p{N}+$/u.test(word)) continue;
    if (m.index > from) tokens.push({ kind: "text", text: text.slice(from, m.index) });
    tokens.push({ kind: word.startsWith("#") ? "hashtag" : "mention", text: word });
    from = m.index + word.length;
  }
  if (from < text.length) tokens.push({ kind: "text", text: text.slice(from) });
  return tokens;
}

/** The text in pieces the networks highlight: links (as tagLinks finds them), #hashtags and @mentions. */
export function richTextTokens(text: string): RichToken[] {
  const tokens: RichToken[] = [];
  let from = 0;
  for (const { index, url } of findLinks(text)) {
    tokens.push(...tagsAndMentions(text.slice(from, index)), { kind: "link", text: url });
    from = index + url.length;
  }
  tokens.push(...tagsAndMentions(text.slice(from)));
  return tokens;
}

/** A link as feeds write it: without its scheme and "www.", cut with "…" after `max` characters (X cuts at 23). */
export function displayUrl(url: string, max = 23): string {
  const bare = url.replace(/^https?:\/\//i, "").replace(/^www\./i, "");
  const chars = [...bare];
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : bare;
}

/** The host a link card names: lower case, without its user, port and "www.". */
export function linkDomain(url: string): string {
  const host = /^https?:\/\/(?:[^@/?#\s]*@)?([^/?#:\s]+)/i.exec(url)?.[1];
  return host ? host.toLowerCase().replace(/^www\./, "") : displayUrl(url, 40);
}

export interface LinkCard {
  url: string;
  domain: string;
  /** only what the post itself gives (no page is fetched to find it) */
  title: string | null;
  description: string | null;
}

/** The networks that show a card for a post's link when the post has no media. */
export const LINK_CARD_NETWORKS: readonly Platform[] = ["facebook", "linkedin", "twitter"];

/**
 * The card a network shows for the post's link: the shared link of the options (Facebook's link, LinkedIn's
 * article with its title and description) else the first link of the text; none on a network that shows no
 * card, nor when the post has media (the network then shows the media instead).
 */
export function linkCard(platform: Platform, text: string, options: PostOptions, hasMedia: boolean): LinkCard | null {
  if (!LINK_CARD_NETWORKS.includes(platform) || hasMedia) return null;
  const article = platform === "linkedin" ? options.linkedin?.link : undefined;
  const url =
    article?.url ?? (platform === "facebook" ? options.facebook?.link : undefined) ?? findLinks(text)[0]?.url ?? null;
  if (!url) return null;
  return {
    url,
    domain: linkDomain(url),
    title: article?.url === url ? article.title || null : null,
    description: article?.url === url ? article.description || null : null,
  };
}

/** A pin's title as Pinterest gets it: the one chosen, else the start of the text (as the publisher does). */
export const pinTitle = (options: PostOptions, text: string) =>
  options.pinterest?.title || titleFrom(text, PUBLISH_MESSAGES.untitledPin);

/** A video's title as YouTube gets it: the one chosen, else the start of the text (as the publisher does). */
export const videoTitle = (options: PostOptions, text: string) =>
  options.youtube?.title || titleFrom(text, PUBLISH_MESSAGES.untitledVideo);
