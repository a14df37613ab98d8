import {
  INBOX_MESSAGES,
  INBOX_NETWORKS,
  INBOX_REPLY_MAX_LENGTH,
  type InboxConversationDetail,
  type InboxMessage,
  PLATFORM_LABELS,
} from "@app/shared";
import { Send, X } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { PermissionHint } from "@/components/permission-hint";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { useCan } from "@/lib/permissions";
import { cn } from "@/lib/utils";
import { useSendReply } from "../api/inbox-mutations";
import { authorLabel } from "../utils/format";
import { replyLength } from "../utils/thread";

/**
 * The reply box: the answer is sent through the network in the account's name, to the message chosen (the
 * conversation's first by default). Its counter is the network's limit. A member whose role may not reply sees
 * it disabled with the sentence that says who may; where the network gives apps no replies it is not there.
 */
export function ReplyBox({
  conversation,
  replyTo,
  onCancelReplyTo,
}: {
  conversation: InboxConversationDetail;
  /** the message answered, when not the conversation's first */
  replyTo: InboxMessage | null;
  onCancelReplyTo(): void;
}) {
  const id = useId();
  const counterId = useId();
  const reasonId = useId();
  const permission = useCan("inbox", "reply");
  const send = useSendReply();
  const [text, setText] = useState("");
  const platform = conversation.account.platform;
  if (!INBOX_NETWORKS[platform].reply) return null;

  const max = INBOX_REPLY_MAX_LENGTH[platform];
  const length = replyLength(text);
  const tooLong = length > max;
  const disabled = !permission.allowed;
  const target = replyTo && replyTo.id !== conversation.first.id ? replyTo : null;

  const submit = () => {
    if (disabled || tooLong || length === 0 || send.isPending) return;
    send.mutate(
      { id: conversation.id, text: text.trim(), ...(target ? { parentId: target.id } : {}) },
      {
        onSuccess: () => {
          setText("");
          onCancelReplyTo();
          toast.success(INBOX_MESSAGES.replyQueued);
        },
        onError: (err) => toast.error(INBOX_MESSAGES.replyFailed, { description: err.message }),
      },
    );
  };

  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="flex min-w-0 items-center justify-between gap-2">
        <Label htmlFor={id}>Reply on {PLATFORM_LABELS[platform]}</Label>
        {target && (
          <span className="flex min-w-0 items-center gap-1 text-xs text-muted-foreground">
            <span className="truncate">To {authorLabel(target.author)}</span>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-6"
              aria-label="Reply to the first comment instead"
              onClick={onCancelReplyTo}
            >
              <X aria-hidden />
            </Button>
          </span>
        )}
      </div>
      <PermissionHint permission={permission} className="w-full">
        <Textarea
          id={id}
          className="min-h-24"
          value={text}
          disabled={disabled}
          aria-invalid={tooLong || undefined}
          aria-describedby={cn(counterId, disabled && reasonId)}
          placeholder={`Write a reply as ${conversation.account.name}`}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter" && (e.metaKey || e.ctrlKey)) {
              e.preventDefault();
              submit();
            }
          }}
        />
      </PermissionHint>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={counterId} className={cn("text-xs tabular-nums text-muted-foreground", tooLong && "text-destructive")}>
          <span className="sr-only">Characters: </span>
          {length} / {max}
          {tooLong && <span className="ml-2">{INBOX_MESSAGES.replyTooLong(max)}</span>}
        </p>
        <PermissionHint permission={permission}>
          <Button type="submit" size="sm" disabled={disabled || tooLong || length === 0 || send.isPending}>
            {send.isPending ? <Spinner className="size-4 text-current" label="Sending" /> : <Send aria-hidden />}
            Send reply
          </Button>
        </PermissionHint>
      </div>
      {disabled && permission.reason && (
        <p id={reasonId} className="text-sm text-muted-foreground">
          {permission.reason}
        </p>
      )}
    </form>
  );
}
