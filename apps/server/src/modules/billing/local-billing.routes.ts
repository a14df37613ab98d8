import {
  billingUrlResponseSchema,
  localBillingSessionParamsSchema,
  localBillingSessionResponseSchema,
  localPortalActionResponseSchema,
} from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Auth } from "../auth/auth";
import { memberOf, requireUser } from "../auth/session";
import type { LocalBilling } from "./local-billing";

/**
 * What the web app's test-mode checkout page (/billing/local/checkout?session=…) and portal page
 * (/billing/local/portal?session=…) call. Each session is its workspace's own and expires; only who may
 * manage billing (the owner) may complete a checkout or act in the portal.
 */
export async function localBillingRoutes(app: FastifyInstance, opts: { auth: Auth; local: LocalBilling }) {
  const { local } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["billing"];
  const params = localBillingSessionParamsSchema;
  const base = "/api/billing/local/sessions/:token";

  r.get(
    base,
    {
      preHandler,
      schema: {
        tags,
        summary: "Test mode: the checkout or portal session, the plan and the current subscription",
        params,
        response: { 200: localBillingSessionResponseSchema },
      },
    },
    async (req) => local.describe(memberOf(req), req.params.token),
  );

  r.post(
    `${base}/complete`,
    {
      preHandler,
      schema: {
        tags,
        summary: "Test mode checkout: start Premium now; answers with the page to return to",
        params,
        response: { 200: billingUrlResponseSchema },
      },
    },
    async (req) => ({ url: await local.complete(memberOf(req), req.params.token) }),
  );

  const actions = {
    cancel: "Test mode portal: cancel at the end of the period (Premium until then)",
    resume: "Test mode portal: keep a subscription that was set to end",
    renew: "Test mode portal: pay the next month now (the period moves on by a month)",
    expire: "Test mode portal: end the current period now, as if its end date had come",
  } as const;
  for (const [action, summary] of Object.entries(actions) as [keyof typeof actions, string][]) {
    r.post(
      `${base}/${action}`,
      { preHandler, schema: { tags, summary, params, response: { 200: localPortalActionResponseSchema } } },
      async (req) => ({ subscription: await local[action](memberOf(req), req.params.token) }),
    );
  }
}
