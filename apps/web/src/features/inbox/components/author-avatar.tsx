import type { InboxMessage } from "@app/shared";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { cn, initials } from "@/lib/utils";

/** The author's picture on the network, or their initials. */
export function AuthorAvatar({ author, className }: { author: InboxMessage["author"]; className?: string }) {
  return (
    <Avatar className={cn("size-9 shrink-0", className)}>
      {author.avatarUrl && <AvatarImage src={author.avatarUrl} alt="" referrerPolicy="no-referrer" />}
      <AvatarFallback>{initials(author.name || author.handle)}</AvatarFallback>
    </Avatar>
  );
}
