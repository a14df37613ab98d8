import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";

const healthSchema = z.object({ worker: z.object({ alive: z.boolean() }) });

/** Whether a publishing worker is running (asked again every half minute). */
export function useWorkerAlive(): boolean | undefined {
  const health = useQuery({
    queryKey: ["health"],
    queryFn: ({ signal }) => api("/api/health", { schema: healthSchema, signal }),
    refetchInterval: 30_000,
  });
  return health.data?.worker.alive;
}
