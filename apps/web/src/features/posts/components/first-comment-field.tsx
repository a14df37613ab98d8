import {
  FIRST_COMMENT_NETWORKS,
  type FirstCommentNetwork,
  COMPOSER_MESSAGES as M,
  PLATFORM_LABELS,
  PLATFORMS,
  type Platform,
  TEXT_WARNING_REMAINING,
} from "@app/shared";
import type { ComponentProps } from "react";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";
import { firstCommentBudget, firstCommentNetworks } from "../utils/network-text";

const commentNetworkName = (p: FirstCommentNetwork) => (p === "twitter" ? M.firstCommentAsReply : PLATFORM_LABELS[p]);

/**
 * The optional first comment (issue 23), shown while a chosen network takes one: which networks it goes to, and a
 * counter against the tightest comment limit among them. `field` binds the textarea to the form.
 */
export function FirstCommentField({
  id,
  platforms,
  value,
  utmCampaign,
  field,
}: {
  id: string;
  /** the chosen networks */
  platforms: readonly Platform[];
  value: string;
  utmCampaign: string | null;
  field: ComponentProps<typeof Textarea>;
}) {
  const networks = firstCommentNetworks(platforms);
  if (networks.length === 0) return null;
  const skipped = PLATFORMS.filter(
    (p) => platforms.includes(p) && !(FIRST_COMMENT_NETWORKS as readonly Platform[]).includes(p),
  );
  const budget = firstCommentBudget(value, networks, utmCampaign);
  const tone =
    budget && budget.remaining < 0
      ? "text-destructive font-semibold"
      : budget && budget.remaining < TEXT_WARNING_REMAINING
        ? "text-amber-700 dark:text-amber-400 font-semibold"
        : "text-muted-foreground";
  return (
    <div className="grid gap-2">
      <div className="flex items-end justify-between gap-2">
        <Label htmlFor={id}>
          {M.firstComment} <span className="font-normal text-muted-foreground">{M.firstCommentOptional}</span>
        </Label>
        {budget && (
          <span id={`${id}-counter`} className={cn("text-xs tabular-nums", tone)}>
            <span className="sr-only">First comment characters: </span>
            {budget.length}/{budget.limit}
          </span>
        )}
      </div>
      <Textarea
        id={id}
        rows={2}
        className="min-h-20"
        placeholder={M.firstCommentPlaceholder}
        aria-describedby={`${id}-note ${id}-counter`}
        {...field}
      />
      <p id={`${id}-note`} className="text-xs text-muted-foreground">
        {M.firstCommentNote(networks.map(commentNetworkName).join(", "))}
        {skipped.length > 0 && ` ${M.firstCommentNotOn(skipped.map((p) => PLATFORM_LABELS[p]).join(", "))}`}
      </p>
    </div>
  );
}
