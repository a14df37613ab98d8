import { billingUrlResponseSchema, subscriptionStatusSchema } from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Auth } from "../auth/auth";
import { currentUser, memberOf, requireUser } from "../auth/session";
import type { BillingService } from "./billing.service";
import { localBillingRoutes } from "./local-billing.routes";
import { stripeWebhookRoutes } from "./stripe-webhook.routes";

/** Checkouts and portals cost a call to the provider each: a person needs a few a minute at most. */
const PROVIDER_CALLS_PER_MINUTE = 20;

/** The spec's check-subscription, create-checkout and customer-portal, and the provider's own routes. */
export async function billingRoutes(app: FastifyInstance, opts: { auth: Auth; service: BillingService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["billing"];
  const rateLimit = { max: PROVIDER_CALLS_PER_MINUTE, timeWindow: 60_000 };
  /** The member, with the e-mail and name the provider's customer is made with. */
  const billingMember = (req: Parameters<typeof currentUser>[0]) => {
    const { user } = currentUser(req);
    return { ...memberOf(req), email: user.email, name: user.name };
  };

  r.get(
    "/api/billing/subscription",
    {
      preHandler,
      schema: {
        tags,
        summary: "The workspace's subscription: subscribed, subscription_tier, subscription_end and more",
        response: { 200: subscriptionStatusSchema },
      },
    },
    async (req) => service.status(memberOf(req)),
  );

  r.post(
    "/api/billing/checkout",
    {
      preHandler,
      config: { rateLimit },
      schema: {
        tags,
        summary:
          "Start a Premium subscription for the workspace (owner): the address of the checkout (open it in a new tab)",
        response: { 200: billingUrlResponseSchema },
      },
    },
    async (req) => ({ url: await service.checkout(billingMember(req)) }),
  );

  r.post(
    "/api/billing/portal",
    {
      preHandler,
      config: { rateLimit },
      schema: {
        tags,
        summary:
          "Manage the workspace's subscription (owner): the address of the billing portal (open it in a new tab)",
        response: { 200: billingUrlResponseSchema },
      },
    },
    async (req) => ({ url: await service.portal(billingMember(req)) }),
  );

  if (service.local) await app.register(localBillingRoutes, { auth: opts.auth, local: service.local });
  if (service.stripe?.webhookEnabled) await app.register(stripeWebhookRoutes, { stripe: service.stripe });
  else if (service.stripe)
    app.log.warn("STRIPE_WEBHOOK_SECRET is not set: Stripe cannot tell this server about subscriptions");
}
