import { randomBytes } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { flat, type NetworkKit } from "../kit";
import type { Refusal } from "../tokens";

/** Meta's Graph API error body, shared by Facebook and Instagram. */
export function graphError(message: string, code: number, subcode?: number, type = "OAuthException") {
  return {
    error: {
      message,
      type,
      code,
      ...(subcode !== undefined && { error_subcode: subcode }),
      fbtrace_id: randomBytes(8).toString("base64url"),
    },
  };
}

/** Code 190 with the subcode Graph uses for each way a token can be dead. */
export function graphTokenError(reason: Refusal | "missing") {
  switch (reason) {
    case "missing":
      return graphError("An active access token must be used to query information about the current user.", 2500);
    case "expired":
      return graphError("Error validating access token: Session has expired.", 190, 463);
    case "revoked":
      return graphError("Error validating access token: The user has not authorized application.", 190, 458);
    default:
      return graphError("Invalid OAuth access token - Cannot parse access token", 190);
  }
}

/** The default body of a failure status, Graph style. */
export function graphStatusError(status: number, message?: string) {
  if (status === 429) return graphError(message ?? "Application request limit reached", 4);
  if (status === 401) return graphTokenError("malformed");
  if (status >= 500)
    return graphError(
      message ?? "An unexpected error has occurred. Please retry your request later.",
      2,
      undefined,
      "OAuthException",
    );
  return graphError(message ?? "Invalid parameter", 100);
}

/** Graph takes parameters from the query, a form or a JSON body alike; JSON values other than strings are kept as JSON. */
export function graphParams(request: FastifyRequest): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = flat(request.query);
  const body = request.body;
  if (
    body &&
    typeof body === "object" &&
    !Buffer.isBuffer(body) &&
    typeof (body as { pipe?: unknown }).pipe !== "function"
  ) {
    for (const [k, v] of Object.entries(body)) {
      const value =
        Array.isArray(v) && typeof v[0] === "string" && k !== "attached_media" && k !== "children" ? v[0] : v;
      if (typeof value === "string") out[k] = value;
      else if (value !== undefined && value !== null)
        out[k] = typeof value === "object" ? JSON.stringify(value) : String(value);
    }
  }
  return out;
}

/** The token of a Graph call: `access_token` (query or body) or an `Authorization: Bearer` header. */
export function graphToken(kit: NetworkKit, request: FastifyRequest, params: Record<string, string | undefined>) {
  const given = params.access_token ?? /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? "")?.[1];
  if (!given) return "missing" as const;
  return kit.tokens.read(given, ["access", "page"]);
}

/** Graph's cursor paging block: `next` (this request with `after` moved on) only while more remain. */
export function graphPaging(request: FastifyRequest, next: string | null) {
  if (!next) return {};
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  url.searchParams.set("after", next);
  return { cursors: { after: next }, next: url.toString() };
}
