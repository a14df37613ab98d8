import { webhookResponseSchema } from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { StripeBilling } from "./stripe-billing";

/**
 * POST /api/billing/webhook, in a plugin of its own: the signature is over the exact bytes Stripe sent,
 * so here (and only here) bodies are kept raw instead of parsed.
 */
export async function stripeWebhookRoutes(app: FastifyInstance, opts: { stripe: StripeBilling }) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));

  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/billing/webhook",
    {
      schema: {
        tags: ["billing"],
        summary: "Stripe's events (signed with the Stripe-Signature header)",
        response: { 200: webhookResponseSchema },
      },
    },
    async (req) => {
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const outcome = await opts.stripe.handleWebhook(raw, req.headers["stripe-signature"]);
      return { received: true as const, outcome };
    },
  );
}
