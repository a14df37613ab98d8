import { type MeResponse, meResponseSchema } from "@app/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, api } from "@/lib/api-client";

export const meQueryKey = ["me"] as const;

/** The signed-in user, or null when signed out (401). Reading it also keeps the session cookie fresh. */
export async function getMe(signal?: AbortSignal): Promise<MeResponse | null> {
  try {
    return await api("/api/me", { schema: meResponseSchema, signal });
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) return null;
    throw err;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 60_000,
    // Another tab may have signed out or in: check again when this one comes back into view.
    refetchOnWindowFocus: "always",
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
