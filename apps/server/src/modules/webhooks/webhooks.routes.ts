import {
  createWebhookBodySchema,
  createWebhookResponseSchema,
  updateWebhookBodySchema,
  webhookDeliveriesQuerySchema,
  webhookDeliveriesResponseSchema,
  webhookEndpointResponseSchema,
  webhookListResponseSchema,
  webhookTestResponseSchema,
} from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/auth";
import { memberOf, requireUser } from "../auth/session";
import type { WebhooksService } from "./webhooks.service";

/** Any id is taken: one that is not an endpoint of the workspace (a uuid or not) answers 404. */
const idParams = z.object({ id: z.string().describe("the webhook endpoint's id") });

/** Webhook endpoints and their delivery log; every route needs integration.manage (the owner and admins). */
export async function webhooksRoutes(app: FastifyInstance, opts: { auth: Auth; service: WebhooksService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["webhooks"];

  r.get(
    "/api/webhooks",
    {
      preHandler,
      schema: {
        tags,
        summary: "The workspace's webhook endpoints (never their secrets)",
        response: { 200: webhookListResponseSchema },
      },
    },
    async (req) => ({ webhooks: await service.list(memberOf(req)) }),
  );

  r.post(
    "/api/webhooks",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Add a webhook endpoint: a public http(s) address and the events it is sent; answers its signing secret, shown this once",
        body: createWebhookBodySchema,
        response: { 201: createWebhookResponseSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await service.create(memberOf(req), req.body)),
  );

  r.patch(
    "/api/webhooks/:id",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Change an endpoint's address, events or description, or turn it on or off (on again clears its failures)",
        params: idParams,
        body: updateWebhookBodySchema,
        response: { 200: webhookEndpointResponseSchema },
      },
    },
    async (req) => ({ webhook: await service.update(memberOf(req), req.params.id, req.body) }),
  );

  r.delete(
    "/api/webhooks/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Delete a webhook endpoint; its deliveries still waiting are dropped",
        params: idParams,
      },
    },
    async (req, reply) => {
      await service.remove(memberOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    "/api/webhooks/:id/test",
    {
      preHandler,
      schema: {
        tags,
        summary: "Send a webhook.test event to the endpoint now (not retried); answers the delivery with its outcome",
        params: idParams,
        response: { 200: webhookTestResponseSchema },
      },
    },
    async (req) => ({ delivery: await service.test(memberOf(req), req.params.id) }),
  );

  r.get(
    "/api/webhooks/:id/deliveries",
    {
      preHandler,
      schema: {
        tags,
        summary: "The endpoint's deliveries, newest first, a page at a time (pass `next` as `before`)",
        params: idParams,
        querystring: webhookDeliveriesQuerySchema,
        response: { 200: webhookDeliveriesResponseSchema },
      },
    },
    async (req) => service.deliveries(memberOf(req), req.params.id, req.query.before),
  );
}
