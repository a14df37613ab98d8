/**
 * Where a network's feed folds a long text behind its "more" link, as the live preview shows it (issue 23).
 * The networks publish no exact rule and fold at whichever comes first, a number of characters or of lines, so
 * these are the figures they and the tools built on them give:
 * - Facebook: about 477 characters on the desktop feed before "See more" (the figure social media character
 *   counters and scheduling tools give; the mobile app folds earlier), about 5 lines.
 * - Instagram: "only the first three lines of a caption will be displayed … we recommend a caption of 125
 *   characters or fewer" (Instagram Help Center, "Why doesn't my entire caption display in feed?").
 * - LinkedIn: about 210 characters or 3 lines before "…see more" (LinkedIn's feed on desktop, the figure
 *   LinkedIn's marketing guides and the scheduling tools use).
 */
export const PREVIEW_FOLDS = {
  facebook: { characters: 477, lines: 5, more: "See more" },
  instagram: { characters: 125, lines: 3, more: "more" },
  linkedin: { characters: 210, lines: 3, more: "see more" },
} as const satisfies Record<string, PreviewFold>;

export interface PreviewFold {
  /** the text is cut after this many characters (code points) … */
  characters: number;
  /** … or at the end of this many lines, whichever comes first */
  lines: number;
  /** the words of the link that unfolds it, after "…" */
  more: string;
}

export type FoldedNetwork = keyof typeof PREVIEW_FOLDS;

/** A network's fold moves back to the last space when it falls within this many characters of a word's start. */
export const FOLD_WORD_BACKOFF = 20;

/** How many media each network's post shows in its grid; the rest are counted ("+2"). */
export const PREVIEW_GRID_MAX = { twitter: 4, facebook: 5, linkedin: 4 } as const;
