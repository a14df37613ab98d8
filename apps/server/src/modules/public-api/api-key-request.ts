import type { FastifyRequest } from "fastify";
import type { Db } from "../../db/client";
import { type ApiKeyPrincipal, authenticateApiKey } from "../api-keys/api-key-auth";
import type { SessionUser } from "../auth/session";

declare module "fastify" {
  interface FastifyRequest {
    /** the API key a request under /api/v1 (or to the MCP server) acts with; null for the app's own requests */
    apiKey: ApiKeyPrincipal | null;
  }
}

/**
 * Signs a request in with its API key: the key's creator in the key's workspace, as a session would (so the
 * routes' memberOf() works unchanged), and `request.apiKey` set (requireUser then reads no cookie).
 */
export function signInWithApiKey(request: FastifyRequest, principal: ApiKeyPrincipal) {
  request.apiKey = principal;
  // Routes read the id (and at most the name and e-mail) of the user; the rest of a session's user is not known.
  request.user = principal.user as SessionUser;
  request.sessionId = null;
  request.workspace = principal.workspace;
}

/**
 * onRequest hook of the routes that take an API key: `Authorization: Bearer <key>` is required (401 in the one
 * error shape otherwise); cookies are never read.
 */
export function requireApiKey(db: Db, now: () => Date = () => new Date()) {
  return async (request: FastifyRequest) => {
    signInWithApiKey(request, await authenticateApiKey(db, request.headers.authorization, now()));
  };
}
