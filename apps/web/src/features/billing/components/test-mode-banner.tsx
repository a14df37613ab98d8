import { BILLING_MESSAGES } from "@app/shared";
import { FlaskConical } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";

/** Said on every page of local billing: nothing here takes a payment. */
export function TestModeBanner() {
  return (
    <Alert variant="warning" role="note" aria-label={BILLING_MESSAGES.testModeTitle}>
      <FlaskConical aria-hidden />
      <AlertTitle>{BILLING_MESSAGES.testModeTitle}: no payment is taken</AlertTitle>
      <AlertDescription>
        <p>{BILLING_MESSAGES.testMode}</p>
      </AlertDescription>
    </Alert>
  );
}
