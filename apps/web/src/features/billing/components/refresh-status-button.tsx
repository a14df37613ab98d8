import { RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** The spec's Refresh Status: checks the subscription (and what else the screen shows) again. */
export function RefreshStatusButton({ onClick, refreshing }: { onClick(): void; refreshing: boolean }) {
  return (
    <Button type="button" variant="outline" onClick={onClick} disabled={refreshing}>
      <RefreshCw aria-hidden className={cn(refreshing && "animate-spin")} />
      Refresh Status
    </Button>
  );
}
