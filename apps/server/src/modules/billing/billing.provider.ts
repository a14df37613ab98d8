import type { BillingProviderKind } from "@app/shared";
import type { SubscriptionRow } from "./billing.repo";

/**
 * Who subscribes or manages the plan, for which workspace (the plan is the workspace's). The Stripe
 * customer is the workspace's, made with this member's e-mail and name as its billing contact.
 */
export interface BillingUser {
  workspaceId: string;
  userId: string;
  email: string;
  name: string;
}

/**
 * Where workspace owners subscribe and manage the workspace's subscription: Stripe when configured, else
 * the app's own test-mode pages. Either way, what a provider reports ends in the workspace's
 * subscriptions row, which alone decides the plan (planOf).
 */
export interface BillingProvider {
  readonly kind: BillingProviderKind;
  /** The address of a checkout for Premium, with the free trial when `trial` is set. */
  checkout(user: BillingUser, ctx: { subscription: SubscriptionRow | undefined; trial: boolean }): Promise<string>;
  /** The address of the portal where the workspace's subscription is managed (cancel, resume, renew). */
  portal(user: BillingUser, subscription: SubscriptionRow | undefined): Promise<string>;
  /** Reads the subscription from the provider again when the stored state may be stale. */
  sync?(subscription: SubscriptionRow): Promise<void>;
}
