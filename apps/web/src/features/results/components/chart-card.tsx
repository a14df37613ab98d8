import { BarChart3, Table2 } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { cn } from "@/lib/utils";

/** Colours of the charts' series, readable in light and dark mode. */
export const CHART_COLORS = {
  primary: "var(--primary)",
  green: "oklch(0.64 0.15 160)",
  amber: "oklch(0.72 0.15 70)",
  rose: "oklch(0.62 0.19 15)",
  sky: "oklch(0.65 0.13 230)",
} as const;

/** Axis and grid props shared by the charts. */
export const AXIS_TICK = { fill: "currentColor", fontSize: 12 } as const;
export const TOOLTIP_STYLE = {
  contentStyle: { background: "var(--popover, var(--background))", borderRadius: 6, fontSize: 12 },
  labelStyle: { color: "var(--foreground)" },
} as const;

/**
 * A chart with its heading and a description for assistive technology; "Show as table" swaps it for the same
 * figures as a table (for screen readers, and anyone who wants the numbers).
 */
export function ChartCard({
  title,
  description,
  summary,
  table,
  empty,
  children,
  className,
}: {
  title: string;
  description?: string;
  /** what the chart shows, read out in place of the drawing */
  summary: string;
  table: ReactNode;
  /** shown instead of the chart when there is nothing to draw */
  empty?: string;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <Card role="region" aria-labelledby={headingId} className={cn("min-w-0", className)}>
      <CardHeader className="flex-row items-start justify-between gap-2 space-y-0 p-4 sm:p-6">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold leading-tight">
            {title}
          </h2>
          {description && <CardDescription className="mt-1">{description}</CardDescription>}
        </div>
        {!empty && (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={asTable}
            onClick={() => setAsTable((v) => !v)}
            className="shrink-0"
          >
            {asTable ? <BarChart3 aria-hidden /> : <Table2 aria-hidden />}
            {asTable ? "Show as chart" : "Show as table"}
          </Button>
        )}
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {empty ? (
          <p className="py-10 text-center text-sm text-muted-foreground">{empty}</p>
        ) : asTable ? (
          table
        ) : (
          <div role="img" aria-label={`${title}: ${summary}`} className="h-60 w-full text-muted-foreground">
            {children}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
