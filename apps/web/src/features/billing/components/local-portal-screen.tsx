import { APP_NAME, BILLING_MESSAGES, type SubscriptionStatus } from "@app/shared";
import { CalendarPlus, CircleSlash, Crown, RotateCcw, TimerOff } from "lucide-react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { PageHeader } from "@/components/layouts/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { Separator } from "@/components/ui/separator";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { type LocalPortalAction, useChangeLocalSubscription } from "../api/change-local-subscription";
import { useLocalSession } from "../api/get-local-session";
import { formatBillingDate } from "../utils/status";
import { AppOrOutsideLink } from "./app-or-outside-link";
import { SessionProblem } from "./session-problem";
import { SubscriptionSummary } from "./subscription-summary";
import { TestModeBanner } from "./test-mode-banner";

/** What each action did, said once it is done. */
const DONE: Record<LocalPortalAction, (sub: SubscriptionStatus, zone: string) => [string, string]> = {
  cancel: (sub, zone) => [
    "Subscription canceled",
    `Premium stays until ${formatBillingDate(sub.subscription_end, zone)}.`,
  ],
  resume: (sub, zone) => [
    "Subscription resumed",
    `Premium renews on ${formatBillingDate(sub.subscription_end, zone)}.`,
  ],
  renew: (sub, zone) => [
    "Subscription renewed",
    `Premium is paid until ${formatBillingDate(sub.subscription_end, zone)}.`,
  ],
  expire: () => ["Period ended", "You're on the Free plan now. What you made on Premium stays."],
};

/** /billing/local/portal?session=…: the test-mode billing portal (cancel, resume, renew, end the period). */
export function LocalPortalScreen() {
  const [params] = useSearchParams();
  const token = params.get("session");
  const session = useLocalSession(token);
  const change = useChangeLocalSubscription(token ?? "");
  const zone = useDisplayTimeZone();
  const data = session.data;
  const sub = data?.subscription;

  const act = (action: LocalPortalAction) =>
    change.mutate(action, {
      onSuccess: (next) => {
        const [title, description] = DONE[action](next, zone);
        toast.success(title, { description });
      },
      onError: (err) => {
        console.error(BILLING_MESSAGES.portalFailed, err);
        toast.error(BILLING_MESSAGES.portalFailed, { description: err.message });
      },
    });
  const busy = (action: LocalPortalAction) =>
    change.isPending && change.variables === action ? (
      <Spinner className="size-4 text-current" label="Working" />
    ) : null;

  return (
    <>
      <PageHeader
        title="Billing portal"
        badge={<Badge variant="outline">Test mode</Badge>}
        description="Manage your Premium subscription."
      />
      <div className="grid max-w-2xl gap-6">
        <TestModeBanner />
        {!token || session.isError ? (
          <SessionProblem error={session.error} backTo="/premium" backLabel="Back to Premium" />
        ) : !data || !sub ? (
          <Skeleton className="h-72" />
        ) : data.session.kind !== "portal" ? (
          <SessionProblem error={null} backTo="/premium" backLabel="Back to Premium" />
        ) : (
          <Card>
            <CardHeader>
              <div className="flex flex-wrap items-center gap-2">
                <Crown aria-hidden className="size-5 text-primary" />
                <h2 className="text-xl font-semibold">Your subscription</h2>
              </div>
              <CardDescription>
                {sub.subscribed
                  ? sub.cancel_at_period_end
                    ? `Premium ends on ${formatBillingDate(sub.subscription_end, zone)}; after that you're on the Free plan.`
                    : "Premium until the date below. Renew now to add a month."
                  : "This subscription has ended: you're on the Free plan. Upgrade again from the Free Plan page."}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid gap-5">
              <SubscriptionSummary sub={sub} />
              {sub.subscribed && (
                <>
                  <Separator />
                  <div className="flex flex-wrap gap-2">
                    {sub.cancel_at_period_end ? (
                      <Button type="button" onClick={() => act("resume")} disabled={change.isPending}>
                        {busy("resume") ?? <RotateCcw aria-hidden />}
                        Resume
                      </Button>
                    ) : (
                      <Button type="button" variant="outline" onClick={() => act("cancel")} disabled={change.isPending}>
                        {busy("cancel") ?? <CircleSlash aria-hidden />}
                        Cancel at period end
                      </Button>
                    )}
                    <Button type="button" variant="outline" onClick={() => act("renew")} disabled={change.isPending}>
                      {busy("renew") ?? <CalendarPlus aria-hidden />}
                      Renew now
                    </Button>
                  </div>
                  <div className="grid gap-2 rounded-md border border-dashed p-3">
                    <p className="text-sm text-muted-foreground">
                      Test mode only: make the end of the period come now, to see the Free plan return without waiting
                      for it.
                    </p>
                    <div>
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        onClick={() => act("expire")}
                        disabled={change.isPending}
                      >
                        {busy("expire") ?? <TimerOff aria-hidden />}
                        End period now (test mode)
                      </Button>
                    </div>
                  </div>
                </>
              )}
            </CardContent>
            <CardFooter>
              <Button asChild variant={sub.subscribed ? "secondary" : "default"}>
                <AppOrOutsideLink href={data.session.returnUrl}>Return to {APP_NAME}</AppOrOutsideLink>
              </Button>
            </CardFooter>
          </Card>
        )}
      </div>
    </>
  );
}
