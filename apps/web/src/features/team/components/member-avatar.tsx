import type { Person } from "@app/shared";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { cn, initials } from "@/lib/utils";

/** A member's picture, or their initials. */
export function MemberAvatar({
  person,
  className,
}: {
  person: Pick<Person, "name" | "email" | "image">;
  className?: string;
}) {
  return (
    <Avatar className={cn("shrink-0", className)}>
      {person.image && <AvatarImage src={person.image} alt="" />}
      <AvatarFallback>{initials(person.name || person.email)}</AvatarFallback>
    </Avatar>
  );
}
