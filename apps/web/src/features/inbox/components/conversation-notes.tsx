import { INBOX_NOTE_MAX_LENGTH, type InboxConversationDetail } from "@app/shared";
import { NotebookPen } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { MemberAvatar } from "@/features/team/components/member-avatar";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { useAddNote } from "../api/inbox-mutations";
import { formatWhen } from "../utils/format";

/** Internal notes on a conversation: seen by the workspace's members only, never sent to the network. */
export function ConversationNotes({ conversation }: { conversation: InboxConversationDetail }) {
  const headingId = useId();
  const fieldId = useId();
  const zone = useDisplayTimeZone();
  const add = useAddNote();
  const [body, setBody] = useState("");
  const length = body.trim().length;

  const submit = () => {
    if (length === 0 || length > INBOX_NOTE_MAX_LENGTH || add.isPending) return;
    add.mutate(
      { id: conversation.id, body: body.trim() },
      { onSuccess: () => setBody(""), onError: (err) => toast.error(err.message) },
    );
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div>
        <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
          <NotebookPen className="size-4 text-muted-foreground" aria-hidden /> Internal notes
        </h3>
        <p className="text-xs text-muted-foreground">Only members of this workspace see notes.</p>
      </div>
      {conversation.notes.length > 0 && (
        <ul className="grid gap-2" aria-labelledby={headingId}>
          {conversation.notes.map((n) => {
            const when = formatWhen(n.createdAt, zone);
            return (
              <li
                key={n.id}
                className="grid gap-1 rounded-md border border-amber-500/30 bg-amber-50/60 p-3 dark:bg-amber-950/20"
              >
                <div className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
                  {n.author && <MemberAvatar person={n.author} className="size-5 text-[0.6rem]" />}
                  <span className="truncate font-medium text-foreground">
                    {n.author ? n.author.name || n.author.email : "A former member"}
                  </span>
                  <time dateTime={n.createdAt} title={when.title} className="ml-auto shrink-0">
                    {when.text}
                  </time>
                </div>
                <p className="whitespace-pre-wrap break-words text-sm">{n.body}</p>
              </li>
            );
          })}
        </ul>
      )}
      <form
        className="grid gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Label htmlFor={fieldId} className="sr-only">
          Note
        </Label>
        <Textarea
          id={fieldId}
          className="min-h-16"
          placeholder="Add a note for your team"
          maxLength={INBOX_NOTE_MAX_LENGTH}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        <div className="flex justify-end">
          <Button type="submit" size="sm" variant="outline" disabled={length === 0 || add.isPending}>
            {add.isPending && <Spinner className="size-4 text-current" label="Saving" />}
            Add note
          </Button>
        </div>
      </form>
    </section>
  );
}
