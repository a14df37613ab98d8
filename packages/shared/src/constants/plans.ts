export type PlanId = "free" | "premium";

export interface PlanFeature {
  label: string;
  included: boolean;
}

export interface Plan {
  id: PlanId;
  name: string;
  priceMonthly: number;
  priceLabel: string;
  description: string;
  /** null means unlimited */
  limits: { socialAccounts: number | null; postsPerMonth: number | null };
  features: PlanFeature[];
}

export const TRIAL_DAYS = 14;

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: "free",
    name: "Free",
    priceMonthly: 0,
    priceLabel: "$0",
    description: "For getting started on your own.",
    limits: { socialAccounts: 3, postsPerMonth: 5 },
    features: [
      { label: "Up to 3 social accounts", included: true },
      { label: "5 posts per month", included: true },
      { label: "Basic analytics", included: true },
      { label: "Community support", included: true },
      { label: "Advanced analytics", included: false },
      { label: "Team collaboration", included: false },
      { label: "Priority support", included: false },
      { label: "Advanced scheduling", included: false },
    ],
  },
  premium: {
    id: "premium",
    name: "Premium",
    priceMonthly: 12.99,
    priceLabel: "$12.99",
    description: "For creators and teams who publish every day.",
    limits: { socialAccounts: null, postsPerMonth: null },
    features: [
      { label: "Unlimited social accounts", included: true },
      { label: "Unlimited posts", included: true },
      { label: "Advanced analytics and reporting", included: true },
      { label: "Advanced scheduling", included: true },
      { label: "Team collaboration", included: true },
      { label: "Priority support", included: true },
    ],
  },
};

/** Premium's billing period: local test-mode billing moves a subscription on by this many months. */
export const BILLING_PERIOD_MONTHS = 1;

/** Where billing sends the user back to (checkout success and cancel, the portal's return). */
export const BILLING_RETURN_PATHS = {
  checkoutSuccess: "/premium?success=true",
  checkoutCanceled: "/free-plan?canceled=true",
  portalReturn: "/premium",
} as const;

/**
 * The app's own pages of local test-mode billing (used when Stripe is not configured); each gets the
 * session token as `?session=<token>`.
 */
export const LOCAL_BILLING_PAGES = {
  checkout: "/billing/local/checkout",
  portal: "/billing/local/portal",
} as const;
