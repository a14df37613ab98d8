import { API_KEY_MESSAGES, ERROR_CODES } from "@app/shared";
import type { RateLimitOptions } from "@fastify/rate-limit";
import type { Config } from "../../config/env";
import { AppError } from "../../http/errors";
import "./api-key-request";

/** The routes limited per API key count together: /api/v1 and the MCP server share a key's allowance. */
export const API_KEY_RATE_LIMIT_GROUP = "api-key";

/**
 * The rate limit of a route taken with an API key (its `config.rateLimit`): config.apiRateLimit requests per
 * window per key, counted after the key is known (preHandler), whichever of these routes they go to. Answers
 * carry RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset; a 429 carries Retry-After, in the error shape.
 */
export function apiKeyRateLimit(config: Pick<Config, "apiRateLimit">): RateLimitOptions {
  return {
    max: config.apiRateLimit.max,
    timeWindow: config.apiRateLimit.windowMs,
    hook: "preHandler",
    groupId: API_KEY_RATE_LIMIT_GROUP,
    // A request gets here only once its key was accepted (onRequest); the address is a fallback, never used.
    keyGenerator: (req) => `api-key:${req.apiKey?.keyId ?? req.ip}`,
    errorResponseBuilder: (_req, context) =>
      new AppError(429, ERROR_CODES.rateLimited, API_KEY_MESSAGES.rateLimited(Math.ceil(context.ttl / 1000))),
  };
}
