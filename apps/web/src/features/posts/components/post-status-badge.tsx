import type { PostStatus } from "@app/shared";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

/** Waiting for an approver (and a reviewer's "Changes requested"): amber with its edge, beside the plain amber of a partly published post. */
export const APPROVAL_TONE =
  "border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200";

const TONES: Partial<Record<PostStatus, string>> = {
  pending_approval: APPROVAL_TONE,
  scheduled: "border-transparent bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200",
  published: "border-transparent bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  draft: "border-transparent bg-secondary text-secondary-foreground",
  publishing: "border-transparent bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200",
  // Out on some networks: a warning, not the red of a post that went nowhere.
  partially_published: "border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
};

/** Statuses whose name is not simply their words. */
const LABELS: Partial<Record<PostStatus, string>> = { pending_approval: "Pending approval" };

/** Each status has its own colour; any other (failed) is a red badge. */
export function PostStatusBadge({ status }: { status: PostStatus }) {
  const tone = TONES[status];
  return (
    <Badge variant={tone ? "outline" : "destructive"} className={cn(tone)}>
      {LABELS[status] ?? status.replace(/_/g, " ")}
    </Badge>
  );
}
