import { METRIC_DEFINITIONS, RESULTS_MESSAGES, WEEKDAY_LABELS, WEEKLY_CARD_WEEKS } from "@app/shared";
import { Minus, TrendingDown, TrendingUp } from "lucide-react";
import { formatChange } from "@/components/stat-card";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatFigure } from "@/lib/figures";
import { cn } from "@/lib/utils";
import { useWeeklyEngagement } from "../api/get-weekly-engagement";

/** The Post Scheduler's weekly card: engagements by the weekday posts went out, with the change against the weeks before. */
export function WeeklyEngagementCard() {
  const weekly = useWeeklyEngagement();
  const data = weekly.data;
  const change = data?.change ?? null;
  const max = Math.max(1, ...(data?.days.map((d) => d.engagements) ?? []));
  const BadgeIcon = change === null || change === 0 ? Minus : change > 0 ? TrendingUp : TrendingDown;
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-2 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle>Weekly Engagement</CardTitle>
          <CardDescription>Last {data?.weeks ?? WEEKLY_CARD_WEEKS} weeks, by weekday posted</CardDescription>
        </div>
        {data && (
          <span
            title={change === null ? undefined : `${formatChange(change)} against the ${data.weeks} weeks before`}
            className={cn(
              "inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold",
              change !== null && change > 0 && "bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-200",
              change !== null && change < 0 && "bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
              (change === null || change === 0) && "bg-muted text-muted-foreground",
            )}
          >
            <BadgeIcon className="size-3.5" aria-hidden />
            {change !== null && <span className="sr-only">Change against the {data.weeks} weeks before: </span>}
            {change === null ? "No change to compare" : formatChange(change)}
          </span>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
        {weekly.isPending ? (
          <div role="status" aria-label="Loading weekly engagement" className="grid gap-2">
            {WEEKDAY_LABELS.map((d) => (
              <Skeleton key={d} className="h-5" />
            ))}
          </div>
        ) : weekly.isError || !data ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p className="text-muted-foreground">{RESULTS_MESSAGES.failed}</p>
            <Button type="button" size="sm" variant="outline" onClick={() => void weekly.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <ul className="grid gap-2" aria-label="Engagements per weekday">
            {data.days.map((d) => (
              <li key={d.weekday} className="grid grid-cols-[2.5rem_1fr_3.5rem] items-center gap-2 text-sm">
                <span className="text-muted-foreground">{WEEKDAY_LABELS[d.weekday]}</span>
                <span className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
                  <span
                    className="block h-full rounded-full bg-primary"
                    style={{ width: `${(d.engagements / max) * 100}%` }}
                  />
                </span>
                <span className="text-right font-medium tabular-nums">{formatFigure(d.engagements)}</span>
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-muted-foreground">{METRIC_DEFINITIONS.weekly}</p>
      </CardContent>
    </Card>
  );
}
