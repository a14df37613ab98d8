import type { AccountStatus } from "../schemas/accounts";

/** The spec's badge rule: inactive if disconnected; expired if the token expiry has passed; otherwise active. */
export function accountStatus(
  a: { isActive: boolean; tokenExpiresAt: Date | string | null; needsReconnect?: boolean },
  now: Date = new Date(),
): AccountStatus {
  if (!a.isActive) return "inactive";
  if (a.needsReconnect) return "expired";
  if (a.tokenExpiresAt && new Date(a.tokenExpiresAt).getTime() <= now.getTime()) return "expired";
  return "active";
}
