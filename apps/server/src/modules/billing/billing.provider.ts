import type { BillingProviderKind } from "@app/shared";
import type { SubscriptionRow } from "./billing.repo";

/** The signed-in user as billing needs them (the Stripe customer is made with their e-mail and name). */
export interface BillingUser {
  id: string;
  email: string;
  name: string;
}

/**
 * Where users subscribe and manage their subscription: Stripe when configured, else the app's own
 * test-mode pages. Either way, what a provider reports ends in the user's subscriptions row, which
 * alone decides the plan (planOf).
 */
export interface BillingProvider {
  readonly kind: BillingProviderKind;
  /** The address of a checkout for Premium, with the free trial when `trial` is set. */
  checkout(user: BillingUser, ctx: { subscription: SubscriptionRow | undefined; trial: boolean }): Promise<string>;
  /** The address of the portal where the user manages (cancels, resumes, renews) their subscription. */
  portal(user: BillingUser, subscription: SubscriptionRow | undefined): Promise<string>;
  /** Reads the subscription from the provider again when the stored state may be stale. */
  sync?(subscription: SubscriptionRow): Promise<void>;
}
