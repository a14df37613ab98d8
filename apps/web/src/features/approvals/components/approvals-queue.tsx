import { APPROVAL_MESSAGES, type ApprovalItem, PLATFORM_LABELS, type Post } from "@app/shared";
import { ClipboardCheck, Clock, MessageSquare, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { PlatformIcon } from "@/components/platform-icon";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useMedia } from "@/features/media/api/get-media";
import { MediaThumbnail } from "@/features/media/components/media-thumbnail";
import { usePostDetails, usePosts } from "@/features/posts/api/get-posts";
import { PostDetailsDialog } from "@/features/posts/components/post-details-dialog";
import { PostMoment } from "@/features/posts/components/post-moment";
import { PostStatusBadge } from "@/features/posts/components/post-status-badge";
import { useCan } from "@/lib/permissions";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { initials } from "@/lib/utils";
import { useApprovals } from "../api/get-approvals";
import { personName, timeAgo, timeHasPassed } from "../utils/review";
import { ReviewActions } from "./review-actions";

/**
 * The Team screen's Approvals tab. Approvers see the posts waiting for them, oldest submission first, live
 * (the "posts" events read the queue again), each with Approve and Reject and its comments and history a
 * click away. Other members are told what the queue is, and see the workspace's posts waiting for review.
 */
export function ApprovalsQueue() {
  const approver = useCan("post", "approve");
  // The opened post is read whole and follows the stream, so a review made in it shows at once.
  const [openedId, setOpenedId] = useState<string | null>(null);
  const opened = usePostDetails(openedId);
  const open = (post: Post) => setOpenedId(post.id);
  return (
    <>
      {approver.allowed ? <ApproverQueue onOpen={open} /> : <SubmitterView onOpen={open} />}
      <PostDetailsDialog
        post={openedId ? (opened.data ?? null) : null}
        loading={openedId !== null && opened.isPending}
        onOpenChange={(isOpen) => !isOpen && setOpenedId(null)}
      />
    </>
  );
}

function ApproverQueue({ onOpen }: { onOpen(post: Post): void }) {
  const approvals = useApprovals();
  if (approvals.isPending) return <QueueSkeleton />;
  if (approvals.isError)
    return (
      <Alert variant="destructive">
        <TriangleAlert aria-hidden />
        <AlertTitle>Couldn't load the approvals</AlertTitle>
        <AlertDescription>
          <p>{approvals.error.message}</p>
          <div>
            <Button size="sm" variant="outline" onClick={() => void approvals.refetch()}>
              Try again
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  if (approvals.data.length === 0)
    return (
      <EmptyState
        icon={ClipboardCheck}
        title={APPROVAL_MESSAGES.queueEmpty}
        description="Posts your team submits for approval appear here."
      />
    );
  return (
    <ul aria-label="Posts waiting for approval" className="grid gap-3">
      {approvals.data.map((item) => (
        <WaitingPost key={item.post.id} item={item} onOpen={onOpen} reviewable />
      ))}
    </ul>
  );
}

/** For members who do not approve: what the queue is, and the posts waiting for review. */
function SubmitterView({ onOpen }: { onOpen(post: Post): void }) {
  const pending = usePosts({ status: "pending_approval" });
  const list = pending.data ?? [];
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">{APPROVAL_MESSAGES.queueForSubmitters}</p>
      {pending.isPending ? (
        <QueueSkeleton />
      ) : list.length === 0 ? (
        <EmptyState icon={ClipboardCheck} title={APPROVAL_MESSAGES.queueEmpty} />
      ) : (
        <ul aria-label="Posts waiting for approval" className="grid gap-3">
          {list.map((post) => (
            <WaitingPost key={post.id} item={{ post, submittedBy: null, submittedAt: null }} onOpen={onOpen} />
          ))}
        </ul>
      )}
    </div>
  );
}

function QueueSkeleton() {
  return (
    <div className="grid gap-3" role="status" aria-label="Loading approvals">
      <Skeleton className="h-32" />
      <Skeleton className="h-32" />
    </div>
  );
}

/** One waiting post: who submitted it and when, where and when it goes, its text and media, and the review. */
function WaitingPost({
  item,
  onOpen,
  reviewable = false,
}: {
  item: Omit<ApprovalItem, "submittedAt"> & { submittedAt: string | null };
  onOpen(post: Post): void;
  reviewable?: boolean;
}) {
  const { post, submittedBy } = item;
  const passed = timeHasPassed(post);
  const zone = useDisplayTimeZone();
  return (
    <li className="grid min-w-0 gap-3 rounded-lg border bg-card p-4 shadow-sm">
      <div className="flex min-w-0 flex-wrap items-center justify-between gap-2">
        {item.submittedAt ? (
          <div className="flex min-w-0 items-center gap-2">
            <Avatar className="size-8">
              {submittedBy?.image && <AvatarImage src={submittedBy.image} alt="" />}
              <AvatarFallback className="text-xs">{initials(personName(submittedBy))}</AvatarFallback>
            </Avatar>
            <p className="min-w-0 text-sm">
              <span className="font-medium">{personName(submittedBy)}</span>{" "}
              <span className="text-muted-foreground">
                submitted <time dateTime={item.submittedAt}>{timeAgo(item.submittedAt)}</time>
              </span>
            </p>
          </div>
        ) : (
          <span />
        )}
        <PostStatusBadge status={post.status} />
      </div>

      <p className="whitespace-pre-wrap break-words text-sm">
        {post.content || <span className="text-muted-foreground">(no text)</span>}
        {post.hashtags.length > 0 && (
          <span className="mt-1 block text-primary">{post.hashtags.map((t) => `#${t}`).join(" ")}</span>
        )}
      </p>
      <PostMediaStrip post={post} />

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
        <span
          className={passed ? "inline-flex items-center gap-1.5 text-destructive" : "inline-flex items-center gap-1.5"}
        >
          <Clock className="size-4" aria-hidden />
          <span>
            <PostMoment post={post} zone={zone} />
            {passed && " · time passed"}
          </span>
        </span>
        <span className="inline-flex flex-wrap items-center gap-1">
          {post.platforms.map((p) => (
            <span key={p} className="inline-flex items-center gap-1 rounded-full border py-0.5 pl-0.5 pr-2 text-xs">
              <PlatformIcon platform={p} size="sm" className="size-5 rounded-full text-[0.55rem]" />
              {PLATFORM_LABELS[p]}
            </span>
          ))}
        </span>
      </div>

      <div className="flex flex-wrap gap-2">
        {reviewable && <ReviewActions post={post} />}
        <Button size="sm" variant="ghost" onClick={() => onOpen(post)}>
          <MessageSquare aria-hidden />
          Comments and history
        </Button>
      </div>
    </li>
  );
}

/** The post's pictures and videos, small, from the workspace's library. */
function PostMediaStrip({ post }: { post: Post }) {
  const library = useMedia({ enabled: post.media.length > 0 });
  const files = post.media.flatMap((m) => library.data?.find((f) => f.id === m.id) ?? []);
  if (files.length === 0) return null;
  return (
    <ul aria-label="Media" className="flex flex-wrap gap-2">
      {files.map((file) => (
        <li key={file.id} className="size-16 overflow-hidden rounded-md border bg-muted">
          <MediaThumbnail file={file} />
        </li>
      ))}
    </ul>
  );
}
