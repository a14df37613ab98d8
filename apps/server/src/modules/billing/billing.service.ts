import { BILLING_MESSAGES, type SubscriptionStatus } from "@app/shared";
import type Stripe from "stripe";
import type { Config } from "../../config/env";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import type { BillingProvider, BillingUser } from "./billing.provider";
import { createBillingRepo, type SubscriptionRow } from "./billing.repo";
import { createLocalBilling, type LocalBilling } from "./local-billing";
import { createStripeBilling, createStripeClient, type StripeBilling, stripeUnavailable } from "./stripe-billing";
import { isPremium, statusView, trialAvailable } from "./subscription-state";

export interface BillingDeps {
  db: Db;
  billing: Config["billing"];
  publicUrl: string;
  now?: () => Date;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
  /** Defaults to a client made from the configuration. */
  stripe?: Stripe;
}

/** How often a status check may read a subscription back from the provider. */
const SYNC_EVERY_MS = 10 * 60_000;

/**
 * A stored paid subscription whose period is over, not read from the provider lately: Stripe may have
 * renewed it without telling us yet (a webhook late or lost).
 */
const mayBeStale = (sub: SubscriptionRow | undefined, now: Date): sub is SubscriptionRow =>
  sub !== undefined &&
  (sub.status === "active" || sub.status === "trialing") &&
  sub.currentPeriodEnd !== null &&
  sub.currentPeriodEnd.getTime() <= now.getTime() &&
  (sub.syncedAt === null || now.getTime() - sub.syncedAt.getTime() >= SYNC_EVERY_MS);

/**
 * The spec's check-subscription, create-checkout and customer-portal, with Stripe when configured and
 * local test-mode billing otherwise.
 */
export function createBillingService(deps: BillingDeps) {
  const now = deps.now ?? (() => new Date());
  const repo = createBillingRepo(deps.db);
  const settings = deps.billing;
  const stripe: StripeBilling | undefined =
    settings.kind === "stripe"
      ? createStripeBilling({
          stripe: deps.stripe ?? createStripeClient(settings),
          settings,
          repo,
          publicUrl: deps.publicUrl,
          now,
          log: deps.log,
        })
      : undefined;
  const local: LocalBilling | undefined = stripe
    ? undefined
    : createLocalBilling({ repo, publicUrl: deps.publicUrl, now });
  const provider: BillingProvider = (stripe ?? (local as LocalBilling)).provider;

  /** Errors of the provider become the spec's message; the cause goes to the log only. */
  async function throughProvider<T>(work: () => Promise<T>, message: string, what: string): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof AppError) throw err;
      deps.log.error({ err }, `${what} failed`);
      throw new AppError(stripeUnavailable(err) ? 503 : 424, "BILLING_PROVIDER_ERROR", message);
    }
  }

  return {
    kind: provider.kind,
    /** the test-mode pages' actions (undefined with Stripe) */
    local,
    /** the webhook (undefined without Stripe) */
    stripe,

    async status(userId: string): Promise<SubscriptionStatus> {
      let sub = await repo.find(userId);
      if (provider.sync && mayBeStale(sub, now())) {
        try {
          await provider.sync(sub);
          sub = await repo.find(userId);
        } catch (err) {
          deps.log.warn({ err }, "subscription could not be refreshed from the billing provider");
        }
      }
      return statusView(sub, provider.kind, now());
    },

    async checkout(user: BillingUser): Promise<string> {
      const subscription = await repo.find(user.id);
      if (isPremium(subscription, now()))
        throw new AppError(409, "ALREADY_SUBSCRIBED", BILLING_MESSAGES.alreadySubscribed);
      return throughProvider(
        () => provider.checkout(user, { subscription, trial: trialAvailable(subscription) }),
        BILLING_MESSAGES.checkoutFailed,
        "checkout",
      );
    },

    async portal(user: BillingUser): Promise<string> {
      const subscription = await repo.find(user.id);
      return throughProvider(() => provider.portal(user, subscription), BILLING_MESSAGES.portalFailed, "portal");
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
