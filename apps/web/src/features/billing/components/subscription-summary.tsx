import { PLANS } from "@app/shared";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import type { SubscriptionCheck } from "../api/get-subscription";
import { formatBillingDate, periodEndLabel, statusLabel } from "../utils/status";

/** Plan, price, status and the end of the period, as a description list. */
type Summarized = Pick<
  SubscriptionCheck,
  "subscribed" | "subscription_tier" | "subscription_end" | "status" | "cancel_at_period_end"
>;

export function SubscriptionSummary({ sub }: { sub: Summarized }) {
  const plan = sub.subscribed ? PLANS.premium : PLANS.free;
  const label = statusLabel(sub);
  const zone = useDisplayTimeZone();
  const rows: [string, ReactNode][] = [
    ["Plan", sub.subscription_tier ?? plan.name],
    ["Price", `${plan.priceLabel}/month`],
    [
      "Status",
      <Badge
        key="status"
        variant={sub.subscribed && !sub.cancel_at_period_end ? "default" : "outline"}
        className={
          sub.cancel_at_period_end ? "rounded-md border-amber-500/60 text-amber-900 dark:text-amber-200" : undefined
        }
      >
        {label}
      </Badge>,
    ],
    [periodEndLabel(sub), formatBillingDate(sub.subscription_end, zone)],
  ];
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-4">
      {rows.map(([term, value]) => (
        <div key={term} className="grid gap-1">
          <dt className="text-sm text-muted-foreground">{term}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
