import type { Platform } from "@app/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { CommentStore } from "./comments";
import { type FetchOutcome, fetchMedia, type MediaFetch } from "./media";
import { type Person, personOf } from "./people";
import type { Publishing } from "./publishing";
import type { ReviewSettings } from "./review";
import { type Claims, type Refusal, s256, type TokenStore } from "./tokens";

/** Every sandbox network's app is registered under this id and shares one secret. */
export const SANDBOX_CLIENT_SECRET = "sandbox-client-secret";
export const sandboxClientId = (platform: Platform) => `sandbox-${platform}`;

export type Form = Record<string, string | undefined>;

/** One sandbox network: its consent page settings, error shape and API routes. */
export interface NetworkDefinition {
  platform: Platform;
  label: string;
  /** the authorize page's path, host first: `x.com/i/oauth2/authorize` */
  authorizePath: string;
  /** what the authorize request calls the client (TikTok: client_key) */
  clientParam: "client_id" | "client_key";
  pkce: "required" | "optional" | "none";
  /** scopes are joined with this in the authorize request */
  scopeSeparator: " " | ",";
  codeLifetimeSeconds: number;
  /** Instagram appends `#_` to the redirect */
  redirectFragment?: string;
  /**
   * The network's answer to an authorize request asking for scopes the app may not have (not granted by
   * its review or products), or null when it may ask for them all: shown on the network's error page, or
   * sent back to the app's redirect as `error` and `error_description` where the network does that.
   */
  scopeRefusal?(
    scopes: string[],
    review: ReviewSettings,
  ): { error: string; description: string; redirect: boolean } | null;
  /** the network's error body for a status, with an optional message */
  errorBody(status: number, message?: string): unknown;
  /** extra headers on a 429 (X's rate-limit headers) */
  throttleHeaders?(retryAfterSeconds: number, now: number): Record<string, string>;
  routes(kit: NetworkKit): void;
}

export interface NetworkKit {
  platform: Platform;
  now(): number;
  tokens: TokenStore;
  person(claims: Pick<Claims, "username">): Person;
  /** what the network's app review has granted the sandbox's app now (tests change it) */
  review(): ReviewSettings;
  avatarUrl(person: Person): string;
  get(path: string, handler: Handler): void;
  post(path: string, handler: Handler, options?: RouteOptions): void;
  put(path: string, handler: Handler, options?: RouteOptions): void;
  delete(path: string, handler: Handler): void;
  /** what the network published, and its uploads in progress */
  publishing: Publishing;
  /** the comments on what it published: the audience's, and the account's replies (comments.ts) */
  comments: CommentStore;
  /** pulls a file from a public URL, as Instagram, TikTok and Pinterest do */
  fetchMedia(url: string | undefined): Promise<FetchOutcome>;
  /** the absolute address of one of this network's sandbox paths (upload URLs), host first */
  urlFor(request: FastifyRequest, path: string): string;
  /** the access token of an `Authorization: Bearer` header */
  bearer(request: FastifyRequest): Claims | Refusal;
  /** checks a code against the token request: the redirect it was issued for and its PKCE challenge */
  redeemCode(p: { code?: string; redirectUri?: string; verifier?: string }): Claims | CodeRefusal;
  /** client credentials from `Authorization: Basic` */
  basicClient(request: FastifyRequest): { id: string; secret: string } | null;
  clientOk(id: string | undefined, secret: string | undefined): boolean;
}

