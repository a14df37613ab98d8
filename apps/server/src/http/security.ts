import { ERROR_CODES, GENERIC_MESSAGES, HTTP_MESSAGES, PUBLIC_API_PREFIX } from "@app/shared";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config/env";
import { errorBody } from "./errors";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing /api routes called by other servers, which send no Origin: each proves itself otherwise.
 * Stripe's webhook is verified by its signature over the exact body; a mail client's one-click unsubscribe
 * (RFC 8058) carries the signed token of one user and one kind of e-mail, and reads no cookie. Meta's inbox
 * webhooks are verified by their X-Hub-Signature-256 over the exact body. The MCP server takes an API key.
 */
export const MACHINE_ROUTES: ReadonlySet<string> = new Set([
  "POST /api/billing/webhook",
  "POST /api/unsubscribe/one-click",
  "POST /api/inbox/webhooks/facebook",
  "POST /api/inbox/webhooks/instagram",
  // The MCP server: AI assistants (not browsers) call it with an API key in Authorization; it reads no cookie,
  // so a page elsewhere cannot act through it (the same holds for DNS rebinding, which MCP asks servers to stop).
  "POST /api/mcp",
  "DELETE /api/mcp",
]);

export async function registerSecurity(app: FastifyInstance, config: Config) {
  const https = config.publicUrl.startsWith("https:");
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and toasts position elements with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Profile pictures come from each network's CDN.
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  // State-changing requests must come from one of our own origins. Browsers send Origin with every POST, PATCH
  // and DELETE; `Sec-Fetch-Site: same-origin` (which scripts cannot set) is taken in its place. A request with
  // neither is refused too, so no page elsewhere (a text/plain form, a script) acts for a signed-in user.
  app.addHook("onRequest", async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const route = request.routeOptions.url;
    const pathname = request.url.split("?")[0] ?? "";
    if (!pathname.startsWith("/api/") && !route?.startsWith("/api/")) return;
    if (route && MACHINE_ROUTES.has(`${request.method} ${route}`)) return;
    // The public API reads no cookie, only `Authorization: Bearer <key>`, which a browser never sends by itself
    // (it is not ambient authority as a cookie is): a page elsewhere cannot act with it, so no Origin is needed.
    if (pathname.startsWith(`${PUBLIC_API_PREFIX}/`)) return;
    const origin = request.headers.origin;
    if (origin === undefined) {
      if (request.headers["sec-fetch-site"] === "same-origin") return;
      return reply.status(403).send(errorBody(ERROR_CODES.forbidden, HTTP_MESSAGES.originRequired));
    }
    if (!config.trustedOrigins.includes(origin)) {
      return reply.status(403).send(errorBody(ERROR_CODES.forbidden, GENERIC_MESSAGES.forbiddenOrigin));
    }
  });
}
