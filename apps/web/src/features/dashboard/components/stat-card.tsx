import type { LucideIcon } from "lucide-react";
import { useId } from "react";
import { Skeleton } from "@/components/ui/skeleton";

/** One figure of the dashboard's overview: its name, the number (a skeleton while it loads) and a hint. */
export function StatCard({
  title,
  value,
  hint,
  icon: Icon,
}: {
  title: string;
  value: string | null;
  hint?: string;
  icon: LucideIcon;
}) {
  const id = useId();
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
      {hint && <p className="mt-1 text-xs text-muted-foreground">{hint}</p>}
    </section>
  );
}
