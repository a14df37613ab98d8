import { PLATFORM_LABELS, type Post, REVISABLE_STATUSES } from "@app/shared";
import { Clock, Copy, Pencil } from "lucide-react";
import { Link } from "react-router";
import { PermissionHint } from "@/components/permission-hint";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Separator } from "@/components/ui/separator";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { PostComments, PostHistory } from "@/features/approvals/components/post-activity";
import { ReviewActions } from "@/features/approvals/components/review-actions";
import { useCan } from "@/lib/permissions";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { useDuplicateAction } from "../hooks/use-duplicate-post";
import { usePostActions } from "../hooks/use-post-actions";
import { PostMoment } from "./post-moment";
import { SavedPostPreviewButton } from "./post-preview-dialog";
import { PostResults } from "./post-results";
import { PostStatusBadge } from "./post-status-badge";
import { PostVariantTexts } from "./post-variant-texts";

/**
 * A post opened from the calendar (or the approvals queue): its text, when, where, and what each network made
 * of it; Approve and Reject for an approver while it waits; Preview (as each network shows it); Edit; Duplicate
 * (a new draft, opened in the composer); the team's comments and its history. With `loading`, it opens at once
 * and shows its place while the post is read.
 */
export function PostDetailsDialog({
  post,
  loading = false,
  onOpenChange,
}: {
  post: Post | null;
  loading?: boolean;
  onOpenChange(open: boolean): void;
}) {
  const actions = usePostActions();
  const copies = useDuplicateAction();
  const mayDuplicate = useCan("post", "draft");
  const zone = useDisplayTimeZone();
  return (
    <Dialog open={post !== null || loading} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[85svh] overflow-y-auto sm:max-w-lg"
        aria-busy={!post}
        {...(!post && { "aria-describedby": undefined })}
      >
        {!post && (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6">Post</DialogTitle>
            </DialogHeader>
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="h-16" />
          </>
        )}
        {post && (
          <>
            <DialogHeader>
              <DialogTitle className="flex flex-wrap items-center gap-2 pr-6">
                Post <PostStatusBadge status={post.status} />
              </DialogTitle>
              <DialogDescription className="inline-flex items-center gap-1.5">
                <Clock className="size-4" aria-hidden />
                <span>
                  <PostMoment post={post} zone={zone} /> · {post.platforms.map((p) => PLATFORM_LABELS[p]).join(", ")}
                </span>
              </DialogDescription>
            </DialogHeader>
            <p className="whitespace-pre-wrap break-words text-sm">
              {post.content || <span className="text-muted-foreground">(no text)</span>}
              {post.hashtags.length > 0 && (
                <span className="mt-1 block text-primary">{post.hashtags.map((t) => `#${t}`).join(" ")}</span>
              )}
            </p>
            <PostVariantTexts post={post} />
            <PostResults post={post} busy={actions.pendingId === post.id} onRetry={() => actions.retry(post)} />
            <div className="flex flex-wrap gap-2">
              <ReviewActions post={post} />
              <SavedPostPreviewButton post={post} />
              {REVISABLE_STATUSES.includes(post.status) && (
                <Button size="sm" variant="outline" asChild>
                  <Link to={`/create-post?edit=${post.id}`}>
                    <Pencil aria-hidden />
                    Edit
                  </Link>
                </Button>
              )}
              <PermissionHint permission={mayDuplicate}>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={copies.pendingId === post.id || !mayDuplicate.allowed}
                  onClick={() => copies.duplicate(post)}
                >
                  {copies.pendingId === post.id ? (
                    <Spinner className="size-4 text-current" label="Duplicating" />
                  ) : (
                    <Copy aria-hidden />
                  )}
                  Duplicate
                </Button>
              </PermissionHint>
            </div>
            <Separator />
            <PostComments postId={post.id} />
            <Separator />
            <PostHistory postId={post.id} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
