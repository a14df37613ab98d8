import { randomBytes } from "node:crypto";
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
