import { TrendingUp } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** The spec's fixed sample week (Engagement figures are placeholders). */
const WEEK = [
  { day: "Mon", value: 45 },
  { day: "Tue", value: 52 },
  { day: "Wed", value: 48 },
  { day: "Thu", value: 61 },
  { day: "Fri", value: 55 },
  { day: "Sat", value: 67 },
  { day: "Sun", value: 72 },
] as const;
const MAX = Math.max(...WEEK.map((d) => d.value));

export function WeeklyEngagementCard() {
  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-2 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle>Weekly Engagement</CardTitle>
          <CardDescription>Sample figures for this week</CardDescription>
        </div>
        <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-200">
          <TrendingUp className="size-3.5" aria-hidden />
          +12%
        </span>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2" aria-label="Engagement per day">
          {WEEK.map((d) => (
            <li key={d.day} className="grid grid-cols-[2.5rem_1fr_2rem] items-center gap-2 text-sm">
              <span className="text-muted-foreground">{d.day}</span>
              <span className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
                <span className="block h-full rounded-full bg-primary" style={{ width: `${(d.value / MAX) * 100}%` }} />
              </span>
              <span className="text-right tabular-nums font-medium">{d.value}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
