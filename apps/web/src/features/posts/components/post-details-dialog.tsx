import { PLATFORM_LABELS, type Post, REVISABLE_STATUSES } from "@app/shared";
import { Clock, Pencil } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { usePostActions } from "../hooks/use-post-actions";
import { browserTimeZone, formatPostMoment } from "../utils/format";
import { PostResults } from "./post-results";
import { PostStatusBadge } from "./post-status-badge";

/** A post opened from the calendar: its text, when, where, and what each network made of it. */
export function PostDetailsDialog({ post, onOpenChange }: { post: Post | null; onOpenChange(open: boolean): void }) {
  const actions = usePostActions();
  return (
    <Dialog open={post !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85svh] overflow-y-auto sm:max-w-lg">
        {post && (
          <>
            <DialogHeader>
              <DialogTitle className="flex flex-wrap items-center gap-2 pr-6">
                Post <PostStatusBadge status={post.status} />
              </DialogTitle>
              <DialogDescription className="inline-flex items-center gap-1.5">
                <Clock className="size-4" aria-hidden />
                {formatPostMoment(post)} ({browserTimeZone()}) ·{" "}
                {post.platforms.map((p) => PLATFORM_LABELS[p]).join(", ")}
              </DialogDescription>
            </DialogHeader>
            <p className="whitespace-pre-wrap break-words text-sm">
              {post.content || <span className="text-muted-foreground">(no text)</span>}
              {post.hashtags.length > 0 && (
                <span className="mt-1 block text-primary">{post.hashtags.map((t) => `#${t}`).join(" ")}</span>
              )}
            </p>
            <PostResults post={post} busy={actions.pendingId === post.id} onRetry={() => actions.retry(post)} />
            {REVISABLE_STATUSES.includes(post.status) && (
              <div>
                <Button size="sm" variant="outline" asChild>
                  <Link to={`/create-post?edit=${post.id}`}>
                    <Pencil aria-hidden />
                    Edit
                  </Link>
                </Button>
              </div>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
