import { type SubscriptionStatus, subscriptionStatusSchema } from "@app/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const subscriptionQueryKey = ["billing", "subscription"] as const;

/** The status check's answer, and whether it is only the stand-in for a check that failed. */
export type SubscriptionCheck = SubscriptionStatus & { checkFailed: boolean };

/** What a failed check is taken to mean (the spec): not subscribed. No trial is promised on a guess. */
export const NOT_SUBSCRIBED: SubscriptionCheck = {
  subscribed: false,
  subscription_tier: null,
  subscription_end: null,
  plan: "free",
  status: "none",
  cancel_at_period_end: false,
  trial_end: null,
  trial_available: false,
  provider: "stripe",
  checkFailed: true,
};

/** GET /api/billing/subscription. A failure is logged and read as "not subscribed", as the spec says. */
export async function getSubscription(signal?: AbortSignal): Promise<SubscriptionCheck> {
  try {
    const status = await api("/api/billing/subscription", { schema: subscriptionStatusSchema, signal });
    return { ...status, checkFailed: false };
  } catch (err) {
    if (err instanceof DOMException && err.name === "AbortError") throw err;
    console.error("Failed to check the subscription", err);
    return NOT_SUBSCRIBED;
  }
}

export const subscriptionQueryOptions = () =>
  queryOptions({
    queryKey: subscriptionQueryKey,
    queryFn: ({ signal }) => getSubscription(signal),
    // Checkout and the portal happen in another tab: coming back to this one checks again.
    refetchOnWindowFocus: "always",
  });

export function useSubscription() {
  return useQuery(subscriptionQueryOptions());
}
