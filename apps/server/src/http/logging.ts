import type { BetterAuthOptions } from "better-auth";
import type { FastifyBaseLogger, FastifyServerOptions } from "fastify";
import type { Config } from "../config/env";

/**
 * Path segments that are one-time secrets: a password-reset token, an invitation's accept link, a local
 * checkout session, a signed public media link (its extension is kept: it tells what was fetched), a sandbox
 * upload address.
 */
const SECRET_PATHS: [RegExp, string][] = [
  [
    /(\/reset-password\/|\/invitations\/|\/api\/billing\/local\/sessions\/|\/dms-uploads\/)[^/?#\s"']+/g,
    "$1[redacted]",
  ],
  [/(\/api\/public-media\/)[^/?#\s"']+?(\.[A-Za-z0-9]{1,8})?(?=[/?#\s"']|$)/g, "$1[redacted]$2"],
];

/** Query parameters whose values are secrets (tokens, codes, signatures), in any letter case. */
const SECRET_QUERY =
  /([?&](?:token|code|state|session|access_token|id_token|fb_exchange_token|input_token|client_secret|refresh_token|code_verifier|upload_id|upload_token|password|signature|sig|x-amz-signature|x-amz-credential|x-amz-security-token)=)[^&#\s"']*/gi;

/** Paths and queries that carry one-time secrets are never written to the logs. */
export function redactUrl(url: string): string {
  let out = url;
  for (const [pattern, replacement] of SECRET_PATHS) out = out.replace(pattern, replacement);
  return out.replace(SECRET_QUERY, "$1[redacted]");
}

/**
 * Any text bound for the log: its links are redacted as above, and the values of a failed SQL statement
 * (drizzle writes them after `params:` in its message) are cut off.
 */
export function redactText(text: string): string {
  return redactUrl(text.replace(/\n\s*params: [\s\S]*$/, "\n params: [redacted]"));
}

/**
 * Properties of database errors (drizzle, node-postgres, PGlite) that carry the statement's values: the
 * parameters themselves, `detail` ("Key (email)=(ada@example.com) already exists"), the PL/pgSQL context.
 */
const VALUE_FIELDS = new Set(["params", "parameters", "values", "detail", "where", "queryOptions", "internalQuery"]);
/** Nested causes are followed this deep. */
const MAX_CAUSE_DEPTH = 5;

type ErrorLike = Error & Record<string, unknown>;

/** A database error names the value it refused at the end of its message: `invalid input syntax for type uuid: "x"`. */
const isDatabaseError = (e: ErrorLike) =>
  "params" in e || (typeof e.severity === "string" && typeof e.code === "string" && "routine" in e);

function safeMessage(e: ErrorLike): string {
  const message = typeof e.message === "string" ? e.message : String(e.message ?? "");
  const text = redactText(message);
  return isDatabaseError(e) ? text.replace(/: ".*"$/s, ': "[redacted]"') : text;
}

/** The stack's frames under the cleaned message (V8 starts a stack with `name: message`). */
function safeStack(e: ErrorLike, message: string): string | undefined {
  if (typeof e.stack !== "string") return undefined;
  const header = e.message ? `${e.name}: ${e.message}` : String(e.name);
  if (e.stack.startsWith(header)) return `${e.name}: ${message}${e.stack.slice(header.length)}`;
  const frames = e.stack.split("\n").filter((line) => /^\s+at /.test(line));
  return [`${e.name}: ${message}`, ...frames].join("\n");
}

export interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * The log's `err` serializer: type, message, stack and the error's own properties, like pino's, but never
 * the values of a failed SQL statement (post content, user ids) nor a secret in a link, in the error or
 * any of its causes. The statement itself (`query`, with `$1` placeholders) is kept.
 */
export function serializeError(err: Error): SerializedError {
  return cleanError(err, 0) as SerializedError;
}

function cleanError(err: unknown, depth: number): unknown {
  if (typeof err === "string") return redactText(err);
  if (typeof err !== "object" || err === null) return err;
  if (depth > MAX_CAUSE_DEPTH) return "[cause chain cut]";
  const e = err as ErrorLike;
  const message = safeMessage(e);
  const out: Record<string, unknown> = { type: e.constructor?.name ?? "Object", message };
  out.stack = safeStack(e, message) ?? "";
  for (const [key, value] of Object.entries(e)) {
    if (VALUE_FIELDS.has(key) || key in out || key === "cause" || key === "errors") continue;
    out[key] =
      typeof value === "string" ? redactText(value) : value instanceof Error ? cleanError(value, depth + 1) : value;
  }
  if (e.cause !== undefined) out.cause = cleanError(e.cause, depth + 1);
  if (Array.isArray(e.errors)) out.errors = e.errors.map((inner) => cleanError(inner, depth + 1));
  return out;
}

/**
 * The server's logger: request lines with redacted URLs, errors through `serializeError`, and every message
 * text redacted too (Fastify writes a request's URL into some messages, e.g. "Route GET:/… not found").
 * `stream` is where the lines go (stdout by default; tests pass a stream to read them).
 */
export function loggerOptions(
  config: Pick<Config, "logLevel">,
  stream?: { write(line: string): void },
): FastifyServerOptions["logger"] {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    // Any headers logged one level down (the request's, or those a plugin logs with its options, as
    // @fastify/multipart does at trace level) lose their credentials.
    redact: [
      "headers.cookie",
      "headers.authorization",
      "*.headers.cookie",
      "*.headers.authorization",
      '*.headers["set-cookie"]',
    ],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
      err: serializeError,
    },
    hooks: {
      logMethod(args, method) {
        const clean = args.map((arg) => (typeof arg === "string" ? redactText(arg) : arg)) as unknown[];
        // An error logged without a message of its own lends it its message: the cleaned one.
        const [first] = clean;
        if (clean.length === 1 && typeof first === "object" && first !== null) {
          const err = first instanceof Error ? first : (first as { err?: unknown }).err;
          if (err instanceof Error && !("msg" in first)) clean.push(safeMessage(err as ErrorLike));
        }
        return method.apply(this, clean as typeof args);
      },
    },
  };
}

/**
 * better-auth's `logger` option: its messages go to the server's log instead of the console, so they are
 * cleaned like the server's own. It writes a failed statement's message (values included) as its message,
 * and the error itself as an argument: the message is cleaned here, the first error argument is logged as
 * `err` (through `serializeError`), other arguments are left out.
 */
export function authLogger(log: FastifyBaseLogger, opts: { disabled?: boolean } = {}): BetterAuthOptions["logger"] {
  return {
    // No `level`: with one, better-auth would also log every refused sign-in at error level.
    disabled: opts.disabled,
    log(level, message, ...args) {
      const err = args.find((arg): arg is ErrorLike => arg instanceof Error);
      const text = err && message === err.message ? safeMessage(err) : redactText(message);
      const write =
        level === "error" ? log.error : level === "warn" ? log.warn : level === "debug" ? log.debug : log.info;
      write.call(log, err ? { err, source: "better-auth" } : { source: "better-auth" }, text);
    },
  };
}
