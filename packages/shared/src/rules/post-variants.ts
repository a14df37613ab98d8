import { PLATFORMS, type Platform } from "../constants/platforms";

/**
 * Text per network (issue 23, "customize for this network"): a network with a variant receives the variant's
 * text, hashtags and media instead of the post's common ones. One home for "what does this network get", used by
 * the rules (each network's counter and limits apply to its own text), the preview and publishing.
 */

/** The text, hashtags and media one network receives; `M` is how a media file is known where it is used. */
export interface PostContent<M> {
  content: string;
  hashtags: readonly string[];
  media: readonly M[];
}

/** A post with its common content and the networks given their own. */
export interface VariedPost<M> extends PostContent<M> {
  variants?: Partial<Record<Platform, PostContent<M>>> | null;
}

/** What `platform` receives of the post: its variant when it has one, else the common content. */
export function contentFor<M>(post: VariedPost<M>, platform: Platform): PostContent<M> {
  const own = post.variants?.[platform];
  if (own) return { content: own.content, hashtags: own.hashtags, media: own.media };
  return { content: post.content, hashtags: post.hashtags, media: post.media };
}

/** One version of a post and the networks that receive it. */
export interface PostVersion<M> extends PostContent<M> {
  /** the network whose own version it is; null for the common one */
  network: Platform | null;
  platforms: Platform[];
}

/**
 * The versions of a post going to `platforms`: first the common one (with the networks that have no variant of
 * their own; with none when every network has its own), then each chosen network's variant, in PLATFORMS order.
 * Variants of networks not chosen are left out (see variantsNotChosen).
 */
export function versionsOf<M>(post: VariedPost<M>, platforms: readonly Platform[]): PostVersion<M>[] {
  const chosen = PLATFORMS.filter((p) => platforms.includes(p));
  const versions: PostVersion<M>[] = [
    {
      network: null,
      platforms: chosen.filter((p) => !post.variants?.[p]),
      content: post.content,
      hashtags: post.hashtags,
      media: post.media,
    },
  ];
  for (const p of chosen) {
    const own = post.variants?.[p];
    if (own)
      versions.push({ network: p, platforms: [p], content: own.content, hashtags: own.hashtags, media: own.media });
  }
  return versions;
}

/** The networks given a variant that are not among the post's networks (a save with one is refused). */
export function variantsNotChosen(
  variants: VariedPost<unknown>["variants"],
  platforms: readonly Platform[],
): Platform[] {
  return PLATFORMS.filter((p) => variants?.[p] && !platforms.includes(p));
}
