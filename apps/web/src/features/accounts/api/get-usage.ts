import { usageResponseSchema } from "@app/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";

export const usageQueryKey = ["usage"] as const;
export type Usage = z.infer<typeof usageResponseSchema>;

export const getUsage = (zone: string, signal?: AbortSignal): Promise<Usage> =>
  // The month of "posts this month" is the user's own (in the zone they see times in).
  api(`/api/usage?timezone=${encodeURIComponent(zone)}`, {
    schema: usageResponseSchema,
    signal,
  });

export const usageQueryOptions = (zone: string) =>
  queryOptions({ queryKey: [...usageQueryKey, zone], queryFn: ({ signal }) => getUsage(zone, signal) });

export function useUsage() {
  return useQuery(usageQueryOptions(useDisplayTimeZone()));
}

/** True when the plan allows no further account (null means unlimited). */
export const atAccountLimit = (usage: Usage | undefined) =>
  usage?.limits.socialAccounts != null && usage.socialAccountsCount >= usage.limits.socialAccounts;
