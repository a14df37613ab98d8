import {
  BEST_TIME_DAYS,
  type BestTimesResponse,
  METRIC_DEFINITIONS,
  RESULTS_MESSAGES,
  WEEKDAY_LABELS,
} from "@app/shared";
import { Clock, Info, Sparkles } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useMe } from "@/features/auth/api/get-me";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { useBestTimes } from "../api/get-best-times";
import { cellLabel, heatmapRows, hourLabel, slotLabel } from "../utils/best-times";

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** The best times to post: the weekday × hour heatmap of the workspace's results (Premium). */
export function BestTimesCard() {
  const me = useMe();
  const premium = me.data?.plan === "premium";
  const zone = useDisplayTimeZone();
  const best = useBestTimes(zone, { enabled: premium });
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Clock className="size-4 text-muted-foreground" aria-hidden />
          Best Times to Post
        </CardTitle>
        <CardDescription>
          When your posts tend to do best, by weekday and hour in your time zone ({zone}).
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {me.isPending ? (
          <Skeleton className="h-48" />
        ) : !premium ? (
          <div className="grid justify-items-start gap-3 text-sm">
            <p className="text-muted-foreground">{RESULTS_MESSAGES.advancedIsPremium}</p>
            <Button asChild size="sm">
              <Link to="/free-plan">
                <Sparkles aria-hidden /> Upgrade to Premium
              </Link>
            </Button>
          </div>
        ) : best.isPending ? (
          <div role="status" aria-label="Loading best times">
            <Skeleton className="h-48" />
          </div>
        ) : best.isError ? (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p className="text-muted-foreground">{best.error.message || RESULTS_MESSAGES.failed}</p>
            <Button type="button" size="sm" variant="outline" onClick={() => void best.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <BestTimes data={best.data} />
        )}
      </CardContent>
    </Card>
  );
}

function BestTimes({ data }: { data: BestTimesResponse }) {
  const general = data.source === "general";
  return (
    <>
      {general ? (
        <p className="flex gap-2 rounded-md border border-dashed bg-muted/40 p-3 text-sm">
          <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span>{METRIC_DEFINITIONS.generalBestTime}</span>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          {METRIC_DEFINITIONS.bestTime} Based on {data.posts} {data.posts === 1 ? "post" : "posts"} from the last{" "}
          {BEST_TIME_DAYS} days.
        </p>
      )}
      {data.suggestions.length > 0 && (
        <div className="grid gap-2">
          <h3 className="text-sm font-medium">{general ? "Suggested times (general)" : "Your best times"}</h3>
          <ol className="flex flex-wrap gap-2">
            {data.suggestions.map((s, i) => (
              <li
                key={`${s.weekday}-${s.hour}`}
                className="rounded-full border bg-background px-3 py-1 text-sm font-medium tabular-nums"
              >
                <span className="sr-only">{i + 1}. </span>
                {slotLabel(s.weekday, s.hour)}
              </li>
            ))}
          </ol>
        </div>
      )}
      <Heatmap data={data} />
    </>
  );
}

/** 7 rows (Mon … Sun) × 24 hours; scrolls sideways inside the card on a narrow screen. */
function Heatmap({ data }: { data: BestTimesResponse }) {
  const rows = heatmapRows(data.cells);
  return (
    <div className="grid gap-2">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling area must be reachable by keyboard */}
      <section className="overflow-x-auto pb-1" tabIndex={0} aria-label="Best times heatmap">
        <table className="border-separate border-spacing-0.5 text-[0.625rem] text-muted-foreground">
          <caption className="sr-only">
            {data.source === "general" ? "General guidance by weekday and hour" : "Engagement rate by weekday and hour"}{" "}
            ({data.tz})
          </caption>
          <thead>
            <tr>
              <th scope="col" className="w-9">
                <span className="sr-only">Weekday</span>
              </th>
              {HOURS.map((h) => (
                <th key={h} scope="col" className="w-5 min-w-5 text-left font-normal tabular-nums">
                  {h % 3 === 0 ? <span aria-hidden>{String(h).padStart(2, "0")}</span> : null}
                  <span className="sr-only">{hourLabel(h)}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, weekday) => (
              <tr key={WEEKDAY_LABELS[weekday]}>
                <th scope="row" className="pr-1 text-left text-xs font-normal">
                  {WEEKDAY_LABELS[weekday]}
                </th>
                {row.map((cell) => {
                  const label = cellLabel(cell, data.source);
                  return (
                    <td key={cell.hour} className="p-0">
                      <div
                        role="img"
                        aria-label={label}
                        title={label}
                        className="h-5 w-5 rounded-sm"
                        style={{
                          background: `color-mix(in oklab, var(--primary) ${Math.round(
                            Math.min(1, Math.max(0, cell.score)) * 100,
                          )}%, var(--muted))`,
                        }}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <div className="flex items-center gap-2 text-xs text-muted-foreground" aria-hidden>
        <span>Lower</span>
        <span
          className="h-2 w-24 rounded-full"
          style={{ background: "linear-gradient(to right, var(--muted), var(--primary))" }}
        />
        <span>Higher</span>
      </div>
    </div>
  );
}
