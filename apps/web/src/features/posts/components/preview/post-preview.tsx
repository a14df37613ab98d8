import type { MediaFile, PostOptions, PostVariants, SocialAccount } from "@app/shared";

/**
 * What the live preview needs (issue 23): the post as the composer holds it, the chosen accounts, and the
 * library files its media refer to. Everything is computed in the browser, with no request per keystroke.
 */
export interface PreviewPost {
  content: string;
  hashtags: readonly string[];
  mentions: readonly string[];
  media: readonly { id: string; aspectRatio: string }[];
  options: PostOptions;
  variants: PostVariants;
  firstComment: string;
  facebookPageId: string | null;
}

export interface PostPreviewProps {
  post: PreviewPost;
  /** the chosen accounts, in the order chosen: one tab per network */
  accounts: readonly SocialAccount[];
  /** the library's files by id (the post's media refer to them) */
  mediaById: ReadonlyMap<string, MediaFile>;
  /** the Facebook page's name, when one is chosen */
  facebookPageName?: string | null;
  /** the Pinterest board's name, when one is chosen */
  pinterestBoardName?: string | null;
}

/** Placeholder until the preview helper lands: one tab per chosen network, as that network shows the post. */
export function PostPreview(_props: PostPreviewProps) {
  return null;
}
