import { BILLING_MESSAGES } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { ApiError } from "@/lib/api-client";
import { createCheckout } from "../api/create-checkout";
import { subscriptionQueryKey } from "../api/get-subscription";
import { openPortal } from "../api/open-portal";

const KINDS = {
  checkout: { fetchUrl: createCheckout, failed: BILLING_MESSAGES.checkoutFailed, waiting: "Opening checkout…" },
  portal: { fetchUrl: openPortal, failed: BILLING_MESSAGES.portalFailed, waiting: "Opening the billing portal…" },
} as const;

/**
 * A blank tab opened now, while the click is still being handled (pop-up blockers allow that, not a tab
 * opened after a network call); it says what it waits for until its address is known.
 */
function openPendingTab(waiting: string): Window | null {
  const tab = window.open("", "_blank");
  try {
    if (tab) {
      tab.document.title = waiting;
      tab.document.body.textContent = waiting;
    }
  } catch {
    // Only a courtesy: the tab works without its text.
  }
  return tab;
}

function sendTab(tab: Window | null, url: string) {
  if (!tab || tab.closed) {
    // No tab could be opened (blocked): go there in this one.
    window.location.assign(url);
    return;
  }
  // The page there (Stripe's, say) gets no handle on this one.
  tab.opener = null;
  tab.location.href = url;
}

/**
 * Checkout or the billing portal in a new browser tab, as the spec says. Failures are logged and told with
 * the spec's toast; a refusal of the server (e.g. already subscribed) adds its reason and checks the
 * status again, since this screen's idea of the plan was out of date.
 */
export function useBillingTab(kind: keyof typeof KINDS) {
  const queryClient = useQueryClient();
  const { fetchUrl, failed, waiting } = KINDS[kind];
  const mutation = useMutation({ mutationFn: fetchUrl });
  const open = () => {
    const tab = openPendingTab(waiting);
    mutation.mutate(undefined, {
      onSuccess: (url) => sendTab(tab, url),
      onError: (err) => {
        tab?.close();
        console.error(failed, err);
        const refused = err instanceof ApiError && err.status >= 400 && err.status < 500;
        toast.error(failed, { id: `billing-${kind}-failed`, description: refused ? err.message : undefined });
        if (err instanceof ApiError && err.status === 409)
          void queryClient.invalidateQueries({ queryKey: subscriptionQueryKey });
      },
    });
  };
  return { open, pending: mutation.isPending };
}
