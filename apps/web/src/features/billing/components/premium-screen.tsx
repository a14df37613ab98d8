import { BILLING_MESSAGES } from "@app/shared";
import { useQuery } from "@tanstack/react-query";
import { CircleCheck, Crown, ExternalLink, Info } from "lucide-react";
import { useState } from "react";
import { Navigate, useSearchParams } from "react-router";
import { PageHeader } from "@/components/layouts/page-header";
import { Alert, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { subscriptionQueryOptions } from "../api/get-subscription";
import { PortalButton } from "./billing-buttons";
import { PremiumFeatures } from "./premium-features";
import { RefreshStatusButton } from "./refresh-status-button";
import { SubscriptionSummary } from "./subscription-summary";

/** After a checkout, how long the page waits for the provider to confirm it (Stripe tells us by webhook). */
const CONFIRM_WINDOW_MS = 30_000;
const CONFIRM_POLL_MS = 2_000;

/**
 * /premium: the plan, its status and next billing date, what it includes and the way to the billing portal.
 * Back from checkout (success=true) it checks the status again, and keeps checking for a while until the
 * subscription shows; someone not subscribed is sent to /free-plan.
 */
export function PremiumScreen() {
  const [params] = useSearchParams();
  const success = params.get("success") === "true";
  const canceled = params.get("canceled") === "true";
  const [openedAt] = useState(() => Date.now());
  const confirming = () => success && Date.now() - openedAt < CONFIRM_WINDOW_MS;
  const subscription = useQuery({
    ...subscriptionQueryOptions(),
    refetchOnMount: success ? "always" : true,
    refetchInterval: (query) => (!query.state.data?.subscribed && confirming() ? CONFIRM_POLL_MS : false),
  });
  const sub = subscription.data;

  if (sub && !sub.subscribed && !subscription.isFetching && !confirming()) return <Navigate to="/free-plan" replace />;

  return (
    <>
      <PageHeader
        title="Premium"
        description="Your subscription and everything it includes."
        actions={
          <RefreshStatusButton
            onRefresh={async () => (await subscription.refetch()).data}
            refreshing={subscription.isFetching}
          />
        }
      />
      <div className="grid gap-6">
        {success && sub?.subscribed && (
          <Alert className="border-emerald-600/40 bg-emerald-50 dark:bg-emerald-950/40 [&>svg]:text-emerald-600 dark:[&>svg]:text-emerald-400">
            <CircleCheck aria-hidden />
            <AlertTitle>{BILLING_MESSAGES.checkoutSuccess}</AlertTitle>
          </Alert>
        )}
        {canceled && (
          <Alert>
            <Info aria-hidden />
            <AlertTitle>{BILLING_MESSAGES.checkoutCanceled}</AlertTitle>
          </Alert>
        )}
        <Card>
          <CardHeader>
            <div className="flex items-center gap-2">
              <Crown aria-hidden className="size-5 text-primary" />
              <h2 className="text-xl font-semibold">Your subscription</h2>
            </div>
            {sub?.provider === "local" && (
              <CardDescription>Test mode: billing on this server takes no payment.</CardDescription>
            )}
          </CardHeader>
          <CardContent>
            {sub?.subscribed ? (
              <SubscriptionSummary sub={sub} />
            ) : sub && success ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner className="size-4" label="Confirming" /> Confirming your subscription…
              </p>
            ) : (
              <div className="grid gap-4 sm:grid-cols-2">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} className="h-11" />
                ))}
              </div>
            )}
          </CardContent>
          <CardFooter className="flex-wrap gap-2">
            <PortalButton disabled={!sub?.subscribed}>Manage Subscription</PortalButton>
          </CardFooter>
        </Card>
        <PremiumFeatures />
        <Card>
          <CardHeader>
            <h2 className="font-semibold leading-none tracking-tight">Billing portal</h2>
            <CardDescription>
              {sub?.provider === "local"
                ? "Cancel at the end of the period, resume, or renew now, in the test-mode portal."
                : "Update your payment method, see your invoices, or cancel, in the billing portal."}
            </CardDescription>
          </CardHeader>
          <CardFooter>
            <PortalButton variant="outline" icon={ExternalLink} disabled={!sub?.subscribed}>
              Open Portal
            </PortalButton>
          </CardFooter>
        </Card>
      </div>
    </>
  );
}
