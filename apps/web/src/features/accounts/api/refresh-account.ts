import { accountResponseSchema, type SocialAccount } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { accountsQueryKey, cacheAccount } from "./get-accounts";

/** Renews the account's tokens now. */
export const refreshAccount = async (id: string): Promise<SocialAccount> =>
  (await api(`/api/accounts/${id}/refresh`, { body: {}, schema: accountResponseSchema })).account;

export function useRefreshAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refreshAccount,
    onSuccess: (account) => cacheAccount(queryClient, account),
    // A failure is recorded on the account by the server (its lastError), not toasted: show the stored record.
    onError: () => queryClient.invalidateQueries({ queryKey: accountsQueryKey }),
  });
}
