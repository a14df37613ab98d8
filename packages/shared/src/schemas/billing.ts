import { z } from "zod";
import { singleLineText } from "./text";

/** Stripe's subscription statuses, and "none" for a user who never subscribed. */
export const SUBSCRIPTION_STATUSES = [
  "none",
  "trialing",
  "active",
  "past_due",
  "unpaid",
  "paused",
  "incomplete",
  "incomplete_expired",
  "canceled",
] as const;
export type SubscriptionStatusName = (typeof SUBSCRIPTION_STATUSES)[number];

export const billingProviderSchema = z.enum(["stripe", "local"]);
export type BillingProviderKind = z.infer<typeof billingProviderSchema>;

/**
 * GET /api/billing/subscription: the spec's check-subscription (subscribed, subscription_tier,
 * subscription_end) plus what the plan screens show.
 */
export const subscriptionStatusSchema = z.object({
  subscribed: z.boolean(),
  /** the plan's name ("Premium") while subscribed, else null */
  subscription_tier: z.string().nullable(),
  /** ISO instant: the end of the current period (the next billing date, or the end date when canceling) */
  subscription_end: z.string().nullable(),
  plan: z.enum(["free", "premium"]),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** the subscription ends at subscription_end instead of renewing */
  cancel_at_period_end: z.boolean(),
  /** ISO instant: the end of the free trial, while trialing */
  trial_end: z.string().nullable(),
  /** whether a checkout now would start with the free trial (one per user) */
  trial_available: z.boolean(),
  /** "local": the app's own test-mode checkout and portal, nothing is charged */
  provider: billingProviderSchema,
});
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** POST /api/billing/checkout and POST /api/billing/portal: where to send the user (a new tab). */
export const billingUrlResponseSchema = z.object({ url: z.string() });
export type BillingUrlResponse = z.infer<typeof billingUrlResponseSchema>;

/** The `session` query parameter of the local checkout and portal pages. */
export const localBillingSessionParamsSchema = z.object({ token: singleLineText("Token").min(16).max(128) });

/** GET /api/billing/local/sessions/:token: what the local checkout or portal page shows. */
export const localBillingSessionResponseSchema = z.object({
  session: z.object({
    kind: z.enum(["checkout", "portal"]),
    expiresAt: z.string(),
    /** checkout: the Premium page with success=true; portal: the Premium page */
    returnUrl: z.string(),
    /** checkout only: the Free plan page with canceled=true */
    cancelUrl: z.string().nullable(),
    plan: z.object({
      name: z.string(),
      priceLabel: z.string(),
      /** days of free trial a checkout now starts with (0: none) */
      trialDays: z.number().int(),
    }),
  }),
  subscription: subscriptionStatusSchema,
});
export type LocalBillingSession = z.infer<typeof localBillingSessionResponseSchema>;

/** The local portal's actions (cancel at period end, resume, renew) answer with the new status. */
export const localPortalActionResponseSchema = z.object({ subscription: subscriptionStatusSchema });
export type LocalPortalActionResponse = z.infer<typeof localPortalActionResponseSchema>;

/** POST /api/billing/webhook answers Stripe with this once the event is handled (or known). */
export const webhookResponseSchema = z.object({
  received: z.literal(true),
  /** applied: changed what we store; duplicate: seen before; ignored: not an event we act on */
  outcome: z.enum(["applied", "duplicate", "ignored"]),
});
