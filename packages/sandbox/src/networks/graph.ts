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

/** Graph's answer for an object the token may not see or that does not exist (the same words for both). */
export const objectMissing = (id: string) =>
  graphError(
    `(#100) Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    100,
    33,
    "GraphMethodException",
  );

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

/** Facebook Login's permissions (deprecated names such as manage_pages or publish_pages are not among them). */
export const FACEBOOK_PERMISSIONS = new Set([
  "public_profile",
  "email",
  "pages_show_list",
  "pages_read_engagement",
  "pages_read_user_content",
  "pages_manage_posts",
  "pages_manage_engagement",
  "pages_manage_metadata",
  "publish_video",
  "business_management",
  "read_insights",
  "ads_management",
  "ads_read",
  "instagram_basic",
  "instagram_content_publish",
  "instagram_manage_insights",
  "instagram_manage_comments",
]);

/** Instagram Login's permissions (the older business_* names were retired in January 2025). */
export const INSTAGRAM_PERMISSIONS = new Set([
  "instagram_business_basic",
  "instagram_business_content_publish",
  "instagram_business_manage_insights",
  "instagram_business_manage_comments",
  "instagram_business_manage_messages",
]);

/** Meta's login dialog on permissions it does not know: an error shown to the app's developers. */
export function invalidScopes(scopes: string[], known: Set<string>) {
  const invalid = scopes.filter((s) => !known.has(s));
  if (invalid.length === 0) return null;
  return {
    error: "invalid_scope",
    description: `Invalid Scopes: ${invalid.join(", ")}. This message is only shown to developers. Users of your app will ignore these permissions if present. Please read the documentation for valid permissions at: https://developers.facebook.com/docs/facebook-login/permissions`,
    redirect: false,
  };
}

/**
 * The permissions a person's consent grants: a permission without Advanced Access (App Review) only when the
 * person has a role on the app (in the sandbox, a name starting with "dev"); Meta leaves it out otherwise.
 */
export function grantedBy(scope: string, advanced: readonly string[], username: string) {
  const asked = scope.split(",").filter(Boolean);
  if (username.toLowerCase().startsWith("dev")) return asked.join(",");
  return asked.filter((s) => advanced.includes(s)).join(",");
}

/** `a,b{c,d},e.limit(5){f}` as its first-level fields, each with what its braces asked for. */
export function splitFields(fields: string): { name: string; sub?: string }[] {
  const out: { name: string; sub?: string }[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= fields.length; i++) {
    const ch = fields[i];
    if (ch === "{" || ch === "(") depth++;
    else if (ch === "}" || ch === ")") depth--;
    else if ((ch === "," && depth === 0) || i === fields.length) {
      const part = fields.slice(start, i).trim();
      start = i + 1;
      if (!part) continue;
      const name = part.split(/[.{(]/)[0] as string;
      const brace = part.indexOf("{");
      out.push({ name, ...(brace >= 0 && { sub: part.slice(brace + 1, part.lastIndexOf("}")) }) });
    }
  }
  return out;
}

/**
 * The fields a Graph request asked for (`fields=a,b{c}`), with a nested object's own fields in braces (the whole
 * object without braces); `always` is kept whether asked or not.
 */
export function pickFields(all: Record<string, unknown>, fields: string, always: string[] = ["id"]) {
  const out: Record<string, unknown> = {};
  for (const key of always) if (key in all) out[key] = all[key];
  for (const f of splitFields(fields)) {
    if (!(f.name in all)) continue;
    const value = all[f.name];
    out[f.name] =
      f.sub !== undefined && value && typeof value === "object" && !Array.isArray(value)
        ? pickFields(value as Record<string, unknown>, f.sub, [])
        : value;
  }
  return out;
}
