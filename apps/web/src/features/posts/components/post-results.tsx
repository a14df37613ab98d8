import { COMPOSER_MESSAGES as M, PLATFORM_LABELS, type Post, type PostTarget } from "@app/shared";
import { ExternalLink, MessageSquare, RotateCcw } from "lucide-react";
import { PermissionHint } from "@/components/permission-hint";
import { Button } from "@/components/ui/button";
import { useCan } from "@/lib/permissions";

/**
 * What became of a post on each network: the network's reason for each failure, a link to each live post,
 * each first comment's result (posted with its link, failed with the network's reason, or waiting), and Retry
 * failed networks once publishing has ended with failures (for members who may schedule).
 */
export function PostResults({ post, onRetry, busy }: { post: Post; onRetry(): void; busy: boolean }) {
  const retry = useCan("post", "schedule");
  const failures = post.targets.filter((t) => t.lastError);
  const notices = post.targets.filter((t) => t.notice);
  const live = post.targets.filter((t) => t.status === "published" && t.externalUrl);
  const retryable =
    (post.status === "failed" || post.status === "partially_published") &&
    post.targets.some((t) => t.status === "failed" || t.status === "unconfirmed");
  const comments = post.targets.filter((t) => t.firstComment);
  if (failures.length === 0 && notices.length === 0 && live.length === 0 && comments.length === 0) return null;
  return (
    <>
      {failures.length > 0 && (
        <ul className="grid gap-1 text-xs text-destructive">
          {failures.map((t) => (
            <li key={t.id} className="break-words">
              {PLATFORM_LABELS[t.platform]}: {t.lastError}
            </li>
          ))}
        </ul>
      )}
      {notices.length > 0 && (
        <ul className="grid gap-1 text-xs text-muted-foreground" aria-label="Notes from the networks">
          {notices.map((t) => (
            <li key={t.id} className="break-words">
              {PLATFORM_LABELS[t.platform]}: {t.notice}
            </li>
          ))}
        </ul>
      )}
      {live.length > 0 && (
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs" aria-label="Published on">
          {live.map((t) => (
            <li key={t.id}>
              <a
                href={t.externalUrl as string}
                target="_blank"
                rel="noreferrer"
                className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
              >
                View on {PLATFORM_LABELS[t.platform]}
                <ExternalLink className="size-3" aria-hidden />
              </a>
            </li>
          ))}
        </ul>
      )}
      {comments.length > 0 && (
        <ul className="grid gap-1 text-xs" aria-label={M.firstCommentsLabel}>
          {comments.map((t) => (
            <li key={t.id} className="flex min-w-0 items-start gap-1.5">
              <MessageSquare className="mt-px size-3.5 shrink-0 text-muted-foreground" aria-hidden />
              <FirstCommentResult target={t} />
            </li>
          ))}
        </ul>
      )}
      {retryable && (
        <div>
          <PermissionHint permission={retry}>
            <Button size="sm" variant="outline" disabled={busy || !retry.allowed} onClick={onRetry}>
              <RotateCcw aria-hidden />
              Retry failed networks
            </Button>
          </PermissionHint>
        </div>
      )}
    </>
  );
}

/** What became of the first comment on one network. */
function FirstCommentResult({ target }: { target: PostTarget }) {
  const comment = target.firstComment;
  const network = PLATFORM_LABELS[target.platform];
  if (!comment) return null;
  if (comment.status === "posted")
    return comment.url ? (
      <a
        href={comment.url}
        target="_blank"
        rel="noreferrer"
        className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
      >
        {M.firstCommentView(network)}
        <ExternalLink className="size-3" aria-hidden />
      </a>
    ) : (
      <span>{M.firstCommentPosted(network)}</span>
    );
  if (comment.status === "failed")
    return <span className="break-words text-destructive">{M.firstCommentFailed(network, comment.error ?? "")}</span>;
  return <span className="text-muted-foreground">{M.firstCommentPending(network)}</span>;
}
