import {
  APP_NAME,
  BILLING_MESSAGES,
  BILLING_RETURN_PATHS,
  NOTIFICATION_DETAIL_MESSAGES,
  TRIAL_DAYS,
} from "@app/shared";
import Stripe from "stripe";
import type { Tx } from "../../db/client";
import { AppError } from "../../http/errors";
import { notify } from "../notifications/notify";
import { personalWorkspace } from "../workspaces/personal-workspace";
import type { BillingProvider, BillingUser } from "./billing.provider";
import type { BillingRepo, ProviderState, SubscriptionRow } from "./billing.repo";
import { isPremium } from "./subscription-state";

export interface StripeSettings {
  secretKey: string;
  priceId: string;
  webhookSecret: string | undefined;
  /** another address for the API (tests): its protocol, host and port */
  apiBase: string | undefined;
}

/** The SDK client; STRIPE_API_BASE points it at another server (a fake in tests). */
export function createStripeClient(settings: Pick<StripeSettings, "secretKey" | "apiBase">): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: APP_NAME },
    ...(base && {
      protocol: base.protocol === "http:" ? "http" : "https",
      host: base.hostname,
      port: base.port || (base.protocol === "http:" ? 80 : 443),
    }),
  });
}

/** The events the webhook acts on; Stripe may be told to send only these. */
export const STRIPE_WEBHOOK_EVENTS = [
  "checkout.session.completed",
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
  "invoice.payment_failed",
] as const;
const HANDLED = new Set<string>(STRIPE_WEBHOOK_EVENTS);

export type WebhookOutcome = "applied" | "duplicate" | "ignored";

const idOf = (ref: string | { id: string } | null | undefined): string | null =>
  ref == null ? null : typeof ref === "string" ? ref : ref.id;
const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/** Which subscription an event is about, whose it is (a workspace) and who subscribed, when the event says so. */
interface SubscriptionRef {
  subscriptionId: string;
  workspaceId: string | null;
  userId: string | null;
}

/**
 * The workspace named by the metadata of our checkouts, customers and subscriptions. Those made before
 * workspaces name only the user (and the checkout's client reference was theirs): migration 0010 moved
 * what they had into their personal workspace.
 */
function workspaceIn(metadata: Stripe.Metadata | null | undefined): string | null {
  if (metadata?.workspace_id) return metadata.workspace_id;
  return metadata?.user_id ? personalWorkspace({ id: metadata.user_id, name: "" }).id : null;
}

function referenceOf(event: Stripe.Event): SubscriptionRef | null {
  const none = { workspaceId: null, userId: null };
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const subscriptionId = idOf(session.subscription);
      if (session.mode !== "subscription" || !subscriptionId) return null;
      return {
        subscriptionId,
        workspaceId: workspaceIn(session.metadata) ?? session.client_reference_id ?? null,
        userId: session.metadata?.user_id ?? null,
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      return { subscriptionId: event.data.object.id, ...none };
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      // Older API versions name the subscription on the invoice itself.
      const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
      const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy);
      return subscriptionId ? { subscriptionId, ...none } : null;
    }
    default:
      return null;
  }
}

/** What the stored row becomes for this subscription, as Stripe has it now. */
function stateOf(sub: Stripe.Subscription): ProviderState {
  const item = sub.items.data[0];
  // Since API version 2025-03-31 the period is on the items; before, on the subscription.
  const legacyEnd = (sub as unknown as { current_period_end?: number }).current_period_end;
  const periodEnd = fromUnix(item?.current_period_end ?? legacyEnd);
  const cancelAt = fromUnix(sub.cancel_at);
  const end = cancelAt && (!periodEnd || cancelAt < periodEnd) ? cancelAt : periodEnd;
  return {
    provider: "stripe",
    tier: "premium",
    status: sub.status,
    currentPeriodEnd: end,
    cancelAtPeriodEnd: sub.cancel_at_period_end || cancelAt !== null,
    trialEnd: fromUnix(sub.trial_end),
    providerCustomerId: idOf(sub.customer),
    providerSubscriptionId: sub.id,
  };
}

