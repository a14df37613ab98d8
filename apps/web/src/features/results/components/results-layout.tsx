import { Skeleton } from "@/components/ui/skeleton";
import { formatPeriod } from "../utils/format";

/** The charts' places while the figures load. */
export function ChartsSkeleton({ count }: { count: number }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2" aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={i} className="h-80 w-full rounded-lg" />
      ))}
    </div>
  );
}

/** "Apr 4 – May 3, 2026, compared with …": the days the figures cover, in the browser's time zone. */
export function PeriodLine({
  range,
}: {
  range: { from: string; to: string; previousFrom: string; previousTo: string };
}) {
  return (
    <p className="mb-4 text-sm text-muted-foreground">
      {formatPeriod(range)}, compared with {formatPeriod({ from: range.previousFrom, to: range.previousTo })}.
    </p>
  );
}
