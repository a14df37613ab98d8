import { ACCOUNT_MESSAGES, PLATFORM_DESCRIPTIONS, PLATFORM_LABELS, PLATFORMS } from "@app/shared";
import { ChevronRight, Crown } from "lucide-react";
import { Link } from "react-router";
import { PlatformIcon } from "@/components/platform-icon";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { useNetworks } from "../api/get-networks";
import { atAccountLimit, useUsage } from "../api/get-usage";
import { useConnectPlatform } from "../hooks/use-connect-platform";
import { SandboxBadge } from "./account-status-badge";

/** Lists the networks; choosing one sends the browser to authorise it. */
export function ConnectAccountDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const usage = useUsage();
  const networks = useNetworks();
  const { connect, pendingPlatform } = useConnectPlatform();
  const limit = usage.data?.limits.socialAccounts;
  const full = atAccountLimit(usage.data);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] grid-rows-[auto_1fr] overflow-hidden p-0 sm:max-w-xl">
        <DialogHeader className="px-6 pt-6 pr-12">
          <DialogTitle>Connect a social account</DialogTitle>
          <DialogDescription>
            Choose a network. You'll sign in there and allow access, then come straight back here.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-3 overflow-y-auto px-6 pb-6">
          {full && limit != null && (
            <Alert variant="warning">
              <Crown aria-hidden />
              <AlertTitle>{ACCOUNT_MESSAGES.limitReached(limit)}</AlertTitle>
              <AlertDescription>
                <div>
                  <Button asChild size="sm" variant="outline">
                    <Link to="/free-plan">Upgrade Plan</Link>
                  </Button>
                </div>
              </AlertDescription>
            </Alert>
          )}
          <ul className="grid gap-2" aria-label="Networks">
            {PLATFORMS.map((platform) => {
              const network = networks.data?.find((n) => n.platform === platform);
              // Until the server has said, every network is offered; it refuses one it cannot reach.
              const available = network?.available ?? true;
              return (
                <li key={platform}>
                  <button
                    type="button"
                    onClick={() => connect(platform)}
                    disabled={full || !available || pendingPlatform !== null}
                    className="flex w-full cursor-pointer items-center gap-3 rounded-lg border bg-card p-3 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60"
                  >
                    <PlatformIcon platform={platform} />
                    <span className="grid min-w-0 flex-1 gap-0.5">
                      <span className="flex flex-wrap items-center gap-2 font-medium">
                        {PLATFORM_LABELS[platform]}
                        {network?.sandbox && <SandboxBadge />}
                      </span>
                      <span className="text-sm text-muted-foreground">
                        {available
                          ? PLATFORM_DESCRIPTIONS[platform]
                          : ACCOUNT_MESSAGES.notConfigured(PLATFORM_LABELS[platform])}
                      </span>
                    </span>
                    {pendingPlatform === platform ? (
                      <Spinner className="size-4" label={`Connecting ${PLATFORM_LABELS[platform]}`} />
                    ) : (
                      <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      </DialogContent>
    </Dialog>
  );
}