/** A failure of Stripe itself (unreachable, overloaded) may pass; a refusal will not. */
export const stripeUnavailable = (err: unknown) =>
  err instanceof Stripe.errors.StripeConnectionError ||
  err instanceof Stripe.errors.StripeRateLimitError ||
  err instanceof Stripe.errors.StripeAPIError;

export interface StripeBillingDeps {
  stripe: Stripe;
  settings: StripeSettings;
  repo: BillingRepo;
  publicUrl: string;
  now: () => Date;
  log: { warn(obj: object, msg: string): void };
  /** a workspace's notifications changed (told after the webhook's transaction) */
  notified?: (workspaceId: string) => void;
}

/**
 * Stripe Checkout (subscription mode, Premium's price, a free trial that asks for no card until it
 * ends), the Customer Portal, and the webhook that writes what Stripe reports into the workspace's row.
 * The customer and the subscription are the workspace's: their metadata (and the checkout's client
 * reference) carry its id, and the id of the member who subscribed.
 */
export function createStripeBilling(deps: StripeBillingDeps) {
  const { stripe, settings, repo, now, log } = deps;
  const url = (path: string) => `${deps.publicUrl}${path}`;

  const metadataOf = (user: BillingUser) => ({ workspace_id: user.workspaceId, user_id: user.userId });

  /** The workspace's Stripe customer, created on its first checkout and remembered. */
  async function customerFor(user: BillingUser, sub: SubscriptionRow | undefined) {
    if (sub?.provider === "stripe" && sub.providerCustomerId) return sub.providerCustomerId;
    const customer = await stripe.customers.create({
      email: user.email,
      name: user.name,
      metadata: metadataOf(user),
    });
    return repo.rememberCustomer(user.workspaceId, user.userId, "stripe", customer.id);
  }

  /**
   * Stripe's current state of a subscription of our Premium price, with its workspace: the one whose
   * customer it is, else the one the checkout or the subscription names. Null for a subscription not ours
   * to track.
   */
  async function read(ref: SubscriptionRef) {
    let sub: Stripe.Subscription;
    try {
      sub = await stripe.subscriptions.retrieve(ref.subscriptionId);
    } catch (err) {
      log.warn({ err, subscription: ref.subscriptionId }, "stripe subscription could not be read");
      throw new AppError(503, "BILLING_PROVIDER_UNAVAILABLE", BILLING_MESSAGES.providerUnavailable);
    }
    if (!sub.items.data.some((item) => item.price.id === settings.priceId)) return null;
    const state = stateOf(sub);
    const known = state.providerCustomerId ? await repo.findByCustomer("stripe", state.providerCustomerId) : undefined;
    const workspaceId = known?.workspaceId ?? ref.workspaceId ?? workspaceIn(sub.metadata);
    const userId = known?.userId ?? ref.userId ?? sub.metadata?.user_id ?? null;
    return workspaceId ? { workspaceId, userId, state } : null;
  }

  /**
   * Stores a state read at `readAt`, unless the workspace is gone, a later read is stored, or it would end
   * a paying subscription with another one's end (a second checkout abandoned).
   */
  async function store(
    tx: Tx,
    found: { workspaceId: string; userId: string | null; state: ProviderState },
    readAt: Date,
  ) {
    if (!(await repo.lockWorkspace(tx, found.workspaceId))) return false;
    const current = await repo.find(found.workspaceId, tx);
    const other =
      current?.providerSubscriptionId && current.providerSubscriptionId !== found.state.providerSubscriptionId;
    if (other && isPremium(current, readAt) && !isPremium(found.state, readAt)) return false;
    // Who subscribed: as stored, else the workspace's owner (a member named by Stripe may have left since).
    const userId = current?.userId ?? (await repo.ownerOf(tx, found.workspaceId)) ?? found.userId;
    if (!userId) return false;
    return repo.applyProviderState(tx, { workspaceId: found.workspaceId, userId }, found.state, readAt);
  }

  const provider: BillingProvider = {
    kind: "stripe",

    async checkout(user, { subscription, trial }) {
      const customer = await customerFor(user, subscription);
      const session = await stripe.checkout.sessions.create({
        mode: "subscription",
        customer,
        client_reference_id: user.workspaceId,
        line_items: [{ price: settings.priceId, quantity: 1 }],
        success_url: url(BILLING_RETURN_PATHS.checkoutSuccess),
        cancel_url: url(BILLING_RETURN_PATHS.checkoutCanceled),
        metadata: metadataOf(user),
        subscription_data: {
          metadata: metadataOf(user),
          // The landing page's promise: a free trial with no card; without one by its end, it is cancelled.
          ...(trial && {
            trial_period_days: TRIAL_DAYS,
            trial_settings: { end_behavior: { missing_payment_method: "cancel" } },
          }),
        },
        ...(trial && { payment_method_collection: "if_required" }),
      });
      if (!session.url) throw new Error("Stripe returned a checkout session without a URL");
      return session.url;
    },

    async portal(_user, subscription) {
      if (subscription?.provider !== "stripe" || !subscription.providerCustomerId)
        throw new AppError(409, "NO_SUBSCRIPTION", BILLING_MESSAGES.noSubscription);
      const session = await stripe.billingPortal.sessions.create({
        customer: subscription.providerCustomerId,
        return_url: url(BILLING_RETURN_PATHS.portalReturn),
      });
      return session.url;
    },

    /** A renewal Stripe has not told us of yet (or a lost webhook): read the subscription again. */
    async sync(subscription) {
      if (subscription.provider !== "stripe" || !subscription.providerSubscriptionId) return;
      const readAt = now();
      const found = await read({
        subscriptionId: subscription.providerSubscriptionId,
        workspaceId: subscription.workspaceId,
        userId: subscription.userId,
      });
      if (found) await repo.transaction((tx) => store(tx, found, readAt));
    },
  };

  return {
    provider,
    webhookEnabled: settings.webhookSecret !== undefined,

    /**
     * Verifies the Stripe-Signature over the raw body, then applies the event once: the subscription it is
     * about is read from Stripe again, so a late or repeated event stores only Stripe's current state.
     */
    async handleWebhook(rawBody: Buffer, signature: string | string[] | undefined): Promise<WebhookOutcome> {
      const secret = settings.webhookSecret;
      let event: Stripe.Event;
      try {
        if (!secret || !signature) throw new Error("no signature");
        event = stripe.webhooks.constructEvent(rawBody, signature, secret, undefined, undefined, now().getTime());
      } catch {
        throw new AppError(400, "INVALID_SIGNATURE", BILLING_MESSAGES.invalidSignature);
      }
      if (!HANDLED.has(event.type)) return "ignored";
      if (await repo.eventSeen(event.id)) return "duplicate";
      const ref = referenceOf(event);
      const readAt = now();
      let notifiedWorkspace: string | undefined;
      const found = ref ? await read(ref) : null;
      const outcome = await repo.transaction(async (tx): Promise<WebhookOutcome> => {
        const first = await repo.recordEvent(tx, {
          id: event.id,
          provider: "stripe",
          type: event.type,
          createdAt: new Date(event.created * 1000),
        });
        if (!first) return "duplicate";
        if (!found) return "ignored";
        const stored = await store(tx, found, readAt);
        // A failed payment tells the workspace's owners, once per invoice (Stripe retries it: each failure of the
        // same invoice is one event to them), whether or not the state it read was newer than the stored one.
        if (event.type === "invoice.payment_failed") {
          const invoice = event.data.object as Stripe.Invoice;
          const told = await notify(
            tx,
            {
              workspaceId: found.workspaceId,
              kind: "payment_failed",
              dedupeKey: `payment_failed:${invoice.id ?? event.id}`,
              audience: { roles: ["owner"] },
              message: NOTIFICATION_DETAIL_MESSAGES.paymentFailed,
              data: { provider: "stripe" },
            },
            readAt,
          );
          if (told.length > 0) notifiedWorkspace = found.workspaceId;
        }
        return stored ? "applied" : "ignored";
      });
      if (notifiedWorkspace) deps.notified?.(notifiedWorkspace);
      return outcome;
    },
  };
}
export type StripeBilling = ReturnType<typeof createStripeBilling>;
