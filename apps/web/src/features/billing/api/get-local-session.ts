import { type LocalBillingSession, localBillingSessionResponseSchema } from "@app/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const localSessionQueryKey = (token: string) => ["billing", "local-session", token] as const;

export const localSessionPath = (token: string, action?: string) =>
  `/api/billing/local/sessions/${encodeURIComponent(token)}${action ? `/${action}` : ""}`;

/** Test mode: the checkout or portal session the page was opened with (404 when unknown or expired). */
export const getLocalSession = (token: string, signal?: AbortSignal): Promise<LocalBillingSession> =>
  api(localSessionPath(token), { schema: localBillingSessionResponseSchema, signal });

export const localSessionQueryOptions = (token: string) =>
  queryOptions({
    queryKey: localSessionQueryKey(token),
    queryFn: ({ signal }) => getLocalSession(token, signal),
    // The page acts on what it shows: no refetch behind the user's back, no retry of a 404.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export function useLocalSession(token: string | null) {
  return useQuery({ ...localSessionQueryOptions(token ?? ""), enabled: token !== null });
}
