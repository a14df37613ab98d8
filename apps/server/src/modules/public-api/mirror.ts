import { PUBLIC_API_PREFIX } from "@app/shared";
import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import type { Config } from "../../config/env";
import type { Db } from "../../db/client";
import { assertScope } from "../api-keys/api-key-auth";
import { requireApiKey } from "./api-key-request";
import { PUBLIC_ROUTES, publicPath, type ScopeRule, scopeFor } from "./public-routes";
import { apiKeyRateLimit } from "./rate-limit";

declare module "fastify" {
  interface FastifyContextConfig {
    /** set on the /api/v1 copy of a route: the mirror does not copy it again */
    publicApiMirror?: true;
  }
}

export const PUBLIC_API_TAG = "public API v1";

// Hooks of any signature, as the route has them.
// biome-ignore lint/suspicious/noExplicitAny: a route's hooks are typed per route; they are only passed on here
const asList = (hook: unknown): any[] => (hook === undefined ? [] : Array.isArray(hook) ? hook : [hook]);

/**
 * The public API: each route of PUBLIC_ROUTES is registered a second time at /api/v1/…, in the same plugin (its
 * body parsers, multipart included, come along), with the same schema and handler, and:
 * - an onRequest hook that signs the request in with its `Authorization: Bearer` key (401 otherwise; no cookie is
 *   read: requireUser, the route's own preHandler, does nothing once `request.apiKey` is set);
 * - the key's scope checked: at once when the route needs one scope (before the body is read), or in a preHandler
 *   before the route's own when the scope depends on the body or the query (parsed and validated then);
 * - the per-key rate limit;
 * - in the OpenAPI document, the tag "public API v1" and the bearerAuth security.
 * Must be called before the route plugins register (their routes reach this hook).
 */
export function mirrorPublicRoutes(app: FastifyInstance, deps: { db: Db; config: Config; now?: () => Date }) {
  const authenticate = requireApiKey(deps.db, deps.now);
  const rateLimit = apiKeyRateLimit(deps.config);

  app.addHook("onRoute", function mirror(this: FastifyInstance, route) {
    if (route.config?.publicApiMirror || route.prefix !== "") return;
    for (const method of asList(route.method)) {
      const rule = PUBLIC_ROUTES[`${method} ${route.url}`];
      if (!rule) continue;
      this.route({
        ...route,
        method,
        url: publicPath(PUBLIC_API_PREFIX, route.url),
        path: undefined,
        onRequest: [authenticate, ...(typeof rule === "string" ? [checkScope(rule)] : []), ...asList(route.onRequest)],
        preHandler: [...(typeof rule === "function" ? [checkScope(rule)] : []), ...asList(route.preHandler)],
        config: { ...route.config, publicApiMirror: true, rateLimit },
        schema: { ...route.schema, tags: [PUBLIC_API_TAG], security: [{ bearerAuth: [] }] },
      } as RouteOptions);
    }
  });
}

function checkScope(rule: ScopeRule) {
  return async (request: FastifyRequest) => {
    if (!request.apiKey) throw new Error("a public API route without its key");
    assertScope(request.apiKey, scopeFor(rule, request));
  };
}
