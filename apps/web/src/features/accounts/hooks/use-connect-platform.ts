import { ACCOUNT_MESSAGES, PLATFORM_LABELS, type Platform } from "@app/shared";
import { useEffect } from "react";
import { toast } from "sonner";
import { ApiError } from "@/lib/api-client";
import { useInitiateOAuth } from "../api/initiate-oauth";
import { rememberOAuthPlatform } from "../utils/oauth-storage";

/**
 * Starts connecting (or reconnecting) a network: asks the server for the authorisation address,
 * remembers the network for the callback screen, and sends the browser there.
 */
export function useConnectPlatform() {
  const initiate = useInitiateOAuth();
  const { reset } = initiate;

  // Coming back with the browser's Back button may restore this page as it was left: busy. Make it usable again.
  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => e.persisted && reset();
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [reset]);

  const connect = (platform: Platform) =>
    initiate.mutate(platform, {
      onSuccess: (authUrl) => {
        rememberOAuthPlatform(platform);
        window.location.assign(authUrl);
      },
      onError: (err) => {
        console.error(ACCOUNT_MESSAGES.initiateFailed(err.message));
        // A refusal by the plan (403) says why in the spec's words; anything else gets the spec's general text.
        const description =
          err instanceof ApiError && err.status === 403
            ? err.message
            : ACCOUNT_MESSAGES.connectFailed(PLATFORM_LABELS[platform]);
        const planLimit = err instanceof ApiError && err.code === "PLAN_LIMIT";
        toast.error(ACCOUNT_MESSAGES.oauthErrorTitle, {
          description,
          action: planLimit ? { label: "Upgrade", onClick: () => window.location.assign("/free-plan") } : undefined,
        });
      },
    });

  // Once the browser is on its way to the network, the buttons stay busy until the page is gone.
  const pendingPlatform = initiate.isPending || initiate.isSuccess ? (initiate.variables ?? null) : null;
  return { connect, pendingPlatform };
}
