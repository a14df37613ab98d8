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

interface Window {
  count: number;
  startedAt: number;
}

type Incremented = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * The rate limiter's counters (@fastify/rate-limit's `store`). Its own local store keeps a set of counters per
 * route; here routes of one `groupId` share theirs, so a group's limit holds across its routes (an API key's
 * allowance is one, whatever it calls). Routes without a group keep counters of their own, as before.
 */
export class RateLimitStore {
  private readonly windows = new Map<string, Window>();

  constructor(
    _options?: unknown,
    private readonly groups = new Map<string, RateLimitStore>(),
    /** counters kept at most: beyond it, ended windows go, then the oldest */
    private readonly capacity = 10_000,
  ) {}

  incr(key: string, callback: Incremented, timeWindow: number) {
    const nowMs = Date.now();
    let window = this.windows.get(key);
    if (!window || window.startedAt + timeWindow <= nowMs) {
      window = { count: 0, startedAt: nowMs };
      this.windows.delete(key);
      this.windows.set(key, window);
      this.prune(nowMs, timeWindow);
    }
    window.count += 1;
    callback(null, { current: window.count, ttl: window.startedAt + timeWindow - nowMs });
  }

  read(key: string, callback: Incremented, timeWindow: number) {
    const nowMs = Date.now();
    const window = this.windows.get(key);
    if (!window || window.startedAt + timeWindow <= nowMs) return callback(null, { current: 0, ttl: 0 });
    callback(null, { current: window.count, ttl: window.startedAt + timeWindow - nowMs });
  }

  /** `options`: the route's rate-limit settings merged with the plugin's */
  child(options: object): RateLimitStore {
    const { groupId } = options as { groupId?: string };
    if (!groupId) return new RateLimitStore(undefined, this.groups, this.capacity);
    let shared = this.groups.get(groupId);
    if (!shared) {
      shared = new RateLimitStore(undefined, this.groups, this.capacity);
      this.groups.set(groupId, shared);
    }
    return shared;
  }

  private prune(nowMs: number, timeWindow: number) {
    if (this.windows.size <= this.capacity) return;
    for (const [key, window] of this.windows) {
      if (window.startedAt + timeWindow <= nowMs) this.windows.delete(key);
    }
    // Still full: the oldest windows go (a Map keeps the order they were started in).
    for (const key of this.windows.keys()) {
      if (this.windows.size <= this.capacity) break;
      this.windows.delete(key);
    }
  }
}
