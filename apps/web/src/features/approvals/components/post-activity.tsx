import { APPROVAL_MESSAGES, createCommentBodySchema } from "@app/shared";
import { MessageSquare } from "lucide-react";
import { useId, useState } from "react";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { APPROVAL_TONE } from "@/features/posts/components/post-status-badge";
import { formatDateTime } from "@/lib/time-zone";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { initials } from "@/lib/utils";
import { useAddComment, usePostComments, usePostHistory } from "../api/post-activity";
import { HISTORY_LABELS, personName } from "../utils/review";

/** The post's internal thread, oldest first, with a box to add to it. Live: "comments" events refetch it. */
export function PostComments({ postId }: { postId: string }) {
  const id = useId();
  const comments = usePostComments(postId);
  const add = useAddComment(postId);
  const zone = useDisplayTimeZone();
  const [body, setBody] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const send = () => {
    const parsed = createCommentBodySchema.safeParse({ body });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? APPROVAL_MESSAGES.commentRequired);
      return;
    }
    setProblem(null);
    add.mutate(parsed.data, {
      onSuccess: () => setBody(""),
      onError: (err) => setProblem(`${APPROVAL_MESSAGES.commentFailed} ${err.message}`),
    });
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        Comments
      </h3>
      {comments.isPending ? (
        <Skeleton className="h-12" />
      ) : comments.isError ? (
        <p className="text-sm text-destructive">{comments.error.message}</p>
      ) : comments.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet.</p>
      ) : (
        <ol className="grid gap-3" aria-label="Comments">
          {comments.data.map((c) => (
            <li key={c.id} className="flex min-w-0 gap-2">
              <Avatar className="size-7">
                {c.author?.image && <AvatarImage src={c.author.image} alt="" />}
                <AvatarFallback className="text-[0.65rem]">{initials(personName(c.author))}</AvatarFallback>
              </Avatar>
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                  <span className="font-medium text-foreground">{personName(c.author)}</span>
                  <time dateTime={c.createdAt}>{formatDateTime(c.createdAt, zone)}</time>
                  {c.kind === "rejection" && (
                    <Badge variant="outline" className={APPROVAL_TONE}>
                      Changes requested
                    </Badge>
                  )}
                </p>
                <p className="whitespace-pre-wrap break-words text-sm">{c.body}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
      <form
        noValidate
        className="grid gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <label htmlFor={`${id}-body`} className="sr-only">
          Add a comment
        </label>
        <Textarea
          id={`${id}-body`}
          rows={2}
          placeholder="Add a comment for your team"
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        )}
        <div>
          <Button type="submit" size="sm" variant="outline" disabled={add.isPending}>
            {add.isPending ? (
              <Spinner className="size-4 text-current" label="Sending" />
            ) : (
              <MessageSquare aria-hidden />
            )}
            Comment
          </Button>
        </div>
      </form>
    </section>
  );
}

/** What happened to the post, by whom and when, oldest first. */
export function PostHistory({ postId }: { postId: string }) {
  const id = useId();
  const history = usePostHistory(postId);
  const zone = useDisplayTimeZone();
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        History
      </h3>
      {history.isPending ? (
        <Skeleton className="h-12" />
      ) : history.isError ? (
        <p className="text-sm text-destructive">{history.error.message}</p>
      ) : (
        <ol className="grid gap-2 border-l pl-4" aria-label="History">
          {history.data.map((entry) => (
            <li key={entry.id} className="relative grid min-w-0 gap-0.5 text-sm">
              <span
                aria-hidden
                className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-muted-foreground/60"
              />
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="font-medium">{HISTORY_LABELS[entry.action]}</span>
                <span className="text-xs text-muted-foreground">
                  {entry.actor ? `by ${personName(entry.actor)} · ` : ""}
                  <time dateTime={entry.at}>{formatDateTime(entry.at, zone)}</time>
                </span>
              </p>
              {entry.detail && (
                <p className="whitespace-pre-wrap break-words text-xs text-muted-foreground">{entry.detail}</p>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
