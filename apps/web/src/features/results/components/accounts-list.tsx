import { PLATFORM_LABELS, type ResultsAccount } from "@app/shared";
import { useId } from "react";
import { PlatformIcon } from "@/components/platform-icon";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { formatFigure, formatGain } from "@/lib/figures";
import { cn } from "@/lib/utils";
import { sortAccounts } from "../utils/chart-data";

/** The filtered accounts: network, handle, followers on the period's last day and the change over the period. */
export function AccountsList({ accounts }: { accounts: ResultsAccount[] }) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0">
      <CardHeader className="p-4 sm:p-6">
        <h2 id={headingId} className="font-semibold leading-tight">
          Accounts
        </h2>
        <CardDescription>Followers on the period's last day, and the change over the period.</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {accounts.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No accounts match this filter.</p>
        ) : (
          <ul className="divide-y">
            {sortAccounts(accounts).map((a) => (
              <li key={a.id} className="flex items-center gap-3 py-3">
                <PlatformIcon platform={a.platform} labelled />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{a.handle}</p>
                  <p className="truncate text-xs text-muted-foreground">
                    {a.displayName ? `${a.displayName} · ` : ""}
                    {PLATFORM_LABELS[a.platform]}
                  </p>
                </div>
                <div className="text-right">
                  <p className="font-semibold tabular-nums">
                    {formatFigure(a.followers)} <span className="sr-only">followers</span>
                  </p>
                  <p
                    className={cn(
                      "text-xs tabular-nums",
                      a.followersChange != null && a.followersChange > 0 && "text-emerald-700 dark:text-emerald-400",
                      a.followersChange != null && a.followersChange < 0 && "text-red-700 dark:text-red-400",
                      (a.followersChange == null || a.followersChange === 0) && "text-muted-foreground",
                    )}
                  >
                    <span className="sr-only">Change over the period: </span>
                    {formatGain(a.followersChange)}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
