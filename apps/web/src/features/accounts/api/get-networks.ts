import { type Network, networkListResponseSchema } from "@app/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const networksQueryKey = ["networks"] as const;

export const getNetworks = async (signal?: AbortSignal): Promise<Network[]> =>
  (await api("/api/networks", { schema: networkListResponseSchema, signal })).networks;

/** The server's configuration does not change while the app is open. */
export const networksQueryOptions = () =>
  queryOptions({ queryKey: networksQueryKey, queryFn: ({ signal }) => getNetworks(signal), staleTime: Infinity });

export function useNetworks() {
  return useQuery(networksQueryOptions());
}
