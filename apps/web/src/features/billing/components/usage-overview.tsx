import type { usageResponseSchema } from "@app/shared";
import { CircleAlert } from "lucide-react";
import { useId } from "react";
import type { z } from "zod";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { Progress } from "@/components/ui/progress";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { USAGE_BAR_CLASS, USAGE_LEVEL_TEXT, usageLevel, usagePercent } from "../utils/usage";

export type Usage = z.infer<typeof usageResponseSchema>;

function UsageRow({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const id = useId();
  const level = usageLevel(used, limit);
  const note = USAGE_LEVEL_TEXT[level];
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <span id={id} className="font-medium">
          {label}
        </span>
        <span className="tabular-nums">
          {used} / {limit ?? "Unlimited"}
          {note && (
            <span
              className={cn(
                "ml-2 text-xs font-medium",
                level === "full" ? "text-red-700 dark:text-red-300" : "text-amber-800 dark:text-amber-200",
              )}
            >
              {note}
            </span>
          )}
        </span>
      </div>
      <Progress
        aria-labelledby={id}
        aria-valuetext={limit === null ? `${used} used, unlimited` : `${used} of ${limit} used`}
        value={usagePercent(used, limit)}
        data-level={level}
        indicatorClassName={USAGE_BAR_CLASS[level]}
        className="bg-muted"
      />
    </div>
  );
}

/** The usage overview: accounts and posts this month against the plan's limits. */
export function UsageOverview({ usage, failed }: { usage: Usage | undefined; failed: boolean }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-semibold leading-none tracking-tight">Usage overview</h2>
        <CardDescription>What you use of your plan. New accounts and posts stop at the limit.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {usage ? (
          <>
            <UsageRow label="Social accounts" used={usage.socialAccountsCount} limit={usage.limits.socialAccounts} />
            <UsageRow label="Posts this month" used={usage.postsThisMonth} limit={usage.limits.postsPerMonth} />
          </>
        ) : failed ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden />
            <AlertTitle>Your usage could not be loaded</AlertTitle>
            <AlertDescription>
              <p>Refresh Status to try again.</p>
            </AlertDescription>
          </Alert>
        ) : (
          <>
            <Skeleton className="h-9 w-full" />
            <Skeleton className="h-9 w-full" />
          </>
        )}
      </CardContent>
    </Card>
  );
}
