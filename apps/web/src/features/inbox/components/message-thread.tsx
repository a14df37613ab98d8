import {
  INBOX_MESSAGES,
  type InboxConversationDetail,
  type InboxMessage,
  type InboxMessageAction,
  type InboxReply,
  PLATFORM_LABELS,
} from "@app/shared";
import { EyeOff, Heart, Reply, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { MemberAvatar } from "@/features/team/components/member-avatar";
import { useCan } from "@/lib/permissions";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { cn } from "@/lib/utils";
import { useMessageAction } from "../api/inbox-mutations";
import { authorLabel, formatWhen } from "../utils/format";
import { ACTION_LABELS, actionsFor, REPLY_STATUS_LABELS, repliesInFlight, threadOf } from "../utils/thread";
import { AuthorAvatar } from "./author-avatar";

const ACTION_ICONS = { like: Heart, unlike: Heart, hide: EyeOff, unhide: EyeOff, delete: Trash2 } as const;

function MessageItem({
  message,
  depth,
  answers,
  conversation,
  canReply,
  onReplyTo,
}: {
  message: InboxMessage;
  depth: 0 | 1;
  answers: InboxMessage | null;
  conversation: InboxConversationDetail;
  /** the reply box is there and the member may use it */
  canReply: boolean;
  onReplyTo(message: InboxMessage): void;
}) {
  const zone = useDisplayTimeZone();
  const moderate = useCan("inbox", "moderate");
  const act = useMessageAction();
  const [confirming, setConfirming] = useState(false);
  const platform = conversation.account.platform;
  const network = PLATFORM_LABELS[platform];
  const own = message.direction === "outbound";
  const when = formatWhen(message.writtenAt, zone);
  const actions = moderate.allowed ? actionsFor(message, platform) : [];
  const author = own ? conversation.account.name : authorLabel(message.author);

  const run = (action: InboxMessageAction) =>
    act.mutate(
      { conversationId: conversation.id, messageId: message.id, action },
      { onError: (err) => toast.error(err.message) },
    );

  return (
    <li className={cn("min-w-0", depth === 1 && "ml-6 sm:ml-10")}>
      <article
        aria-label={`${own ? "Reply from" : "Message from"} ${author}`}
        className={cn(
          "flex min-w-0 gap-3 rounded-lg border p-3",
          own ? "border-primary/30 bg-primary/5" : "bg-card",
          (message.hidden || message.deleted) && "opacity-75",
        )}
      >
        <AuthorAvatar author={message.author} className="size-8" />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex min-w-0 flex-wrap items-baseline gap-x-2 gap-y-1">
            <span className="min-w-0 truncate text-sm font-medium">{author}</span>
            {own && <Badge variant="secondary">Your account</Badge>}
            {message.hidden && (
              <Badge variant="outline" className="gap-1">
                <EyeOff className="size-3" aria-hidden /> Hidden
              </Badge>
            )}
            {message.deleted && <Badge variant="outline">Deleted</Badge>}
            {message.liked && (
              <Badge variant="outline" className="gap-1">
                <Heart className="size-3 fill-current text-rose-600 dark:text-rose-400" aria-hidden /> Liked
              </Badge>
            )}
            <time dateTime={message.writtenAt} title={when.title} className="ml-auto text-xs text-muted-foreground">
              {when.text}
            </time>
          </div>
          {answers && (
            <p className="truncate text-xs text-muted-foreground">In reply to {authorLabel(answers.author)}</p>
          )}
          {message.deleted ? (
            <p className="text-sm italic text-muted-foreground">
              This comment was deleted<span className="sr-only">: {message.text}</span>.
            </p>
          ) : (
            <p className="whitespace-pre-wrap break-words text-sm">{message.text}</p>
          )}
          {(canReply || actions.length > 0 || message.url) && !message.deleted && (
            <div className="-ml-2 flex flex-wrap items-center gap-1">
              {canReply && (
                <Button variant="ghost" size="sm" onClick={() => onReplyTo(message)}>
                  <Reply aria-hidden /> Reply
                </Button>
              )}
              {actions.map((action) => {
                const Icon = ACTION_ICONS[action];
                const busy = act.isPending && act.variables?.action === action;
                return (
                  <Button
                    key={action}
                    variant="ghost"
                    size="sm"
                    disabled={act.isPending}
                    aria-label={`${ACTION_LABELS[action]} on ${network}: ${author}`}
                    className={cn(action === "delete" && "text-destructive hover:text-destructive")}
                    onClick={() => (action === "delete" ? setConfirming(true) : run(action))}
                  >
                    {busy ? <Spinner className="size-4 text-current" label="Working" /> : <Icon aria-hidden />}
                    {ACTION_LABELS[action]}
                  </Button>
                );
              })}
              {message.url && (
                <a
                  href={message.url}
                  target="_blank"
                  rel="noreferrer noopener"
                  className="px-2 text-xs font-medium text-primary underline-offset-4 hover:underline"
                >
                  View on {network}
                </a>
              )}
            </div>
          )}
        </div>
      </article>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this comment?"
        description={`It is deleted on ${network} too, for everyone. This cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => run("delete")}
      />
    </li>
  );
}

function ReplyInFlight({ reply }: { reply: InboxReply }) {
  const zone = useDisplayTimeZone();
  const when = formatWhen(reply.createdAt, zone);
  const tone =
    reply.status === "failed"
      ? "border-destructive/40 bg-destructive/5"
      : reply.status === "unconfirmed"
        ? "border-amber-500/40 bg-amber-50 dark:bg-amber-950/40"
        : "border-dashed border-primary/40 bg-primary/5";
  return (
    <li className="ml-6 min-w-0 sm:ml-10">
      <article
        aria-label={`Your reply: ${REPLY_STATUS_LABELS[reply.status]}`}
        className={cn("grid gap-1 rounded-lg border p-3", tone)}
      >
        <div className="flex min-w-0 flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {reply.author && <MemberAvatar person={reply.author} className="size-5 text-[0.6rem]" />}
          <span className="truncate">{reply.author ? reply.author.name || reply.author.email : "A member"}</span>
          <Badge
            variant={reply.status === "failed" ? "destructive" : reply.status === "sent" ? "default" : "secondary"}
            className="gap-1"
          >
            {(reply.status === "queued" || reply.status === "sending") && (
              <Spinner className="size-3 text-current" label={REPLY_STATUS_LABELS[reply.status]} />
            )}
            {REPLY_STATUS_LABELS[reply.status]}
          </Badge>
          <time dateTime={reply.createdAt} title={when.title} className="ml-auto">
            {when.text}
          </time>
        </div>
        <p className="whitespace-pre-wrap break-words text-sm">{reply.text}</p>
        {reply.status === "failed" && (
          <p className="text-sm text-destructive">
            {INBOX_MESSAGES.replyFailed}
            {reply.error ? `: ${reply.error}` : "."}
          </p>
        )}
        {reply.status === "unconfirmed" && <p className="text-sm">{INBOX_MESSAGES.replyUnconfirmed}</p>}
        {reply.status === "sent" && reply.url && (
          <a
            href={reply.url}
            target="_blank"
            rel="noreferrer noopener"
            className="text-xs font-medium text-primary underline-offset-4 hover:underline"
          >
            View on the network
          </a>
        )}
      </article>
    </li>
  );
}

/** Every message of the conversation as a thread, then the replies written here that are on their way. */
export function MessageThread({
  conversation,
  canReply,
  onReplyTo,
}: {
  conversation: InboxConversationDetail;
  canReply: boolean;
  onReplyTo(message: InboxMessage): void;
}) {
  const inFlight = repliesInFlight(conversation.replies, conversation.messages);
  return (
    <ol className="grid gap-2" aria-label="Messages">
      {threadOf(conversation.messages).map((item) => (
        <MessageItem
          key={item.message.id}
          {...item}
          conversation={conversation}
          canReply={canReply}
          onReplyTo={onReplyTo}
        />
      ))}
      {inFlight.map((r) => (
        <ReplyInFlight key={r.id} reply={r} />
      ))}
    </ol>
  );
}
