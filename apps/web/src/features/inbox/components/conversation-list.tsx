import { type InboxConversation, PLATFORM_LABELS } from "@app/shared";
import { AtSign, ExternalLink, MessageSquare } from "lucide-react";
import { useId } from "react";
import { PlatformIcon } from "@/components/platform-icon";
import { Badge } from "@/components/ui/badge";
import { MemberAvatar } from "@/features/team/components/member-avatar";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { cn } from "@/lib/utils";
import { authorLabel, formatWhen } from "../utils/format";
import { groupByPost, type PostGroup } from "../utils/group";
import { AuthorAvatar } from "./author-avatar";

function ConversationRow({
  c,
  selected,
  onOpen,
}: {
  c: InboxConversation;
  selected: boolean;
  onOpen(id: string): void;
}) {
  const zone = useDisplayTimeZone();
  const when = formatWhen(c.lastMessageAt, zone);
  const author = authorLabel(c.first.author);
  const replies = c.messageCount - 1;
  return (
    <li>
      <button
        type="button"
        aria-current={selected ? "true" : undefined}
        onClick={() => onOpen(c.id)}
        className={cn(
          "flex w-full min-w-0 cursor-pointer gap-3 rounded-md px-3 py-3 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring",
          selected && "bg-accent",
        )}
      >
        <AuthorAvatar author={c.first.author} />
        <span className="grid min-w-0 flex-1 gap-1">
          <span className="flex min-w-0 items-baseline gap-2">
            <span className={cn("truncate text-sm", c.unread ? "font-semibold" : "font-medium")}>{author}</span>
            <time
              dateTime={c.lastMessageAt}
              title={when.title}
              className="ml-auto shrink-0 text-xs text-muted-foreground"
            >
              {when.text}
            </time>
          </span>
          <span
            className={cn(
              "line-clamp-2 break-words text-sm",
              c.unread ? "text-foreground" : "text-muted-foreground",
              c.first.deleted && "italic",
            )}
          >
            {c.first.deleted ? "This comment was deleted." : c.first.text}
          </span>
          <span className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
            <span className="flex items-center gap-1">
              <PlatformIcon platform={c.account.platform} size="sm" className="size-4 rounded-sm text-[0.45rem]" />
              {PLATFORM_LABELS[c.account.platform]}
            </span>
            {replies > 0 && (
              <span className="flex items-center gap-1">
                <MessageSquare className="size-3" aria-hidden />
                {replies} {replies === 1 ? "reply" : "replies"}
              </span>
            )}
            {c.assignee && (
              <span className="flex min-w-0 items-center gap-1">
                <MemberAvatar person={c.assignee} className="size-4 text-[0.5rem]" />
                <span className="truncate">{c.assignee.name || c.assignee.email}</span>
              </span>
            )}
            <Badge variant={c.status === "open" ? "outline" : "secondary"} className="px-1.5 py-0 font-medium">
              {c.status === "open" ? "Open" : "Done"}
            </Badge>
            {c.unread && (
              <span className="ml-auto flex items-center gap-1 font-medium text-primary">
                <span className="size-2 rounded-full bg-primary" aria-hidden />
                Unread
              </span>
            )}
          </span>
        </span>
      </button>
    </li>
  );
}

function GroupHeader({ group, id }: { group: PostGroup; id: string }) {
  const { account, post } = group;
  return (
    <div className="flex min-w-0 items-start gap-3 border-b bg-muted/40 px-3 py-2">
      <PlatformIcon platform={account.platform} size="sm" className="mt-0.5" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <h3 id={id} className="line-clamp-2 break-words text-sm font-medium">
          {post ? (
            <>
              <span className="sr-only">Post: </span>“{post.excerpt || "A post without text"}”
            </>
          ) : (
            <span className="flex items-center gap-1">
              <AtSign className="size-3.5" aria-hidden /> Mentions of {account.name}
            </span>
          )}
        </h3>
        <p className="truncate text-xs text-muted-foreground">
          {PLATFORM_LABELS[account.platform]} · {account.name}
        </p>
      </div>
      {post?.url && (
        <a
          href={post.url}
          target="_blank"
          rel="noreferrer noopener"
          className="flex shrink-0 items-center gap-1 text-xs font-medium text-primary underline-offset-4 hover:underline"
          aria-label={`View the post on ${PLATFORM_LABELS[account.platform]}`}
        >
          View <ExternalLink className="size-3" aria-hidden />
        </a>
      )}
    </div>
  );
}

function Group({ group, selected, onOpen }: { group: PostGroup; selected: string | null; onOpen(id: string): void }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="overflow-hidden rounded-lg border bg-card">
      <GroupHeader group={group} id={id} />
      <ul className="grid gap-0.5 p-1" aria-labelledby={id}>
        {group.conversations.map((c) => (
          <ConversationRow key={c.id} c={c} selected={c.id === selected} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}

/** A page of conversations grouped by post (newest first), each a row that opens it. */
export function ConversationList({
  conversations,
  selected,
  onOpen,
  className,
}: {
  conversations: readonly InboxConversation[];
  selected: string | null;
  onOpen(id: string): void;
  className?: string;
}) {
  return (
    <div className={cn("grid gap-3", className)}>
      {groupByPost(conversations).map((g) => (
        <Group key={g.key} group={g} selected={selected} onOpen={onOpen} />
      ))}
    </div>
  );
}
