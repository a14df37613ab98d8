import { BILLING_MESSAGES, type SubscriptionStatus } from "@app/shared";
import type Stripe from "stripe";
import type { Config } from "../../config/env";
import type { Db } from "../../db/client";
import { AppError } from "../../http/errors";
import { assertCan, type Member } from "../workspaces/member";
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
  /** a workspace's notifications changed (a failed payment told its owners) */
  notified?: (workspaceId: string) => void;
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

/** The signed-in member, with the e-mail and name the provider's customer is made with. */
export type BillingMember = Member & { email: string; name: string };

const customerOf = (member: BillingMember): BillingUser => ({
  workspaceId: member.workspaceId,
  userId: member.userId,
  email: member.email,
  name: member.name,
});

/**
 * The spec's check-subscription, create-checkout and customer-portal, with Stripe when configured and
 * local test-mode billing otherwise. The plan is the workspace's: every member may read it, only who may
 * manage billing (the owner) may start a checkout or open the portal.
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
          notified: deps.notified,
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

    async status(member: Member): Promise<SubscriptionStatus> {
      let sub = await repo.find(member.workspaceId);
      if (provider.sync && mayBeStale(sub, now())) {
        try {
          await provider.sync(sub);
          sub = await repo.find(member.workspaceId);
        } catch (err) {
          deps.log.warn({ err }, "subscription could not be refreshed from the billing provider");
        }
      }
      return statusView(sub, provider.kind, now());
    },

    async checkout(member: BillingMember): Promise<string> {
      assertCan(member, "billing", "manage");
      const subscription = await repo.find(member.workspaceId);
      if (isPremium(subscription, now()))
        throw new AppError(409, "ALREADY_SUBSCRIBED", BILLING_MESSAGES.alreadySubscribed);
      return throughProvider(
        () => provider.checkout(customerOf(member), { subscription, trial: trialAvailable(subscription) }),
        BILLING_MESSAGES.checkoutFailed,
        "checkout",
      );
    },

    async portal(member: BillingMember): Promise<string> {
      assertCan(member, "billing", "manage");
      const subscription = await repo.find(member.workspaceId);
      return throughProvider(
        () => provider.portal(customerOf(member), subscription),
        BILLING_MESSAGES.portalFailed,
        "portal",
      );
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
