import {
  ACCOUNT_EXPIRY_NOTICE_DAYS,
  EXPIRY_MESSAGES,
  EXPIRY_WARNING_DAYS,
  expiresSoon,
  NOTIFICATION_MESSAGES,
  PLATFORM_LABELS,
  type Platform,
  reconnectBy,
  TOKEN_RENEWAL,
} from "@app/shared";
import type { RealtimeHub } from "../../realtime/hub";
import type { AccountRow, AccountsRepo } from "./accounts.repo";

const DAY_MS = 24 * 3_600_000;

type TokenFacts = Pick<AccountRow, "platform" | "tokenExpiresAt" | "refreshTokenExpiresAt" | "refreshToken">;

/** When the account's access ends for good unless its owner reconnects it; null while the app can renew it. */
export const reconnectByOf = (row: TokenFacts): Date | null =>
  reconnectBy({
    platform: row.platform as Platform,
    tokenExpiresAt: row.tokenExpiresAt,
    refreshTokenExpiresAt: row.refreshTokenExpiresAt,
    hasRefreshToken: row.refreshToken !== null,
  });

// The notification is written once for every tab and device: a moment spelled in UTC cannot be misread.
const utc = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** "Your Facebook account "Acme Page" stops working on Dec 3, 2026, 2:05 PM UTC: …" */
export function expiryMessage(row: AccountRow, end: Date): string {
  const network = PLATFORM_LABELS[row.platform as Platform] ?? row.platform;
  const name = row.displayName || row.username || row.platformAccountId;
  const cannotRenew = TOKEN_RENEWAL[row.platform as Platform] === "none" || row.refreshToken === null;
  const why = cannotRenew ? EXPIRY_MESSAGES.noRenewal(network) : EXPIRY_MESSAGES.renewalEnds(network);
  return EXPIRY_MESSAGES.notification(network, name, `${utc.format(end)} UTC`, why);
}

/**
 * Warns each workspace, once, of an account whose access ends for good within EXPIRY_WARNING_DAYS: a notification
 * (told to its members' open tabs at once) and the account's "expiring" state. Part of the token sweep, which
 * several processes may run at the same moment: the claim in the repository lets one of them write it.
 */
export function createExpiryWarnings(deps: {
  repo: AccountsRepo;
  hub: RealtimeHub;
  now: () => Date;
  /** tells the workspace's tabs the account changed (its badge) */
  announce(row: AccountRow): void;
}) {
  return async function warnDue(limit = 100): Promise<number> {
    const t = deps.now();
    const due = await deps.repo.dueForExpiryWarning(t, new Date(t.getTime() + EXPIRY_WARNING_DAYS * DAY_MS), limit);
    let warned = 0;
    for (const row of due) {
      const end = reconnectByOf(row);
      if (!end || !expiresSoon(end, t)) continue;
      const claimed = await deps.repo.claimExpiryWarning(row, t, { message: expiryMessage(row, end) });
      if (!claimed) continue;
      warned++;
      deps.hub.publish(claimed.workspaceId, { name: "notifications", data: { type: "notifications.changed" } });
      deps.announce(claimed);
    }
    await tellEnded(limit);
    return warned;
  };

  /**
   * Tells the members who may reconnect them of accounts whose access ended for good since the last
   * ACCOUNT_EXPIRY_NOTICE_DAYS (account_expired): once per account and end, however many sweeps see it.
   */
  async function tellEnded(limit: number): Promise<number> {
    const t = deps.now();
    const since = new Date(t.getTime() - ACCOUNT_EXPIRY_NOTICE_DAYS * DAY_MS);
    let told = 0;
    for (const row of await deps.repo.endedSince(since, t, limit)) {
      const end = reconnectByOf(row);
      if (!end || end.getTime() > t.getTime()) continue;
      const network = PLATFORM_LABELS[row.platform as Platform] ?? row.platform;
      const name = row.displayName || row.username || row.platformAccountId;
      if (!(await deps.repo.tellEnded(row, end, t, NOTIFICATION_MESSAGES.accountEnded(network, name)))) continue;
      told++;
      deps.hub.publish(row.workspaceId, { name: "notifications", data: { type: "notifications.changed" } });
    }
    return told;
  }
}
