import { BILLING_MESSAGES, PLANS, TRIAL_DAYS } from "@app/shared";
import { CircleAlert, Crown, Info } from "lucide-react";
import { Navigate, useSearchParams } from "react-router";
import { PageHeader } from "@/components/layouts/page-header";
import { PlanFeatureList } from "@/components/plan-feature-list";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { useSubscription } from "../api/get-subscription";
import { CheckoutButton } from "./billing-buttons";
import { RefreshStatusButton } from "./refresh-status-button";
import { type Usage, UsageOverview } from "./usage-overview";

function Price({ label }: { label: string }) {
  return (
    <p className="mt-3 flex items-baseline gap-1">
      <span className="text-4xl font-bold tracking-tight">{label}</span>
      <span className="text-muted-foreground">/month</span>
    </p>
  );
}

/**
 * /free-plan: what Free includes and leaves out, what is used of it, and the way to Premium. A subscribed
 * user is sent to /premium.
 */
export function FreePlanScreen({
  usage,
  usageFailed,
  onRefresh,
}: {
  usage: Usage | undefined;
  usageFailed: boolean;
  /** refreshes what the route passed in (the usage) along with the status */
  onRefresh(): Promise<unknown>;
}) {
  const [params] = useSearchParams();
  const subscription = useSubscription();
  const sub = subscription.data;
  if (sub?.subscribed) return <Navigate to="/premium" replace />;

  const free = PLANS.free;
  const premium = PLANS.premium;
  const refresh = async () => {
    const [status] = await Promise.all([subscription.refetch(), onRefresh()]);
    return status.data;
  };
  return (
    <>
      <PageHeader
        title="Free Plan"
        description="What your plan includes, how much of it you use, and what Premium adds."
        actions={<RefreshStatusButton onRefresh={refresh} refreshing={subscription.isFetching} />}
      />
      <div className="grid gap-6">
        {params.get("canceled") === "true" && (
          <Alert>
            <Info aria-hidden />
            <AlertTitle>{BILLING_MESSAGES.checkoutCanceled}</AlertTitle>
          </Alert>
        )}
        {sub?.checkFailed && (
          <Alert variant="warning">
            <CircleAlert aria-hidden />
            <AlertTitle>Your subscription could not be checked</AlertTitle>
            <AlertDescription>
              <p>You're shown the Free plan for now. Refresh Status to check again.</p>
            </AlertDescription>
          </Alert>
        )}
        <div className="grid gap-6 lg:grid-cols-2">
          <Card className="flex flex-col">
            <CardHeader>
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-xl font-semibold">{free.name}</h2>
                <Badge variant="secondary">Your current plan</Badge>
              </div>
              <CardDescription>{free.description}</CardDescription>
              <Price label={free.priceLabel} />
            </CardHeader>
            <CardContent className="flex-1">
              <PlanFeatureList features={free.features} label={`${free.name} plan features`} />
            </CardContent>
          </Card>
          <Card className="flex flex-col border-primary ring-1 ring-primary">
            <CardHeader>
              <div className="flex flex-wrap items-center gap-2">
                <Crown aria-hidden className="size-5 text-primary" />
                <h2 className="text-xl font-semibold">{premium.name}</h2>
              </div>
              <CardDescription>{premium.description}</CardDescription>
              <Price label={premium.priceLabel} />
            </CardHeader>
            <CardContent className="flex-1">
              <PlanFeatureList features={premium.features} label={`${premium.name} plan features`} />
            </CardContent>
            <CardFooter className="flex-col items-stretch gap-3">
              <CheckoutButton size="lg" icon={Crown} disabled={subscription.isPending}>
                Upgrade to Premium
              </CheckoutButton>
              <p className="text-center text-sm text-muted-foreground">
                {sub?.trial_available
                  ? `Start with a ${TRIAL_DAYS}-day free trial. No credit card required.`
                  : `${premium.priceLabel}/month. Cancel anytime.`}
              </p>
            </CardFooter>
          </Card>
        </div>
        <UsageOverview usage={usage} failed={usageFailed} />
      </div>
    </>
  );
}
