import { PLATFORM_LABELS, type Platform } from "@app/shared";
import { CalendarDays, Check, Image, Sparkles, TrendingUp } from "lucide-react";
import { PLATFORM_COLOR } from "@/components/platform-icon";
import { cn } from "@/lib/utils";

/*
 * Product previews drawn with plain HTML and CSS: they stay crisp at any size,
 * follow the light/dark theme for free and cost no network requests.
 * They are decorative (the parent hides them from assistive technology and
 * describes them in words), so nothing here is focusable or interactive.
 */

const WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
/** June starting on a Sunday: six leading blanks keep the grid honest. */
const LEADING_BLANKS = 6;
const DAYS_IN_MONTH = 30;
const SCHEDULED: Partial<Record<number, Platform[]>> = {
  2: ["instagram"],
  3: ["linkedin", "twitter"],
  5: ["facebook"],
  9: ["youtube"],
  10: ["instagram", "tiktok"],
  12: ["pinterest"],
  13: ["facebook", "instagram", "twitter"],
  16: ["linkedin"],
  18: ["tiktok"],
  20: ["instagram", "youtube"],
  24: ["twitter"],
  26: ["facebook", "linkedin"],
};
const TODAY = 13;

function PlatformDot({ platform, className }: { platform: Platform; className?: string }) {
  return <span className={cn("size-1.5 rounded-full", PLATFORM_COLOR[platform], className)} />;
}

export function CalendarMock() {
  const cells = [
    ...Array.from({ length: LEADING_BLANKS }, (_, i) => ({ key: `blank-${i}`, day: null })),
    ...Array.from({ length: DAYS_IN_MONTH }, (_, i) => ({ key: `day-${i + 1}`, day: i + 1 })),
  ];
  return (
    <div className="rounded-lg border bg-background p-3">
      <div className="flex items-center justify-between">
        <span className="text-sm font-semibold">June</span>
        <span className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">18 scheduled</span>
      </div>
      <div className="mt-3 grid grid-cols-7 gap-1 text-center text-[11px] font-medium text-muted-foreground">
        {WEEKDAYS.map((day) => (
          <span key={day}>{day.slice(0, 2)}</span>
        ))}
      </div>
      <div className="mt-1 grid grid-cols-7 gap-1">
        {cells.map(({ key, day }) => {
          const posts = day ? (SCHEDULED[day] ?? []) : [];
          return (
            <div
              key={key}
              className={cn(
                "flex aspect-square flex-col items-center justify-center gap-1 rounded-md text-xs",
                day && "bg-muted/60",
                day === TODAY && "bg-primary font-semibold text-primary-foreground",
              )}
            >
              {day}
              {posts.length > 0 ? (
                <span className="flex gap-0.5">
                  {posts.map((p) => (
                    <PlatformDot
                      key={p}
                      platform={p}
                      className={cn(day === TODAY && "ring-1 ring-primary-foreground")}
                    />
                  ))}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
      <div className="mt-3 flex items-center gap-2 rounded-md border bg-card px-2.5 py-2 text-xs">
        <PlatformDot platform="instagram" className="size-2" />
        <span className="font-medium">Today, 9:00 AM</span>
        <span className="truncate text-muted-foreground">Summer menu launch</span>
      </div>
    </div>
  );
}

const COMPOSER_TARGETS: { platform: Platform; selected: boolean }[] = [
  { platform: "instagram", selected: true },
  { platform: "facebook", selected: true },
  { platform: "twitter", selected: true },
  { platform: "linkedin", selected: false },
];

export function ComposerMock() {
  return (
    <div className="rounded-lg border bg-background p-3">
      <div className="flex flex-wrap gap-1.5">
        {COMPOSER_TARGETS.map(({ platform, selected }) => (
          <span
            key={platform}
            className={cn(
              "inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-xs font-medium",
              selected ? "border-primary/40 bg-primary/10 text-foreground" : "text-muted-foreground",
            )}
          >
            <PlatformDot platform={platform} className="size-2" />
            {PLATFORM_LABELS[platform]}
            {selected ? <Check className="size-3 text-primary" /> : null}
          </span>
        ))}
      </div>
      <div className="mt-3 rounded-md border bg-card p-3 text-sm leading-relaxed">
        Our summer menu drops this Friday! Cold brew tonic, peach iced tea and three new pastries. Which one are you
        trying first?
        <div className="mt-3 flex items-center justify-between text-xs text-muted-foreground">
          <span className="inline-flex items-center gap-1">
            <Image className="size-3.5" />1 image
          </span>
          <span>142 / 280</span>
        </div>
      </div>
      <div className="mt-3 flex items-start gap-2 rounded-md bg-primary/10 px-2.5 py-2 text-xs text-foreground">
        <Sparkles className="mt-0.5 size-3.5 shrink-0 text-primary" />
        <span>
          <span className="font-semibold">Suggestion:</span> add #SummerMenu and #ColdBrew for more reach
        </span>
      </div>
      <div className="mt-3 flex items-center justify-between gap-2">
        <span className="inline-flex items-center gap-1.5 text-xs text-muted-foreground">
          <CalendarDays className="size-3.5" />
          Fri, Jun 13 · 9:00 AM
        </span>
        <span className="rounded-md bg-primary px-3 py-1.5 text-xs font-medium text-primary-foreground shadow-sm">
          Schedule
        </span>
      </div>
    </div>
  );
}

const STATS = [
  { label: "Reach", value: "48.2k", change: "+12%" },
  { label: "Engagement", value: "6.4%", change: "+0.8 pt" },
  { label: "Followers", value: "12.9k", change: "+340" },
];
const WEEK_ENGAGEMENT = [
  { day: "Mon", value: 45 },
  { day: "Tue", value: 62 },
  { day: "Wed", value: 54 },
  { day: "Thu", value: 78 },
  { day: "Fri", value: 92 },
  { day: "Sat", value: 70 },
  { day: "Sun", value: 58 },
];
const BEST_DAY = "Fri";

export function AnalyticsMock() {
  return (
    <div className="rounded-lg border bg-background p-3">
      <div className="grid grid-cols-3 gap-2">
        {STATS.map((stat) => (
          <div key={stat.label} className="rounded-md border bg-card p-2">
            <div className="truncate text-[11px] text-muted-foreground">{stat.label}</div>
            <div className="mt-0.5 text-base font-semibold tabular-nums">{stat.value}</div>
            <div className="inline-flex items-center gap-0.5 text-[11px] font-medium text-emerald-700 dark:text-emerald-400">
              <TrendingUp className="size-3" />
              {stat.change}
            </div>
          </div>
        ))}
      </div>
      <div className="mt-3 rounded-md border bg-card p-3">
        <div className="flex items-center justify-between text-xs">
          <span className="font-medium">Engagement this week</span>
          <span className="text-muted-foreground">Best: Friday</span>
        </div>
        <div className="mt-3 flex h-28 items-end gap-2">
          {WEEK_ENGAGEMENT.map(({ day, value }) => (
            <div key={day} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
              <div
                className={cn("w-full rounded-t-sm", day === BEST_DAY ? "bg-primary" : "bg-primary/30")}
                style={{ height: `${value}%` }}
              />
              <span className="text-[10px] text-muted-foreground">{day.slice(0, 1)}</span>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
