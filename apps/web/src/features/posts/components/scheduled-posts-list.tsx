import { PLATFORM_LABELS, POST_MESSAGES, type Post } from "@app/shared";
import { CalendarX2, Clock, Pencil, Send, Trash2, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { PlatformIcon } from "@/components/platform-icon";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { usePosts } from "../api/get-posts";
import { usePostActions } from "../hooks/use-post-actions";
import { browserTimeZone, formatPostMoment } from "../utils/format";
import { PostResults } from "./post-results";
import { PostStatusBadge } from "./post-status-badge";

type Question = { kind: "publish" | "delete"; post: Post } | null;

/** Posts shown at first (a busy month may hold thousands); more on request. */
const PAGE_SIZE = 20;

/** Every post of the user, soonest first, with Publish now and Delete for the scheduled ones. */
export function ScheduledPostsList({ enabled = true }: { enabled?: boolean }) {
  const posts = usePosts({}, { enabled });
  const actions = usePostActions();
  const [question, setQuestion] = useState<Question>(null);
  const [shown, setShown] = useState(PAGE_SIZE);
  const list = posts.data ?? [];
  const zone = browserTimeZone();

  useEffect(() => {
    if (posts.isError)
      toast.error(POST_MESSAGES.listFailedTitle, { id: "posts-list-failed", description: POST_MESSAGES.listFailed });
  }, [posts.isError]);

  const answer = () => {
    if (!question) return;
    if (question.kind === "publish") actions.publish(question.post);
    else actions.remove(question.post);
    setQuestion(null);
  };

  return (
    <Card className="min-w-0">
      <CardHeader>
        <h2 className="font-semibold leading-none tracking-tight">Scheduled Posts ({list.length})</h2>
        <CardDescription>Times are shown in your time zone, {zone}.</CardDescription>
      </CardHeader>
      <CardContent>
        {posts.isError && list.length === 0 && (
          <Alert variant="destructive">
            <TriangleAlert aria-hidden />
            <AlertTitle>{POST_MESSAGES.listFailed}</AlertTitle>
            <AlertDescription>
              <div>
                <Button size="sm" variant="outline" onClick={() => void posts.refetch()}>
                  Try again
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        )}
        {posts.isPending ? (
          <div className="grid gap-3">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : list.length === 0 ? (
          !posts.isError && (
            <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center">
              <CalendarX2 className="size-6 text-muted-foreground" aria-hidden />
              <p className="font-medium">No scheduled posts</p>
              <p className="text-sm text-muted-foreground">Posts you schedule or save as drafts appear here.</p>
            </div>
          )
        ) : (
          <ul className="grid gap-3" aria-label="Scheduled posts">
            {list.slice(0, shown).map((post) => {
              const pending = actions.pendingId === post.id;
              return (
                <li key={post.id} className="grid min-w-0 gap-3 rounded-lg border p-4">
                  <div className="flex min-w-0 flex-wrap items-start justify-between gap-2">
                    <p className="min-w-0 flex-1 whitespace-pre-wrap break-words text-sm">
                      {post.content || <span className="text-muted-foreground">(no text)</span>}
                      {post.hashtags.length > 0 && (
                        <span className="mt-1 block text-primary">{post.hashtags.map((t) => `#${t}`).join(" ")}</span>
                      )}
                    </p>
                    <PostStatusBadge status={post.status} />
                  </div>
                  <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
                    <span className="inline-flex items-center gap-1.5">
                      <Clock className="size-4" aria-hidden />
                      {formatPostMoment(post)} ({zone})
                    </span>
                    <span className="inline-flex flex-wrap items-center gap-1">
                      {post.platforms.map((p) => (
                        <span
                          key={p}
                          className="inline-flex items-center gap-1 rounded-full border py-0.5 pl-0.5 pr-2 text-xs"
                        >
                          <PlatformIcon platform={p} size="sm" className="size-5 rounded-full text-[0.55rem]" />
                          {PLATFORM_LABELS[p]}
                        </span>
                      ))}
                    </span>
                    {post.facebookPageId && <span className="text-xs">Facebook page: {post.facebookPageId}</span>}
                  </div>
                  <PostResults post={post} busy={pending} onRetry={() => actions.retry(post)} />
                  {(post.status === "scheduled" || post.status === "draft") && (
                    <div className="flex flex-wrap gap-2">
                      <Button size="sm" variant="outline" asChild>
                        <Link
                          to={`/create-post?edit=${post.id}`}
                          aria-label={`Edit post: ${post.content.slice(0, 40)}`}
                        >
                          <Pencil aria-hidden />
                          Edit
                        </Link>
                      </Button>
                      {post.status === "scheduled" && (
                        <>
                          <Button
                            size="sm"
                            variant="outline"
                            disabled={pending}
                            onClick={() => setQuestion({ kind: "publish", post })}
                          >
                            {pending ? (
                              <Spinner className="size-4 text-current" label="Working" />
                            ) : (
                              <Send aria-hidden />
                            )}
                            Publish now
                          </Button>
                          <Button
                            size="sm"
                            variant="outline"
                            className="text-destructive hover:text-destructive"
                            disabled={pending}
                            onClick={() => setQuestion({ kind: "delete", post })}
                          >
                            <Trash2 aria-hidden />
                            Delete
                          </Button>
                        </>
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {list.length > shown && (
          <div className="mt-4 flex justify-center">
            <Button variant="outline" onClick={() => setShown((n) => n + PAGE_SIZE)}>
              Show more ({list.length - shown} more)
            </Button>
          </div>
        )}
      </CardContent>
      <ConfirmDialog
        open={question !== null}
        onOpenChange={(open) => !open && setQuestion(null)}
        title={question?.kind === "delete" ? POST_MESSAGES.confirmDelete : POST_MESSAGES.confirmPublish}
        confirmLabel={question?.kind === "delete" ? "Delete" : "Publish now"}
        destructive={question?.kind === "delete"}
        onConfirm={answer}
      />
    </Card>
  );
}
