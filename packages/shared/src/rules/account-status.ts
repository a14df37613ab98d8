import type { Platform } from "../constants/platforms";
import type { AccountStatus } from "../schemas/accounts";

/** How many days before an account's access ends for good its owner is warned, and its badge says so. */
export const EXPIRY_WARNING_DAYS = 7;
const WARNING_MS = EXPIRY_WARNING_DAYS * 24 * 3_600_000;

/**
 * How the app renews an account's access without its owner: with a refresh token, with the access token
 * itself while it is valid, or not at all.
 */
export const TOKEN_RENEWAL: Record<Platform, "refresh-token" | "access-token" | "none"> = {
  // Facebook gives no refresh token: Meta documents no server-side way to extend a long-lived user token
  // (about 60 days); only a new login gives a new one.
  facebook: "none",
  // Instagram Login: ig_refresh_token renews the unexpired long-lived token.
  instagram: "access-token",
  twitter: "refresh-token",
  // Only apps approved for programmatic refresh get a refresh token, which ends a year after consent.
  linkedin: "refresh-token",
  pinterest: "refresh-token",
  tiktok: "refresh-token",
  youtube: "refresh-token",
};

type Instant = Date | string | null;
const time = (d: Instant) => (d === null ? null : new Date(d).getTime());

/**
 * The moment the account's access ends for good unless its owner reconnects it; null while the app can keep
 * renewing it. Without any way to renew, that is when the access token expires. With a refresh token that
 * itself ends, renewals go on until then, and the access token held at that moment still works until it
 * expires: the later of the two.
 */
export function reconnectBy(a: {
  platform: Platform;
  tokenExpiresAt: Instant;
  refreshTokenExpiresAt: Instant;
  hasRefreshToken: boolean;
}): Date | null {
  const access = time(a.tokenExpiresAt);
  const renewal = TOKEN_RENEWAL[a.platform];
  if (renewal === "access-token") return null;
  if (renewal === "none" || !a.hasRefreshToken) return access === null ? null : new Date(access);
  const refresh = time(a.refreshTokenExpiresAt);
  if (refresh === null) return null;
  return new Date(Math.max(refresh, access ?? refresh));
}

/** Whether the owner is to be warned now of the end of access at `end`: it is near and has not come yet. */
export function expiresSoon(end: Instant, now: Date = new Date()): boolean {
  const at = time(end);
  return at !== null && at > now.getTime() && at - now.getTime() <= WARNING_MS;
}

/**
 * The spec's badge rule: inactive if disconnected; expired if the token expiry has passed (or the network
 * refused the token, or access ended for good); otherwise active, or expiring when access ends for good
 * within EXPIRY_WARNING_DAYS.
 */
export function accountStatus(
  a: { isActive: boolean; tokenExpiresAt: Instant; needsReconnect?: boolean; reconnectBy?: Instant },
  now: Date = new Date(),
): AccountStatus {
  if (!a.isActive) return "inactive";
  if (a.needsReconnect) return "expired";
  const t = now.getTime();
  const access = time(a.tokenExpiresAt);
  const end = time(a.reconnectBy ?? null);
  if ((access !== null && access <= t) || (end !== null && end <= t)) return "expired";
  if (expiresSoon(a.reconnectBy ?? null, now)) return "expiring";
  return "active";
}
