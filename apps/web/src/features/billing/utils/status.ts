import type { SubscriptionStatus } from "@app/shared";
import { formatDate } from "@/lib/time-zone";

/** The subscription as the plan screens name it, honestly: a trial or a cancellation is said as such. */
export function statusLabel(sub: Pick<SubscriptionStatus, "subscribed" | "status" | "cancel_at_period_end">): string {
  if (!sub.subscribed) return sub.status === "canceled" ? "Ended" : "Not subscribed";
  if (sub.cancel_at_period_end) return "Canceling at period end";
  if (sub.status === "trialing") return "Trial";
  return "Active";
}

/** What the end of the current period means for this subscription. */
export function periodEndLabel(sub: Pick<SubscriptionStatus, "status" | "cancel_at_period_end">): string {
  if (sub.cancel_at_period_end) return "Ends on";
  if (sub.status === "trialing") return "Trial ends on";
  return "Next billing date";
}

/** A billing date such as "Mar 04, 2026" in the user's zone, or N/A when there is none. */
export function formatBillingDate(iso: string | null | undefined, zone: string): string {
  if (!iso) return "N/A";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "N/A" : formatDate(date, zone);
}

/**
 * Where a billing answer sends the browser: a path of this app when the address is on this origin (the
 * router moves there without reloading), else null (somewhere else, such as Stripe).
 */
export function appPathOf(url: string, origin: string): string | null {
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : null;
  } catch {
    return null;
  }
}
