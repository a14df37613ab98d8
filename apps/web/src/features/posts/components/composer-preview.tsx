import type { MediaFile, Platform, SocialAccount } from "@app/shared";
import { useDeferredValue } from "react";
import { chosenVariants } from "../utils/network-text";
import { type PostFormValues, postOptions } from "../utils/post-form";
import { PostPreview, type PreviewPost } from "./preview/post-preview";

/**
 * The composer's live preview (issue 23): the form's values as each chosen network will show them, its own text
 * where it has one. Everything is computed from what the composer already holds: typing sends no request.
 */
export function ComposerPreview({
  values,
  accounts,
  platforms,
  mediaById,
  utmCampaign,
}: {
  values: PostFormValues;
  /** the chosen accounts */
  accounts: SocialAccount[];
  platforms: Platform[];
  mediaById: ReadonlyMap<string, MediaFile>;
  /** the campaign's slug when it tags links (the preview shows them as they go out) */
  utmCampaign: string | null;
}) {
  // Typing stays quick on a slow device: the preview may follow a moment behind.
  const shown = useDeferredValue(values);
  const post: PreviewPost = {
    content: shown.content,
    hashtags: shown.hashtags,
    mentions: shown.mentions,
    media: shown.media,
    options: postOptions(shown, platforms),
    variants: chosenVariants(shown.variants, platforms),
    firstComment: shown.firstComment,
    facebookPageId: platforms.includes("facebook") ? shown.facebookPageId : null,
    utmCampaign,
  };
  return <PostPreview post={post} accounts={accounts} mediaById={mediaById} />;
}
