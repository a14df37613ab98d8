import { usageResponseSchema } from "@app/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { api } from "@/lib/api-client";
import { browserTimeZone } from "@/lib/time-zone";

export const usageQueryKey = ["usage"] as const;
export type Usage = z.infer<typeof usageResponseSchema>;

export const getUsage = (signal?: AbortSignal): Promise<Usage> =>
  // The month of "posts this month" is the user's own.
  api(`/api/usage?timezone=${encodeURIComponent(browserTimeZone())}`, {
    schema: usageResponseSchema,
    signal,
  });

export const usageQueryOptions = () =>
  queryOptions({ queryKey: usageQueryKey, queryFn: ({ signal }) => getUsage(signal) });

export function useUsage() {
  return useQuery(usageQueryOptions());
}

/** True when the plan allows no further account (null means unlimited). */
export const atAccountLimit = (usage: Usage | undefined) =>
  usage?.limits.socialAccounts != null && usage.socialAccountsCount >= usage.limits.socialAccounts;
