import {
  BILLING_PERIOD_MONTHS,
  type BillingProviderKind,
  PLANS,
  type PlanId,
  SUBSCRIPTION_STATUSES,
  type SubscriptionStatus,
  type SubscriptionStatusName,
} from "@app/shared";

/** What the plan rules read of a subscriptions row. */
export interface SubscriptionState {
  tier: string;
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  provider: string;
  providerSubscriptionId: string | null;
}

const PAID_STATUSES = new Set(["active", "trialing"]);

/**
 * Stripe renews a subscription at the end of its period and tells us by webhook moments later: a
 * subscription that renews keeps Premium for this long past the period end we know of. One set to end
 * (cancel at period end) ends on time; Stripe's own "deleted" event ends it too.
 */
export const STRIPE_RENEWAL_GRACE_MS = 24 * 3_600_000;

/**
 * Premium while the subscription is active (or trialing) and its period has not ended. Local test-mode
 * subscriptions are never charged, so nothing renews them: each ends at its period end unless renewed
 * in the local portal.
 */
export function isPremium(sub: SubscriptionState | undefined, now: Date): boolean {
  if (sub?.tier !== "premium" || !PAID_STATUSES.has(sub.status)) return false;
  if (!sub.currentPeriodEnd) return true;
  const grace = sub.provider === "stripe" && !sub.cancelAtPeriodEnd ? STRIPE_RENEWAL_GRACE_MS : 0;
  return now.getTime() < sub.currentPeriodEnd.getTime() + grace;
}

export const planFromState = (sub: SubscriptionState | undefined, now: Date): PlanId =>
  isPremium(sub, now) ? "premium" : "free";

/** A workspace gets the free trial once: not after a trial or a subscription of its own. */
export const trialAvailable = (sub: SubscriptionState | undefined): boolean =>
  !sub || (sub.trialEnd === null && sub.providerSubscriptionId === null);

const knownStatus = (status: string): SubscriptionStatusName =>
  (SUBSCRIPTION_STATUSES as readonly string[]).includes(status) ? (status as SubscriptionStatusName) : "none";

/** The status-check answer (spec: subscribed, subscription_tier, subscription_end, plus the screens' extras). */
export function statusView(
  sub: SubscriptionState | undefined,
  provider: BillingProviderKind,
  now: Date,
): SubscriptionStatus {
  const subscribed = isPremium(sub, now);
  // A paid subscription whose period is over has ended, whatever was last stored.
  const status: SubscriptionStatusName = !sub
    ? "none"
    : subscribed || !PAID_STATUSES.has(sub.status)
      ? knownStatus(sub.status)
      : "canceled";
  return {
    subscribed,
    subscription_tier: subscribed ? PLANS.premium.name : null,
    subscription_end: subscribed ? (sub?.currentPeriodEnd?.toISOString() ?? null) : null,
    plan: subscribed ? "premium" : "free",
    status,
    cancel_at_period_end: subscribed && (sub?.cancelAtPeriodEnd ?? false),
    trial_end: subscribed && sub?.status === "trialing" ? (sub.trialEnd?.toISOString() ?? null) : null,
    trial_available: trialAvailable(sub),
    provider,
  };
}

/** `date` moved on by whole months in UTC; the 31st becomes the last day of a shorter month. */
export function addMonths(date: Date, months = BILLING_PERIOD_MONTHS): Date {
  const d = new Date(date.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}
