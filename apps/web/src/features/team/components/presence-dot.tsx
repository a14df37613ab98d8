import type { Presence } from "@app/shared";
import { cn } from "@/lib/utils";

const DOT: Record<Presence, string> = {
  online: "bg-emerald-500",
  away: "bg-amber-500",
  offline: "bg-muted-foreground/50",
};

/** A member's presence: a coloured dot and the word (the colour alone would not say it to everyone). */
export function PresenceDot({ presence }: { presence: Presence }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-xs capitalize text-muted-foreground">
      <span aria-hidden className={cn("size-2 shrink-0 rounded-full", DOT[presence])} />
      {presence}
    </span>
  );
}
