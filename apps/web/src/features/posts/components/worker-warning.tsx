import { POST_MESSAGES } from "@app/shared";
import { TriangleAlert } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { useWorkerAlive } from "../api/get-health";

/** Says so when no publishing worker is running: scheduled posts would not go out. */
export function WorkerWarning() {
  const alive = useWorkerAlive();
  if (alive !== false) return null;
  return (
    <Alert variant="destructive" className="mb-4">
      <TriangleAlert aria-hidden />
      <AlertTitle>{POST_MESSAGES.noWorkerTitle}</AlertTitle>
      <AlertDescription>{POST_MESSAGES.noWorker}</AlertDescription>
    </Alert>
  );
}
