import { ACCOUNT_MESSAGES, accountEventSchema, PLATFORM_LABELS, type SocialAccount } from "@app/shared";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { applyLiveChange } from "@/lib/live-cache";
import type { RealtimeChannel } from "@/lib/realtime";
import { accountName, applyAccountEvent } from "../utils/accounts-cache";
import { accountsQueryKey } from "./get-accounts";
import { usageQueryKey } from "./get-usage";

const ACCOUNTS_PATH = "/connected-accounts";

/** The "accounts" events of the stream: each change lands in the cached list, and the plan usage is read again. */
export function useAccountsChannel(): RealtimeChannel {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return {
    event: "accounts",
    onMessage(data) {
      const parsed = accountEventSchema.safeParse(data);
      if (!parsed.success) return;
      const { account } = parsed.data;
      const before = queryClient.getQueryData<SocialAccount[]>(accountsQueryKey)?.find((a) => a.id === account.id);
      // A connection the network stopped accepting (seen by the refresh sweep) is news: say so wherever the
      // user is. Connected Accounts shows it on the account's card already.
      const expiredNow = before && before.status !== "expired" && account.status === "expired";
      if (expiredNow && window.location.pathname !== ACCOUNTS_PATH) {
        toast.error(`${PLATFORM_LABELS[account.platform]}: ${accountName(account)}`, {
          id: `account-expired-${account.id}`,
          description: account.lastError ?? ACCOUNT_MESSAGES.tokenRejected,
          duration: Number.POSITIVE_INFINITY,
          action: { label: "Reconnect", onClick: () => navigate(ACCOUNTS_PATH) },
        });
      }
      applyLiveChange<SocialAccount[]>(queryClient, { queryKey: accountsQueryKey, exact: true }, (list) =>
        applyAccountEvent(list, parsed.data),
      );
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
    },
    onResync() {
      void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
      void queryClient.invalidateQueries({ queryKey: usageQueryKey });
    },
  };
}
