import { type LocalBillingSession, localPortalActionResponseSchema, type SubscriptionStatus } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { localSessionPath, localSessionQueryKey } from "./get-local-session";
import { type SubscriptionCheck, subscriptionQueryKey } from "./get-subscription";

/** What the test-mode portal can do: cancel at period end, resume, renew now, end the period now. */
export type LocalPortalAction = "cancel" | "resume" | "renew" | "expire";

export const changeLocalSubscription = async (token: string, action: LocalPortalAction): Promise<SubscriptionStatus> =>
  (await api(localSessionPath(token, action), { method: "POST", body: {}, schema: localPortalActionResponseSchema }))
    .subscription;

/** Each action answers with the new status: the portal page and every plan screen show it at once. */
export function useChangeLocalSubscription(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: LocalPortalAction) => changeLocalSubscription(token, action),
    onSuccess: (subscription) => {
      queryClient.setQueryData<SubscriptionCheck>(subscriptionQueryKey, { ...subscription, checkFailed: false });
      queryClient.setQueryData<LocalBillingSession>(localSessionQueryKey(token), (old) =>
        old ? { ...old, subscription } : old,
      );
    },
  });
}
