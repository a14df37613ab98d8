import {
  campaignUtm,
  FIRST_COMMENT_NETWORKS,
  type FirstCommentNetwork,
  INBOX_REPLY_MAX_LENGTH,
  PLATFORMS,
  type Platform,
  type PostMedia,
  type TextBudget,
  tagLinks,
  textLength,
} from "@app/shared";

/**
 * The composer's text per network (issue 23): the common text, hashtags and media go to every chosen network,
 * except those the user gave their own ("Customize for this network"). The form keeps a network's own text even
 * while the network is unselected, so nothing typed is lost; a save sends only the chosen networks' own texts.
 */

/** One network's own text, as the form holds it. */
export interface FormVariant {
  content: string;
  hashtags: string[];
  media: PostMedia[];
}
export type FormVariants = Partial<Record<Platform, FormVariant>>;

/** The composer's text tabs: "all" edits the common text; a network edits its own. */
export type TextTab = "all" | Platform;

interface VariedValues {
  content: string;
  hashtags: string[];
  media: PostMedia[];
  variants: FormVariants;
}

/** The chosen networks with their own text, in the order of PLATFORMS. */
export const customizedNetworks = (variants: FormVariants, platforms: readonly Platform[]): Platform[] =>
  PLATFORMS.filter((p) => platforms.includes(p) && variants[p]);

/** The chosen networks that receive the common text. */
export const commonNetworks = (variants: FormVariants, platforms: readonly Platform[]): Platform[] =>
  PLATFORMS.filter((p) => platforms.includes(p) && !variants[p]);

/** The tab shown: the one picked while its network is chosen and has its own text, else the common text. */
export const shownTab = (tab: TextTab, variants: FormVariants, platforms: readonly Platform[]): TextTab =>
  tab !== "all" && platforms.includes(tab) && variants[tab] ? tab : "all";

/** The form fields a tab edits. */
export function tabFields(tab: TextTab) {
  if (tab === "all") return { content: "content", hashtags: "hashtags", media: "media" } as const;
  return {
    content: `variants.${tab}.content`,
    hashtags: `variants.${tab}.hashtags`,
    media: `variants.${tab}.media`,
  } as const;
}

/** What a tab shows: the common text, or the network's own. */
export function tabText(values: VariedValues, tab: TextTab): FormVariant {
  const own = tab === "all" ? undefined : values.variants[tab];
  return own ?? { content: values.content, hashtags: values.hashtags, media: values.media };
}

/** "Customize for this network": the network's own copy of the common text, hashtags and media to start from. */
export const customize = (values: VariedValues, platform: Platform): FormVariants => ({
  ...values.variants,
  [platform]: { content: values.content, hashtags: [...values.hashtags], media: values.media.map((m) => ({ ...m })) },
});

/** "Use the common text": the network's own text is dropped. */
export function withoutVariant(variants: FormVariants, platform: Platform): FormVariants {
  const { [platform]: _dropped, ...rest } = variants;
  return rest;
}

/** The own texts of the chosen networks only: the server refuses one for a network the post does not go to. */
export const chosenVariants = (variants: FormVariants, platforms: readonly Platform[]): FormVariants =>
  Object.fromEntries(customizedNetworks(variants, platforms).map((p) => [p, variants[p]]));

/** Every media file the post refers to, common or a network's own (the library's facts are needed for each). */
export const allMediaIds = (values: Pick<VariedValues, "media" | "variants">): string[] => [
  ...new Set([...values.media, ...Object.values(values.variants).flatMap((v) => v?.media ?? [])].map((m) => m.id)),
];

/** The chosen networks a first comment is posted on. */
export const firstCommentNetworks = (platforms: readonly Platform[]): FirstCommentNetwork[] =>
  FIRST_COMMENT_NETWORKS.filter((p) => platforms.includes(p));

/** The first comment's counter: the network with the least room left for it, each counting as it does. */
export function firstCommentBudget(
  text: string,
  networks: readonly FirstCommentNetwork[],
  /** the campaign's slug when it tags links: each network counts the comment with its links tagged */
  utmCampaign: string | null = null,
): TextBudget | null {
  let tightest: TextBudget | null = null;
  for (const p of networks) {
    const limit = INBOX_REPLY_MAX_LENGTH[p];
    const sent = utmCampaign ? tagLinks(text.trim(), campaignUtm(p, utmCampaign)) : text.trim();
    const length = textLength(p, sent);
    if (!tightest || limit - length < tightest.remaining)
      tightest = { platform: p, limit, length, remaining: limit - length };
  }
  return tightest;
}
