import { BILLING_MESSAGES, PLANS } from "@app/shared";
import { Crown } from "lucide-react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { PageHeader } from "@/components/layouts/page-header";
import { PlanFeatureList } from "@/components/plan-feature-list";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useCompleteLocalCheckout } from "../api/complete-local-checkout";
import { useLocalSession } from "../api/get-local-session";
import { useFollowUrl } from "../hooks/use-follow-url";
import { AppOrOutsideLink } from "./app-or-outside-link";
import { SessionProblem } from "./session-problem";
import { TestModeBanner } from "./test-mode-banner";

/** /billing/local/checkout?session=…: the test-mode checkout of Premium (no card, nothing charged). */
export function LocalCheckoutScreen() {
  const [params] = useSearchParams();
  const token = params.get("session");
  const session = useLocalSession(token);
  const complete = useCompleteLocalCheckout();
  const follow = useFollowUrl();
  const data = session.data;

  const start = () => {
    if (!token) return;
    complete.mutate(token, {
      onSuccess: follow,
      onError: (err) => {
        console.error(BILLING_MESSAGES.checkoutFailed, err);
        toast.error(BILLING_MESSAGES.checkoutFailed, { description: err.message });
      },
    });
  };

  const premium = PLANS.premium;
  const trialDays = data?.session.plan.trialDays ?? 0;
  return (
    <>
      <PageHeader
        title="Checkout"
        badge={<Badge variant="outline">Test mode</Badge>}
        description={`Start your ${premium.name} subscription.`}
      />
      <div className="grid max-w-2xl gap-6">
        <TestModeBanner />
        {!token || session.isError ? (
          <SessionProblem error={session.error} backTo="/free-plan" backLabel="Back to Free Plan" />
        ) : !data ? (
          <Skeleton className="h-80" />
        ) : data.session.kind !== "checkout" ? (
          <SessionProblem error={null} backTo="/free-plan" backLabel="Back to Free Plan" />
        ) : (
          <Card>
            <CardHeader>
              <div className="flex flex-wrap items-center gap-2">
                <Crown aria-hidden className="size-5 text-primary" />
                <h2 className="text-xl font-semibold">{data.session.plan.name}</h2>
              </div>
              <CardDescription>{premium.description}</CardDescription>
              <p className="mt-3 flex items-baseline gap-1">
                <span className="text-4xl font-bold tracking-tight">{data.session.plan.priceLabel}</span>
                <span className="text-muted-foreground">/month</span>
              </p>
            </CardHeader>
            <CardContent className="grid gap-5">
              <div className="rounded-md border bg-muted/50 p-3 text-sm">
                {trialDays > 0 ? (
                  <p>
                    <span className="font-medium">{trialDays}-day free trial.</span> Premium starts today and ends with
                    the trial unless you renew it; no card is asked for.
                  </p>
                ) : (
                  <p>
                    <span className="font-medium">No trial:</span> you've had your free trial. Premium starts today for
                    one month.
                  </p>
                )}
              </div>
              <PlanFeatureList features={premium.features} label={`${premium.name} plan features`} />
              {data.subscription.subscribed && (
                <p className="text-sm text-muted-foreground">{BILLING_MESSAGES.alreadySubscribed}</p>
              )}
            </CardContent>
            <CardFooter className="flex-wrap gap-2">
              <Button type="button" onClick={start} disabled={complete.isPending || data.subscription.subscribed}>
                {complete.isPending && <Spinner className="size-4 text-current" label="Starting" />}
                Start subscription
              </Button>
              {data.session.cancelUrl && (
                <Button asChild variant="outline">
                  <AppOrOutsideLink href={data.session.cancelUrl}>Cancel</AppOrOutsideLink>
                </Button>
              )}
            </CardFooter>
          </Card>
        )}
      </div>
    </>
  );
}
