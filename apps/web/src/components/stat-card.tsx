import { ArrowDownRight, ArrowUpRight, type LucideIcon, Minus } from "lucide-react";
import { useId } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";

/** "+12%", "−3.5%", "0%": a change in percent as the cards show it. */
export function formatChange(change: number): string {
  if (change === 0) return "0%";
  return `${change > 0 ? "+" : "−"}${Math.abs(change).toLocaleString("en-US", { maximumFractionDigits: 1 })}%`;
}

/**
 * One figure on a results screen: its name, the number (a skeleton while it loads), its change against the
 * previous period when there is one, and a hint (or the figure's definition).
 */
export function StatCard({
  title,
  value,
  hint,
  icon: Icon,
  change,
  changeLabel = "vs previous period",
}: {
  title: string;
  value: string | null;
  hint?: string;
  icon: LucideIcon;
  /** percent; null: nothing to compare; undefined: the card has no change */
  change?: number | null;
  changeLabel?: string;
}) {
  const id = useId();
  const ChangeIcon = change == null || change === 0 ? Minus : change > 0 ? ArrowUpRight : ArrowDownRight;
  return (
    <section
      aria-labelledby={id}
      className="min-w-0 rounded-lg border bg-card p-4 text-card-foreground shadow-sm sm:p-5"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={id} className="text-sm font-medium leading-snug text-muted-foreground">
          {title}
        </h2>
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </div>
      {value === null ? (
        <Skeleton className="mt-2 h-8 w-20" />
      ) : (
        <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      )}
      {change !== undefined && value !== null && (
        <p
          className={cn(
            "mt-1 flex items-center gap-1 text-xs",
            change != null && change > 0 && "text-emerald-700 dark:text-emerald-400",
            change != null && change < 0 && "text-red-700 dark:text-red-400",
            (change == null || change === 0) && "text-muted-foreground",
          )}
        >
          <ChangeIcon className="size-3.5" aria-hidden />
          <span>{change == null ? "No earlier figure to compare" : `${formatChange(change)} ${changeLabel}`}</span>
        </p>
      )}
      {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
    </section>
  );
}
