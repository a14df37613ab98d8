import type { AccountEvent, SocialAccount } from "@app/shared";

const newestFirst = (a: SocialAccount, b: SocialAccount) => b.createdAt.localeCompare(a.createdAt);

/** The list shows active accounts only, newest first: a changed account replaces its old copy or joins the list. */
export function upsertAccount(list: SocialAccount[], account: SocialAccount): SocialAccount[] {
  if (!account.isActive || account.status === "inactive") return removeAccount(list, account.id);
  const rest = list.filter((a) => a.id !== account.id);
  if (rest.length === list.length) return [account, ...list].sort(newestFirst);
  return list.map((a) => (a.id === account.id ? account : a));
}

export function removeAccount(list: SocialAccount[], id: string): SocialAccount[] {
  return list.some((a) => a.id === id) ? list.filter((a) => a.id !== id) : list;
}

/** Applies one change event of the server's stream to the cached list. */
export function applyAccountEvent(list: SocialAccount[], event: AccountEvent): SocialAccount[] {
  return event.action === "delete" ? removeAccount(list, event.account.id) : upsertAccount(list, event.account);
}

/** The spec's Total Followers: the sum over the (active) accounts listed. */
export const totalFollowers = (accounts: readonly SocialAccount[]) =>
  accounts.reduce((sum, a) => sum + a.followerCount, 0);

/** The name a card leads with: display name, else username, else the spec's 'Unknown'. */
export const accountName = (a: SocialAccount) => a.displayName || a.username || "Unknown";
