import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import type { SubscriptionCheck } from "../api/get-subscription";

/** What the check found, said once it is done: the screen alone may not change (still Free, still Premium). */
function announce(check: SubscriptionCheck | undefined) {
  if (!check || check.checkFailed) {
    toast.error("Couldn't check your subscription", {
      description: "You're shown the Free plan for now. Try Refresh Status again in a moment.",
    });
  } else if (check.subscribed) {
    toast.success("Status checked", { description: "Your Premium subscription is active." });
  } else {
    toast.success("Status checked", { description: "You're on the Free plan." });
  }
}

/** The spec's Refresh Status: checks the subscription (and what else the screen shows) again. */
export function RefreshStatusButton({
  onRefresh,
  refreshing,
}: {
  /** resolves with the new status once every check of the screen is done */
  onRefresh(): Promise<SubscriptionCheck | undefined>;
  /** a check under way that the button did not start (coming back to the tab) */
  refreshing: boolean;
}) {
  const [pending, setPending] = useState(false);
  const click = async () => {
    setPending(true);
    try {
      announce(await onRefresh());
    } finally {
      setPending(false);
    }
  };
  const busy = pending || refreshing;
  return (
    <Button type="button" variant="outline" onClick={() => void click()} disabled={busy}>
      {busy ? <Spinner className="size-4 text-current" label="Checking status" /> : <RefreshCw aria-hidden />}
      Refresh Status
    </Button>
  );
}
