import { type MediaFileType, PLATFORM_LABELS, type Platform } from "@app/shared";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";
import { TYPE_BADGE } from "../utils/format";

const TYPE_WORD = { image: "Image", video: "Video" } as const;

/** The spec's IMG / VID mark; assistive technology hears the whole word. */
export function MediaTypeBadge({ type, className }: { type: MediaFileType; className?: string }) {
  return (
    <Badge
      variant="outline"
      className={cn(
        "border-transparent px-2 font-bold tracking-wide",
        type === "image"
          ? "bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200"
          : "bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200",
        className,
      )}
    >
      <span aria-hidden>{TYPE_BADGE[type]}</span>
      <span className="sr-only">{TYPE_WORD[type]}</span>
    </Badge>
  );
}

/** The network a file came from, when it did not come from an upload. */
export function SourcePlatformBadge({ platform, className }: { platform: Platform; className?: string }) {
  return (
    <Badge variant="outline" className={cn("border-transparent bg-background/90 text-foreground", className)}>
      <span className="sr-only">From </span>
      {PLATFORM_LABELS[platform]}
    </Badge>
  );
}
