import type { PostStatus } from "@app/shared";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

const TONES: Partial<Record<PostStatus, string>> = {
  scheduled: "border-transparent bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200",
  published: "border-transparent bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  draft: "border-transparent bg-secondary text-secondary-foreground",
  publishing: "border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
};

/** scheduled, published and draft have their own colours; any other status is a red badge. */
export function PostStatusBadge({ status }: { status: PostStatus }) {
  const tone = TONES[status];
  return (
    <Badge variant={tone ? "outline" : "destructive"} className={cn(tone)}>
      {status.replace(/_/g, " ")}
    </Badge>
  );
}
