import { PLANS } from "@app/shared";
import { Crown, Sparkles } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { useSubscription } from "../api/get-subscription";
import { formatBillingDate, periodEndLabel, statusLabel } from "../utils/status";
import { CheckoutButton, PortalButton } from "./billing-buttons";

/** Settings → Billing: the plan the user is on, and the way to upgrade or to manage it. */
export function BillingSettingsCard() {
  const { data: sub } = useSubscription();
  const zone = useDisplayTimeZone();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Billing</CardTitle>
        <CardDescription>Your plan and how you pay for it.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        {!sub ? (
          <Skeleton className="h-11 w-48" />
        ) : sub.subscribed ? (
          <div className="flex min-w-0 items-start gap-3">
            <Crown aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
            <div className="min-w-0">
              <p className="font-medium">
                {PLANS.premium.name} <span className="text-muted-foreground">· {statusLabel(sub)}</span>
              </p>
              <p className="text-sm text-muted-foreground">
                {periodEndLabel(sub)}: {formatBillingDate(sub.subscription_end, zone)}
              </p>
            </div>
          </div>
        ) : (
          <div className="min-w-0">
            <p className="font-medium">Free Plan</p>
            <p className="text-sm text-muted-foreground">No billing required</p>
          </div>
        )}
        {sub?.subscribed ? (
          <PortalButton variant="outline">Manage Subscription</PortalButton>
        ) : (
          <CheckoutButton icon={Sparkles} disabled={!sub}>
            Upgrade Plan
          </CheckoutButton>
        )}
      </CardContent>
    </Card>
  );
}
