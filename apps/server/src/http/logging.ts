import type { FastifyServerOptions } from "fastify";
import type { Config } from "../config/env";

/** Paths and queries that carry one-time secrets are never written to the logs. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/reset-password\/|\/api\/billing\/local\/sessions\/)[^/?#]+/g, "$1[redacted]")
    .replace(
      /([?&](?:token|code|state|session|access_token|fb_exchange_token|client_secret|refresh_token|code_verifier)=)[^&#]*/g,
      "$1[redacted]",
    );
}

export function loggerOptions(config: Config): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
