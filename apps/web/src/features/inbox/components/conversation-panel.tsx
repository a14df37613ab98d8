import {
  INBOX_MESSAGES,
  INBOX_NETWORKS,
  type InboxConversationDetail,
  type InboxMessage,
  PLATFORM_LABELS,
} from "@app/shared";
import { CheckCheck, CircleAlert, ExternalLink, MailWarning, RotateCcw, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { PlatformIcon } from "@/components/platform-icon";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Separator } from "@/components/ui/separator";
import { Skeleton } from "@/components/ui/skeleton";
import { useWorkspace } from "@/features/team/api/workspace";
import { ApiError } from "@/lib/api-client";
import { useCan } from "@/lib/permissions";
import { cn } from "@/lib/utils";
import { useConversation } from "../api/get-inbox";
import { useMarkConversationRead, useUpdateConversation } from "../api/inbox-mutations";
import { authorLabel } from "../utils/format";
import { ConversationNotes } from "./conversation-notes";
import { MessageThread } from "./message-thread";
import { ReplyBox } from "./reply-box";

/** Who the conversation is assigned to: any member of the workspace, or nobody. */
function AssigneeSelect({ conversation }: { conversation: InboxConversationDetail }) {
  const id = useId();
  const workspace = useWorkspace();
  const update = useUpdateConversation();
  const members = workspace.data?.members ?? [];
  const current = conversation.assignee;
  const listed = current && !members.some((m) => m.id === current.id);
  return (
    <div className="grid min-w-0 gap-1.5 sm:w-56">
      <Label htmlFor={id}>Assigned to</Label>
      <NativeSelect
        id={id}
        value={current?.id ?? ""}
        disabled={update.isPending || !workspace.data}
        onChange={(e) =>
          update.mutate(
            { id: conversation.id, assigneeId: e.target.value || null },
            { onError: (err) => toast.error(err.message) },
          )
        }
      >
        <option value="">Nobody</option>
        {listed && <option value={current.id}>{current.name || current.email}</option>}
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name || m.email}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

function PanelSkeleton() {
  return (
    <div className="grid gap-3 p-4" role="status" aria-busy="true">
      <span className="sr-only">Loading the conversation</span>
      <Skeleton className="h-6 w-2/3" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="ml-10 h-16" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}

/**
 * One conversation opened: its post and account, Mark done / Reopen, Assign, Mark unread, every message as a
 * thread with the actions the network and the role allow, the replies on their way, the reply box and the
 * internal notes. Opening it marks it read for the member.
 */
export function ConversationPanel({
  id,
  onClose,
  showClose = true,
  titleId,
}: {
  id: string;
  onClose(): void;
  /** a close button of its own (a dialog around it has one already) */
  showClose?: boolean;
  /** the id its heading takes (a dialog names itself with it) */
  titleId?: string;
}) {
  const fallbackTitleId = useId();
  const headingId = titleId ?? fallbackTitleId;
  const query = useConversation(id);
  const update = useUpdateConversation();
  const read = useMarkConversationRead();
  const [replyTo, setReplyTo] = useState<InboxMessage | null>(null);
  const replyPermission = useCan("inbox", "reply");
  const replyBox = useRef<HTMLDivElement>(null);
  const c = query.data;

  // Opening marks it read, and so does a new message arriving while it is open: once for each newest message
  // (marking it unread again closes it).
  const markedFor = useRef<string | null>(null);
  const { mutate: markRead } = read;
  useEffect(() => {
    if (!c || c.id !== id || !c.unread) return;
    const seen = `${id}:${c.latest.id}`;
    if (markedFor.current === seen) return;
    markedFor.current = seen;
    markRead({ id, read: true });
  }, [c, id, markRead]);

  if (query.isPending) return <PanelSkeleton />;
  if (!c) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="grid gap-3 p-4">
        <h2 id={headingId} className="sr-only">
          Conversation
        </h2>
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>
            <p>{missing ? INBOX_MESSAGES.conversationNotFound : INBOX_MESSAGES.loadFailed}</p>
            <div className="flex gap-2">
              {!missing && (
                <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
                  Try again
                </Button>
              )}
              <Button variant="outline" size="sm" onClick={onClose}>
                Close
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      </div>
    );
  }

  const network = PLATFORM_LABELS[c.account.platform];
  const done = c.status === "done";
  const setStatus = () =>
    update.mutate(
      { id: c.id, status: done ? "open" : "done" },
      {
        onSuccess: () => toast.success(done ? INBOX_MESSAGES.reopened : INBOX_MESSAGES.markedDone),
        onError: (err) => toast.error(err.message),
      },
    );
  const markUnread = () =>
    read.mutate({ id: c.id, read: false }, { onSuccess: onClose, onError: (err) => toast.error(err.message) });

  return (
    <div className="grid min-w-0 gap-4 p-4">
      <header className="flex min-w-0 items-start gap-3">
        <PlatformIcon platform={c.account.platform} labelled />
        <div className="grid min-w-0 flex-1 gap-1">
          <h2 id={headingId} className="break-words text-base font-semibold leading-snug">
            {c.kind === "mention" ? "Mention by" : "Comment by"} {authorLabel(c.first.author)}
          </h2>
          <p className="truncate text-xs text-muted-foreground">
            {network} · {c.account.name}
          </p>
          {c.post && (
            <p className="line-clamp-2 break-words border-l-2 pl-2 text-sm text-muted-foreground">
              <span className="sr-only">On the post: </span>“{c.post.excerpt || "A post without text"}”
            </p>
          )}
          {c.post && (c.post.id || c.post.url) && (
            <p className="flex flex-wrap gap-x-3 text-xs">
              {c.post.id && (
                <Link
                  to={`/scheduler?post=${encodeURIComponent(c.post.id)}`}
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Open the post
                </Link>
              )}
              {c.post.url && (
                <a
                  href={c.post.url}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
                >
                  View on {network} <ExternalLink className="size-3" aria-hidden />
                </a>
              )}
            </p>
          )}
        </div>
        <Badge variant={done ? "secondary" : "outline"} className="shrink-0">
          {done ? "Done" : "Open"}
        </Badge>
        {showClose && (
          <Button
            variant="ghost"
            size="icon"
            className="-mr-2 -mt-1 size-8 shrink-0"
            onClick={onClose}
            aria-label="Close the conversation"
          >
            <X aria-hidden />
          </Button>
        )}
      </header>

      <div className="flex flex-wrap items-end gap-2">
        <AssigneeSelect conversation={c} />
        <Button variant={done ? "outline" : "default"} onClick={setStatus} disabled={update.isPending}>
          {done ? <RotateCcw aria-hidden /> : <CheckCheck aria-hidden />}
          {done ? "Reopen" : "Mark done"}
        </Button>
        <Button variant="ghost" onClick={markUnread} disabled={read.isPending}>
          <MailWarning aria-hidden /> Mark unread
        </Button>
      </div>

      <Separator />
      <MessageThread
        conversation={c}
        canReply={replyPermission.allowed && INBOX_NETWORKS[c.account.platform].reply}
        onReplyTo={(m) => {
          setReplyTo(m);
          replyBox.current?.querySelector("textarea")?.focus();
        }}
      />
      <div
        ref={replyBox}
        className={cn(replyTo && "rounded-lg ring-2 ring-primary/30 ring-offset-2 ring-offset-background")}
      >
        <ReplyBox conversation={c} replyTo={replyTo} onCancelReplyTo={() => setReplyTo(null)} />
      </div>
      <Separator />
      <ConversationNotes conversation={c} />
    </div>
  );
}
