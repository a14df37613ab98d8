import { accountListResponseSchema, type SocialAccount } from "@app/shared";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { removeAccount, upsertAccount } from "../utils/accounts-cache";

export const accountsQueryKey = ["accounts"] as const;

/** The signed-in user's active accounts, newest first. */
export const getAccounts = async (signal?: AbortSignal): Promise<SocialAccount[]> =>
  (await api("/api/accounts", { schema: accountListResponseSchema, signal })).accounts;

export const accountsQueryOptions = () =>
  queryOptions({ queryKey: accountsQueryKey, queryFn: ({ signal }) => getAccounts(signal) });

export function useAccounts() {
  return useQuery(accountsQueryOptions());
}

/** Puts one changed account into the cached list (or takes it out when it is no longer active). */
export function cacheAccount(queryClient: QueryClient, account: SocialAccount) {
  queryClient.setQueryData<SocialAccount[]>(accountsQueryKey, (list) => list && upsertAccount(list, account));
}

export function uncacheAccount(queryClient: QueryClient, id: string) {
  queryClient.setQueryData<SocialAccount[]>(accountsQueryKey, (list) => list && removeAccount(list, id));
}
