import type { Post } from "@app/shared";
import { Eye } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useAccounts } from "@/features/accounts/api/get-accounts";
import { useMedia } from "@/features/media/api/get-media";
import { PostPreview, type PostPreviewProps, type PreviewPost } from "./preview/post-preview";

/**
 * The Preview button's dialog: the post as each chosen network will show it (PostPreview, one tab per network).
 * Given `children`, it shows them instead (a preview the caller has built, such as the composer's).
 */
export function PostPreviewDialog({
  open,
  onOpenChange,
  children,
  ...post
}: ({ children: ReactNode } | PostPreviewProps) & {
  open: boolean;
  onOpenChange(open: boolean): void;
  children?: ReactNode;
}) {
  const props = "post" in post ? post : null;
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

/** What a saved post sends: its text, media, options, variants and first comment. */
const previewOf = (post: Post): PreviewPost => ({
  content: post.content,
  hashtags: post.hashtags,
  mentions: post.mentions,
  media: post.media,
  options: post.options,
  variants: post.variants,
  firstComment: post.firstComment,
  facebookPageId: post.facebookPageId,
});

/**
 * A saved post's Preview button: the post as each of its accounts (those still connected) shows it. The library
 * is read once the dialog opens, for the media's pictures.
 */
export function SavedPostPreviewButton({ post }: { post: Post }) {
  const [open, setOpen] = useState(false);
  const accounts = useAccounts();
  const hasMedia = post.media.length > 0 || Object.values(post.variants).some((v) => v.media.length > 0);
  const library = useMedia({ enabled: open && hasMedia });
  const ids = [...new Set(post.targets.map((t) => t.accountId))];
  const chosen = ids.flatMap((id) => accounts.data?.find((a) => a.id === id) ?? []);
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        <Eye aria-hidden />
        Preview
      </Button>
      <PostPreviewDialog
        open={open}
        onOpenChange={setOpen}
        post={previewOf(post)}
        accounts={chosen}
        mediaById={new Map((library.data ?? []).map((m) => [m.id, m]))}
      />
    </>
  );
}
