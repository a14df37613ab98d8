import { accountResponseSchema, type SocialAccount } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { uncacheAccount } from "./get-accounts";
import { usageQueryKey } from "./get-usage";

/** Disconnecting is a soft delete: the account leaves the list and frees a slot of the plan. */
export const disconnectAccount = async (id: string): Promise<SocialAccount> =>
  (await api(`/api/accounts/${id}`, { method: "DELETE", schema: accountResponseSchema })).account;

/**
 * The outcome handlers belong to the mutation, not to one `mutate` call: the card that started it is gone
 * as soon as the account leaves the list (often through the event stream, before the answer arrives).
 */
export function useDisconnectAccount(handlers: { onSuccess?(): void; onError?(err: Error): void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectAccount,
    onSuccess: (account) => {
      uncacheAccount(queryClient, account.id);
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
      handlers.onSuccess?.();
    },
    onError: (err) => handlers.onError?.(err),
  });
}
