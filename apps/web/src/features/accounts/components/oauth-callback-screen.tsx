import { ACCOUNT_MESSAGES, PLATFORM_LABELS, type Platform, type SocialAccount } from "@app/shared";
import { useQueryClient } from "@tanstack/react-query";
import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { toast } from "sonner";
import { PlatformIcon } from "@/components/platform-icon";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api-client";
import { completeOAuthOnce } from "../api/complete-oauth";
import { cacheAccount } from "../api/get-accounts";
import { usageQueryKey } from "../api/get-usage";
import { accountName } from "../utils/accounts-cache";
import { networkRefusal } from "../utils/oauth-refusal";
import { forgetOAuthPlatform, isPlatform, recallOAuthPlatform } from "../utils/oauth-storage";

/** The spec's pause on the success screen before going on to Connected Accounts. */
export const SUCCESS_REDIRECT_MS = 2_000;
const ACCOUNTS_PATH = "/connected-accounts";

type Outcome =
  | { state: "loading" }
  | { state: "success"; account: SocialAccount }
  | { state: "error"; message: string; detail?: string };

/** What the URL alone says is wrong, before anything is sent to the server. */
function problemWithCallback(
  params: URLSearchParams,
  pathPlatform: string | undefined,
  platform: Platform | null,
): { message: string; detail?: string } | null {
  const error = params.get("error");
  if (error) return networkRefusal(error, params.get("error_description"));
  if (!params.get("code")) return { message: ACCOUNT_MESSAGES.noCode };
  if (pathPlatform && !isPlatform(pathPlatform)) return { message: ACCOUNT_MESSAGES.unsupportedPlatform(pathPlatform) };
  if (!platform) return { message: ACCOUNT_MESSAGES.noPlatform };
  if (!params.get("state")) return { message: ACCOUNT_MESSAGES.invalidState };
  return null;
}

/** Where a network sends the browser back: finishes the connection, then goes on to Connected Accounts. */
export function OAuthCallbackScreen() {
  const { platform: pathPlatform } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [platform] = useState<Platform | null>(() =>
    pathPlatform === undefined ? recallOAuthPlatform() : isPlatform(pathPlatform) ? pathPlatform : null,
  );
  const code = params.get("code") ?? "";
  const state = params.get("state") ?? "";
  const problem = problemWithCallback(params, pathPlatform, platform);
  const [outcome, setOutcome] = useState<Outcome>(() =>
    problem ? { state: "error", ...problem } : { state: "loading" },
  );
  const label = platform ? PLATFORM_LABELS[platform] : null;

  useEffect(() => {
    if (outcome.state !== "loading" || !platform) return;
    let live = true;
    completeOAuthOnce(platform, { code, state }).then(
      (account) => {
        forgetOAuthPlatform();
        cacheAccount(queryClient, account);
        void queryClient.invalidateQueries({ queryKey: usageQueryKey });
        if (live) setOutcome({ state: "success", account });
      },
      (err: unknown) => {
        forgetOAuthPlatform();
        const message = err instanceof Error ? err.message : String(err);
        console.error(ACCOUNT_MESSAGES.completeFailed(message));
        if (live)
          setOutcome({
            state: "error",
            message: ACCOUNT_MESSAGES.connectFailed(PLATFORM_LABELS[platform]),
            detail: err instanceof ApiError ? message : undefined,
          });
      },
    );
    return () => {
      live = false;
    };
  }, [outcome.state, platform, code, state, queryClient]);

  // The network's refusal (or a broken return) ends the attempt here too.
  useEffect(() => {
    if (outcome.state !== "error") return;
    forgetOAuthPlatform();
    if (label) {
      toast.error(ACCOUNT_MESSAGES.connectionFailedTitle, {
        id: "oauth-callback",
        description: ACCOUNT_MESSAGES.connectFailed(label),
      });
    }
  }, [outcome.state, label]);

  useEffect(() => {
    if (outcome.state !== "success") return;
    const timer = setTimeout(() => navigate(ACCOUNTS_PATH, { replace: true }), SUCCESS_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome.state, navigate]);

  return (
    <div className="flex justify-center pt-6 sm:pt-10">
      <Card className="w-full max-w-md text-center" aria-live="polite">
        {outcome.state === "loading" && (
          <>
            <CardHeader className="items-center">
              {platform && <PlatformIcon platform={platform} size="lg" />}
              <h1 className="text-xl font-semibold leading-tight tracking-tight">Connecting your {label} account…</h1>
            </CardHeader>
            <CardContent className="flex justify-center">
              <Spinner className="size-8" label="Connecting" />
            </CardContent>
          </>
        )}
        {outcome.state === "success" && (
          <>
            <CardHeader className="items-center">
              <CircleCheck className="size-10 text-emerald-600 dark:text-emerald-400" aria-hidden />
              <h1 className="text-xl font-semibold leading-tight tracking-tight">{label} account connected</h1>
            </CardHeader>
            <CardContent className="grid gap-4">
              <p className="break-words text-sm text-muted-foreground">
                <span className="font-medium text-foreground">{accountName(outcome.account)}</span> is ready to use.
                Taking you to Connected Accounts…
              </p>
              <Button asChild variant="outline">
                <Link to={ACCOUNTS_PATH} replace>
                  Go to Connected Accounts
                </Link>
              </Button>
            </CardContent>
          </>
        )}
        {outcome.state === "error" && (
          <>
            <CardHeader className="items-center">
              <CircleAlert className="size-10 text-destructive" aria-hidden />
              <h1 className="text-xl font-semibold leading-tight tracking-tight">
                {ACCOUNT_MESSAGES.connectionFailedTitle}
              </h1>
            </CardHeader>
            <CardContent className="grid gap-4">
              <div className="grid gap-1 break-words text-sm">
                <p className="font-medium">{outcome.message}</p>
                {outcome.detail && <p className="text-muted-foreground">{outcome.detail}</p>}
              </div>
              <Button asChild>
                <Link to={ACCOUNTS_PATH} replace>
                  Go to Connected Accounts
                </Link>
              </Button>
            </CardContent>
          </>
        )}
      </Card>
    </div>
  );
}
