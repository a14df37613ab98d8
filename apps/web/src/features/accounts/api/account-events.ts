import { accountEventSchema, type SocialAccount } from "@app/shared";
import { useQueryClient } from "@tanstack/react-query";
import type { RealtimeChannel } from "@/lib/realtime";
import { applyAccountEvent } from "../utils/accounts-cache";
import { accountsQueryKey } from "./get-accounts";
import { usageQueryKey } from "./get-usage";

/** The "accounts" events of the stream: each change lands in the cached list, and the plan usage is read again. */
export function useAccountsChannel(): RealtimeChannel {
  const queryClient = useQueryClient();
  return {
    event: "accounts",
    onMessage(data) {
      const parsed = accountEventSchema.safeParse(data);
      if (!parsed.success) return;
      queryClient.setQueryData<SocialAccount[]>(
        accountsQueryKey,
        (list) => list && applyAccountEvent(list, parsed.data),
      );
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
    },
    onResync() {
      void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
    },
  };
}
