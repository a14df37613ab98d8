import type { SocialAccount } from "@app/shared";
import type { ReactNode } from "react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { PostPreview, type PostPreviewProps } from "./preview/post-preview";

/** A caller that holds only the text: the preview shows it with no media, options or first comment. */
interface TextOnly {
  accounts: SocialAccount[];
  content: string;
  hashtags: string[];
  twitterThread: boolean;
  /** links are shown as written (the preview does not show UTM tagging) */
  utmCampaign?: string | null;
}

const NO_MEDIA: PostPreviewProps["mediaById"] = new Map();

/**
 * The Preview button's dialog: the post as each chosen network will show it (PostPreview, one tab per network).
 * Given `children`, it shows them instead (a preview the caller has built, such as the composer's).
 */
export function PostPreviewDialog({
  open,
  onOpenChange,
  children,
  ...post
}: ({ children: ReactNode } | PostPreviewProps | TextOnly) & {
  open: boolean;
  onOpenChange(open: boolean): void;
  children?: ReactNode;
}) {
  const props: PostPreviewProps | null =
    "post" in post
      ? post
      : !("content" in post)
        ? null
        : {
            accounts: post.accounts,
            mediaById: NO_MEDIA,
            post: {
              content: post.content,
              hashtags: post.hashtags,
              mentions: [],
              media: [],
              options: { twitter: { thread: post.twitterThread } },
              variants: {},
              firstComment: "",
              facebookPageId: null,
            },
          };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90svh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Post Preview</DialogTitle>
          <DialogDescription>How your post will look on each network you chose.</DialogDescription>
        </DialogHeader>
        {children ?? (props && <PostPreview {...props} />)}
      </DialogContent>
    </Dialog>
  );
}
