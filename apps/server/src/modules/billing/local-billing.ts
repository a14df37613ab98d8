import {
  BILLING_MESSAGES,
  BILLING_RETURN_PATHS,
  LOCAL_BILLING_PAGES,
  type LocalBillingSession,
  PLANS,
  type SubscriptionStatus,
  TRIAL_DAYS,
} from "@app/shared";
import { AppError } from "../../http/errors";
import { randomToken, sha256 } from "../../lib/crypto";
import { assertCan, type Member } from "../workspaces/member";
import type { BillingProvider } from "./billing.provider";
import type { BillingRepo, BillingSessionRow, SubscriptionRow } from "./billing.repo";
import { addMonths, isPremium, statusView, trialAvailable } from "./subscription-state";

/** How long a test-mode checkout or portal page stays usable after it was opened. */
export const LOCAL_SESSION_TTL_MS = 30 * 60_000;
const DAY_MS = 86_400_000;

type SessionKind = "checkout" | "portal";

export interface LocalBillingDeps {
  repo: BillingRepo;
  publicUrl: string;
  now: () => Date;
}

const invalidSession = () => new AppError(404, "BILLING_SESSION_INVALID", BILLING_MESSAGES.sessionInvalid);
const notSubscribed = () => new AppError(409, "NOT_SUBSCRIBED", BILLING_MESSAGES.notSubscribed);

/**
 * Billing without Stripe, entirely inside the app (test mode: no card, nothing charged). Checkout and
 * portal are pages of the web app; they act through the endpoints of local-billing.routes.ts. Sessions and
 * the subscription are the workspace's: any member may look at a session, only who may manage billing
 * (the owner) may act on it.
 *
 * A checkout starts Premium at once: trialing for TRIAL_DAYS when the workspace has not had a trial, else
 * active for one month. As with Stripe's trial that needs no payment method, nothing renews it by
 * itself: it ends at its period end unless renewed in the portal ("Renew now" stands for the payment
 * of the next month). Cancel keeps Premium until the period end and then ends it; Resume undoes that;
 * "End period now" brings the period end to the present.
 */
