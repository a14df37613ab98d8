import { CAMPAIGN_STATUS_LABELS, type CampaignStatus } from "@app/shared";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/utils";

const STATUS_TONES: Record<CampaignStatus, string> = {
  draft: "border-transparent bg-secondary text-secondary-foreground",
  active: "border-transparent bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
  completed: "border-transparent bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200",
};

/** Active, Draft or Completed, each in its own tone. */
export function CampaignStatusBadge({ status, className }: { status: CampaignStatus; className?: string }) {
  return (
    <Badge variant="outline" className={cn(STATUS_TONES[status], className)}>
      {CAMPAIGN_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A campaign's colour as a small round mark (decorative: the campaign's name is always written beside it). */
export function CampaignSwatch({ color, className }: { color: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn("inline-block size-3 shrink-0 rounded-full ring-1 ring-black/10 dark:ring-white/20", className)}
      style={{ backgroundColor: color }}
    />
  );
}

/** A post's campaign, as the posts list shows it: its colour and name. */
export function CampaignTag({ name, color }: { name: string; color: string }) {
  return (
    <span className="inline-flex min-w-0 max-w-full items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs">
      <CampaignSwatch color={color} className="size-2.5" />
      <span className="sr-only">Campaign: </span>
      <span className="truncate">{name}</span>
    </span>
  );
}
