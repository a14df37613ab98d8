import { apiKeyListResponseSchema, createApiKeyBodySchema, createApiKeyResponseSchema } from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/auth";
import { memberOf, requireUser } from "../auth/session";
import type { ApiKeysService } from "./api-keys.service";

/** Any id is taken: one that is not a live key of the workspace (a uuid or not) answers 404. */
const idParams = z.object({ id: z.string().describe("the API key's id") });

/**
 * Settings → API keys, with the app's session only: these routes are not mirrored under /api/v1 (a key never
 * mints or revokes keys). Owners and admins.
 */
export async function apiKeysRoutes(app: FastifyInstance, opts: { auth: Auth; service: ApiKeysService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["api keys"];

  r.get(
    "/api/api-keys",
    {
      preHandler,
      schema: {
        tags,
        summary: "The workspace's API keys not revoked, newest first (owners and admins); never the keys themselves",
        response: { 200: apiKeyListResponseSchema },
      },
    },
    async (req) => ({ keys: await service.list(memberOf(req)) }),
  );

  r.post(
    "/api/api-keys",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Create an API key with a name, scopes and an optional expiry (owners and admins); the whole key is in this answer only",
        body: createApiKeyBodySchema,
        response: { 201: createApiKeyResponseSchema },
      },
    },
    async (req, reply) => {
      const member = memberOf(req);
      return reply.status(201).send(await service.create(member, { name: req.user?.name ?? "" }, req.body));
    },
  );

  r.delete(
    "/api/api-keys/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Revoke an API key (owners and admins): requests with it get 401 from now on",
        params: idParams,
      },
    },
    async (req, reply) => {
      await service.revoke(memberOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
