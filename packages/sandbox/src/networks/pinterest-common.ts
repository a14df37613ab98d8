import type { FastifyReply, FastifyRequest } from "fastify";
import { hasScope, isRefusal, type NetworkKit } from "../kit";
import type { PublishedItem } from "../publishing";
import type { Claims } from "../tokens";

/**
 * Pinterest's two environments. The API's sandbox host has its own tokens (from its own token endpoint),
 * boards and pins: a token of one host is refused by the other, and the sandbox starts with no boards.
 */
export const PINTEREST_HOSTS = ["api.pinterest.com", "api-sandbox.pinterest.com"] as const;
export type PinterestHost = (typeof PINTEREST_HOSTS)[number];
export const isSandboxHost = (host: PinterestHost) => host === "api-sandbox.pinterest.com";
/** grants of tokens issued by the sandbox host carry this mark */
export const SANDBOX_GRANT = "sandbox.";

/** Pins made on the API's sandbox host: visible to their creator only, listed on that host only. */
export const SANDBOX_VISIBILITY = "SANDBOX";
/** Whether a pin lives on this host (each host has its own pins). */
export const pinOnHost = (i: PublishedItem, host: PinterestHost) =>
  (i.visibility === SANDBOX_VISIBILITY) === isSandboxHost(host);

export const apiError = (code: number, message: string) => ({ code, message });

/**
 * The caller, or null once refused: a token of this host (401 code 2 otherwise, as for any invalid token)
 * holding every scope the endpoint's reference lists (401 code 3 otherwise).
 */
export function authed(
  kit: NetworkKit,
  host: PinterestHost,
  request: FastifyRequest,
  reply: FastifyReply,
  scopes: string[],
): Claims | null {
  const claims = kit.bearer(request);
  if (isRefusal(claims) || claims.grant.startsWith(SANDBOX_GRANT) !== isSandboxHost(host)) {
    void reply.status(401).send(apiError(2, "Authentication failed."));
    return null;
  }
  if (!scopes.every((s) => hasScope(claims, s))) {
    void reply
      .status(401)
      .send(
        apiError(
          3,
          "Your token does not have sufficient permissions to perform this operation. Please ensure your token is authorized with the correct set of scopes.",
        ),
      );
    return null;
  }
  return claims;
}