export function createLocalBilling(deps: LocalBillingDeps) {
  const { repo, now } = deps;
  const url = (path: string) => `${deps.publicUrl}${path}`;

  async function newSession(by: { workspaceId: string; userId: string }, kind: SessionKind): Promise<string> {
    const token = randomToken();
    await repo.deleteExpiredSessions(by.workspaceId, now());
    await repo.createSession({
      tokenHash: sha256(token),
      workspaceId: by.workspaceId,
      userId: by.userId,
      kind,
      expiresAt: new Date(now().getTime() + LOCAL_SESSION_TTL_MS),
    });
    return `${url(LOCAL_BILLING_PAGES[kind])}?session=${encodeURIComponent(token)}`;
  }

  /** The workspace's own, unexpired session of this kind. */
  async function openSession(workspaceId: string, token: string, kind?: SessionKind): Promise<BillingSessionRow> {
    const session = await repo.findSession(workspaceId, sha256(token));
    if (!session || session.expiresAt.getTime() <= now().getTime()) throw invalidSession();
    if (kind && session.kind !== kind)
      throw new AppError(409, "BILLING_SESSION_KIND", BILLING_MESSAGES.sessionWrongKind);
    return session;
  }

  const view = (sub: SubscriptionRow | undefined): SubscriptionStatus => statusView(sub, "local", now());

  /** Changes the workspace's current local subscription, one change at a time. */
  async function change(
    member: Member,
    token: string,
    apply: (sub: SubscriptionRow) => Partial<SubscriptionRow>,
  ): Promise<SubscriptionStatus> {
    assertCan(member, "billing", "manage");
    await openSession(member.workspaceId, token, "portal");
    return repo.transactionForWorkspace(member.workspaceId, async (tx) => {
      const sub = await repo.find(member.workspaceId, tx);
      if (sub?.provider !== "local" || !isPremium(sub, now())) throw notSubscribed();
      return view(await repo.update(tx, member.workspaceId, apply(sub)));
    });
  }

  const provider: BillingProvider = {
    kind: "local",
    checkout: (user) => newSession(user, "checkout"),
    async portal(user, sub) {
      if (sub?.provider !== "local" || !sub.providerSubscriptionId)
        throw new AppError(409, "NO_SUBSCRIPTION", BILLING_MESSAGES.noSubscription);
      return newSession(user, "portal");
    },
  };

  return {
    provider,

    /** What the checkout or portal page shows. */
    async describe(member: Member, token: string): Promise<LocalBillingSession> {
      const session = await openSession(member.workspaceId, token);
      const sub = await repo.find(member.workspaceId);
      const checkout = session.kind === "checkout";
      return {
        session: {
          kind: checkout ? "checkout" : "portal",
          expiresAt: session.expiresAt.toISOString(),
          returnUrl: url(checkout ? BILLING_RETURN_PATHS.checkoutSuccess : BILLING_RETURN_PATHS.portalReturn),
          cancelUrl: checkout ? url(BILLING_RETURN_PATHS.checkoutCanceled) : null,
          plan: {
            name: PLANS.premium.name,
            priceLabel: PLANS.premium.priceLabel,
            trialDays: trialAvailable(sub) ? TRIAL_DAYS : 0,
          },
        },
        subscription: view(sub),
      };
    },

    /**
     * The checkout page's "Start subscription": Premium starts now. Answers with the page to return to;
     * the same session completed again (a double click) starts nothing more.
     */
    async complete(member: Member, token: string): Promise<string> {
      assertCan(member, "billing", "manage");
      const successUrl = url(BILLING_RETURN_PATHS.checkoutSuccess);
      await openSession(member.workspaceId, token, "checkout");
      return repo.transactionForWorkspace(member.workspaceId, async (tx) => {
        const start = now();
        if (!(await repo.completeSession(tx, sha256(token), start))) return successUrl;
        const sub = await repo.find(member.workspaceId, tx);
        if (isPremium(sub, start)) throw new AppError(409, "ALREADY_SUBSCRIBED", BILLING_MESSAGES.alreadySubscribed);
        const trial = trialAvailable(sub);
        const end = trial ? new Date(start.getTime() + TRIAL_DAYS * DAY_MS) : addMonths(start);
        await repo.putLocal(tx, member, {
          provider: "local",
          tier: "premium",
          status: trial ? "trialing" : "active",
          currentPeriodEnd: end,
          cancelAtPeriodEnd: false,
          trialEnd: trial ? end : (sub?.trialEnd ?? null),
          providerCustomerId: null,
          providerSubscriptionId: `local_sub_${randomToken(12)}`,
        });
        return successUrl;
      });
    },

    /** Portal: ends the subscription at its period end (Premium until then). */
    cancel: (member: Member, token: string) => change(member, token, () => ({ cancelAtPeriodEnd: true })),

    /** Portal: keeps a subscription that was set to end. */
    resume: (member: Member, token: string) =>
      change(member, token, (sub) => {
        if (!sub.cancelAtPeriodEnd) throw new AppError(409, "NOT_CANCELING", BILLING_MESSAGES.notCanceling);
        return { cancelAtPeriodEnd: false };
      }),

    /**
     * Portal: the next month is paid now (test mode). The period moves on by a month from its current
     * end, a trial becomes an active subscription, and a cancellation is undone.
     */
    renew: (member: Member, token: string) =>
      change(member, token, (sub) => ({
        status: "active",
        currentPeriodEnd: addMonths(sub.currentPeriodEnd ?? now()),
        cancelAtPeriodEnd: false,
      })),

    /**
     * Portal, test mode only: the period ends now, as if its end date had come, so the way back to Free
     * can be tried without waiting for it (nothing renews a local subscription by itself).
     */
    expire: (member: Member, token: string) =>
      change(member, token, (sub) => {
        const end = now();
        return { currentPeriodEnd: end, trialEnd: sub.status === "trialing" ? end : sub.trialEnd };
      }),
  };
}
export type LocalBilling = ReturnType<typeof createLocalBilling>;
