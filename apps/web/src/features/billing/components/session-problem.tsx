import { BILLING_MESSAGES } from "@app/shared";
import { CircleAlert } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { ApiError } from "@/lib/api-client";

/** A test-mode page opened with a session that is missing, unknown, someone else's or expired. */
export function SessionProblem({
  error,
  backTo,
  backLabel,
}: {
  error: Error | null;
  backTo: string;
  backLabel: string;
}) {
  const invalid = !error || (error instanceof ApiError && error.status === 404);
  return (
    <EmptyState
      icon={CircleAlert}
      title={invalid ? "This billing session has ended" : "This billing page could not be loaded"}
      description={invalid ? BILLING_MESSAGES.sessionInvalid : error.message}
      action={
        <Button asChild>
          <Link to={backTo}>{backLabel}</Link>
        </Button>
      }
    />
  );
}
