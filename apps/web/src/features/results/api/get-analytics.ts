import { type AnalyticsResponse, analyticsResponseSchema, type ResultsQueryInput } from "@app/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { searchOf } from "../utils/filter";

/** Every results read sits under this key, so one invalidation refreshes them all. */
export const resultsQueryKey = ["results"] as const;

export const analyticsQueryOptions = (query: ResultsQueryInput) =>
  queryOptions({
    queryKey: [...resultsQueryKey, "analytics", query],
    queryFn: ({ signal }): Promise<AnalyticsResponse> =>
      api(`/api/analytics${searchOf(query)}`, { schema: analyticsResponseSchema, signal }),
    // A new filter keeps the figures on screen until its own arrive.
    placeholderData: keepPreviousData,
  });

/** The Analytics screen's figures for a period and filter (null: the period cannot be asked for yet). */
export function useAnalytics(query: ResultsQueryInput | null) {
  return useQuery({ ...analyticsQueryOptions(query ?? {}), enabled: query !== null });
}
