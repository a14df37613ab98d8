import { UTM_MEDIUM, UTM_SOURCES } from "../constants/campaigns";
import type { Platform } from "../constants/platforms";
import type { PostOptions } from "../schemas/posts";

/** The UTM parameters a campaign's links get on one network. */
export interface Utm {
  /** utm_source: the network (UTM_SOURCES) */
  source: string;
  /** utm_medium: UTM_MEDIUM */
  medium: string;
  /** utm_campaign: the campaign's slug */
  campaign: string;
}

/** The parameters of a campaign's links (its slug) on `platform`. */
export function campaignUtm(platform: Platform, campaignSlug: string): Utm {
  return { source: UTM_SOURCES[platform], medium: UTM_MEDIUM, campaign: campaignSlug };
}

/** An http(s) address with a host: what gets tagged. */
const TAGGABLE = /^https?:\/\/[^/?#\s]+/i;

const decodedName = (pair: string) => {
  const name = pair.split("=", 1)[0] ?? "";
  try {
    return decodeURIComponent(name.replace(/\+/g, " "));
  } catch {
    return name;
  }
};

/** Whether the address's query carries any utm_ parameter (utm_source, utm_content, …; any case). */
export function hasUtm(url: string): boolean {
  const hash = url.indexOf("#");
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const q = beforeHash.indexOf("?");
  if (q === -1) return false;
  return beforeHash
    .slice(q + 1)
    .split("&")
    .some((pair) => decodedName(pair).toLowerCase().startsWith("utm_"));
}

/**
 * The address with utm_source, utm_medium and utm_campaign added to its query: its other parameters and its
 * fragment (#…, kept after the query) stay as written. An address already carrying a utm_ parameter, or one
 * that is not an http(s) address, is returned as it is, so tagging twice changes nothing.
 */
export function tagUrl(url: string, utm: Utm): string {
  if (!TAGGABLE.test(url) || hasUtm(url)) return url;
  const hash = url.indexOf("#");
  const fragment = hash === -1 ? "" : url.slice(hash);
  const beforeHash = hash === -1 ? url : url.slice(0, hash);
  const params = [
    `utm_source=${encodeURIComponent(utm.source)}`,
    `utm_medium=${encodeURIComponent(utm.medium)}`,
    `utm_campaign=${encodeURIComponent(utm.campaign)}`,
  ].join("&");
  const q = beforeHash.indexOf("?");
  let joined: string;
  if (q === -1) joined = `${beforeHash}?${params}`;
  else if (beforeHash.endsWith("?") || beforeHash.endsWith("&")) joined = `${beforeHash}${params}`;
  else joined = `${beforeHash}&${params}`;
  return joined + fragment;
}

/** A link's start: http:// or https:// not glued to a word before it (as in "xhttp://"). */
const LINK = /(?<![\p{L}\p{N}_])https?:\/\/[^\s<>"`{}|\\^]+/giu;
/** Characters that end a sentence or a quotation rather than a link when they come last. */
const TRAILING = new Set([".", ",", ";", ":", "!", "?", "'", "*", "…", "”", "’", "»", "›"]);
const CLOSING: Record<string, string> = { ")": "(", "]": "[" };

const count = (s: string, ch: string) => s.split(ch).length - 1;

/**
 * The link as it ends in the text: sentence punctuation after it ("see https://x.com/a." "… https://x.com!")
 * and a closing bracket it did not open ("(https://x.com/a)") are left out; a bracket it opened stays
 * ("https://en.wikipedia.org/wiki/Tag_(metadata)").
 */
function linkEnd(candidate: string): string {
  let link = candidate;
  for (;;) {
    const last = link.at(-1) ?? "";
    const opener = CLOSING[last];
    if (TRAILING.has(last) || (opener && count(link, last) > count(link, opener))) link = link.slice(0, -1);
    else return link;
  }
}

/** The http(s) links of a text, each with where it starts, as tagLinks finds them. */
export function findLinks(text: string): { index: number; url: string }[] {
  const found: { index: number; url: string }[] = [];
  for (const m of text.matchAll(LINK)) {
    const url = linkEnd(m[0]);
    if (TAGGABLE.test(url)) found.push({ index: m.index, url });
  }
  return found;
}

/**
 * The text with each of its http(s) links tagged (tagUrl): links already carrying a utm_ parameter and
 * everything around the links are left as written. Tagging twice gives the same text.
 */
export function tagLinks(text: string, utm: Utm): string {
  let out = "";
  let from = 0;
  for (const { index, url } of findLinks(text)) {
    out += text.slice(from, index) + tagUrl(url, utm);
    from = index + url.length;
  }
  return out + text.slice(from);
}

/**
 * The post's options with the links a network shares tagged: Facebook's link, Pinterest's destination and
 * LinkedIn's article. Pictures fetched by address (pictureUrl, imageUrl) are files, not links, and stay.
 */
export function tagOptionLinks(options: PostOptions, utm: Utm): PostOptions {
  const { facebook, pinterest, linkedin } = options;
  return {
    ...options,
    ...(facebook?.link && { facebook: { ...facebook, link: tagUrl(facebook.link, utm) } }),
    ...(pinterest?.link && { pinterest: { ...pinterest, link: tagUrl(pinterest.link, utm) } }),
    ...(linkedin?.link && {
      linkedin: { ...linkedin, link: { ...linkedin.link, url: tagUrl(linkedin.link.url, utm) } },
    }),
  };
}
