import { ERROR_CODES, RESULTS_MESSAGES } from "@app/shared";
import { AlertCircle, RotateCw } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { PremiumNotice } from "./premium-notice";

/** A results read that failed: Premium's history or reports on Free say so; anything else offers a retry. */
export function ResultsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (error instanceof ApiError && error.code === ERROR_CODES.premiumRequired) {
    return <PremiumNotice message={error.message} />;
  }
  return (
    <Alert variant="destructive">
      <AlertCircle aria-hidden />
      <AlertTitle>{RESULTS_MESSAGES.failed}</AlertTitle>
      <AlertDescription>
        {error instanceof ApiError && <p>{error.message}</p>}
        <Button size="sm" variant="outline" className="w-fit" onClick={onRetry}>
          <RotateCw aria-hidden /> Retry
        </Button>
      </AlertDescription>
    </Alert>
  );
}