export interface RouteOptions {
  /** bytes a JSON or form body may have (default: the server's) */
  bodyLimit?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export type CodeRefusal = Refusal | "redirect-mismatch" | "verifier-mismatch" | "missing";
export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> | unknown;

export const isRefusal = <T extends object>(v: T | string): v is string => typeof v === "string";

/** Query and form values as plain strings (repeated keys: the first). */
export function flat(source: unknown): Form {
  // No prototype: a parameter named `__proto__` or `constructor` is just a parameter.
  const out: Form = Object.create(null);
  if (source && typeof source === "object") {
    for (const [k, v] of Object.entries(source)) {
      const value = Array.isArray(v) ? v[0] : v;
      if (typeof value === "string") out[k] = value;
    }
  }
  return out;
}

export function scopedKit(
  def: NetworkDefinition,
  deps: {
    app: FastifyInstance;
    tokens: TokenStore;
    now: () => number;
    assetBase: string;
    guard: (platform: Platform, request: FastifyRequest, reply: FastifyReply) => boolean;
    publishing: Publishing;
    comments: CommentStore;
    fetch: MediaFetch;
    /** each call's duration now, in ms: half before it is acted on, half before its answer leaves */
    latencyMs?: () => number;
    review: () => ReviewSettings;
  },
): NetworkKit {
  const { app, tokens } = deps;
  const half = () => (deps.latencyMs?.() ?? 0) / 2;
  const route = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, handler: Handler, o: RouteOptions = {}) =>
    app.route({
      method,
      url: `/${def.platform}/${path}`,
      ...(o.bodyLimit !== undefined && { bodyLimit: o.bodyLimit }),
      onSend: async (_request, _reply, payload) => {
        if (half() > 0) await sleep(half());
        return payload;
      },
      handler: async (request, reply) => {
        if (half() > 0) await sleep(half());
        if (deps.guard(def.platform, request, reply)) return reply;
        return handler(request, reply);
      },
    });
  return {
    platform: def.platform,
    now: deps.now,
    tokens,
    person: (claims) => personOf(def.platform, claims.username),
    review: deps.review,
    avatarUrl: (p) => `${deps.assetBase}/sandbox/_assets/avatar/${p.platform}/${encodeURIComponent(p.username)}.svg`,
    get: (path, handler) => route("GET", path, handler),
    post: (path, handler, o) => route("POST", path, handler, o),
    put: (path, handler, o) => route("PUT", path, handler, o),
    delete: (path, handler) => route("DELETE", path, handler),
    publishing: deps.publishing,
    comments: deps.comments,
    fetchMedia: (url) => fetchMedia(deps.fetch, url),
    urlFor: (request, path) => `${request.protocol}://${request.host}${app.prefix}/${def.platform}/${path}`,
    bearer(request) {
      const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "");
      return tokens.read(m?.[1], ["access", "page"]);
    },
    redeemCode({ code, redirectUri, verifier }) {
      if (!code) return "missing";
      const claims = tokens.read(code, "code");
      if (isRefusal(claims)) return claims;
      // A code is spent by any attempt to use it, as on the real networks.
      tokens.spend(claims);
      if (claims.redirectUri !== redirectUri) return "redirect-mismatch";
      if (claims.challenge && (!verifier || s256(verifier) !== claims.challenge)) return "verifier-mismatch";
      return claims;
    },
    basicClient(request) {
      const m = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? "");
      if (!m?.[1]) return null;
      const decoded = Buffer.from(m[1], "base64").toString("utf8");
      const i = decoded.indexOf(":");
      if (i < 0) return null;
      return {
        id: decodeURIComponent(decoded.slice(0, i)),
        secret: decodeURIComponent(decoded.slice(i + 1)),
      };
    },
    clientOk: (id, secret) => id === sandboxClientId(def.platform) && secret === SANDBOX_CLIENT_SECRET,
  };
}

/** Claims of a new grant's tokens, from the code it was redeemed with. */
export const grantOf = (c: Claims) => ({
  platform: c.platform,
  userId: c.userId,
  username: c.username,
  scope: c.scope,
  grant: c.grant,
});

/** Keeps only the fields a request asked for (`fields=a,b`), as Graph-style APIs do. */
export function pick<T extends Record<string, unknown>>(all: T, fields: string | undefined, always: string[] = []) {
  if (!fields) return all;
  const wanted = new Set([...always, ...fields.split(",").map((f) => f.trim().split(/[.{(]/)[0] as string)]);
  return Object.fromEntries(Object.entries(all).filter(([k]) => wanted.has(k)));
}

/** Whether a token was granted a scope (scopes are separated by spaces or commas). */
export const hasScope = (claims: Pick<Claims, "scope">, ...wanted: string[]) => {
  const granted = new Set(claims.scope.split(/[\s,]+/));
  return wanted.some((w) => granted.has(w));
};
