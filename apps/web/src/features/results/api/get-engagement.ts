import { type EngagementResponse, engagementResponseSchema, type ResultsQueryInput } from "@app/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { searchOf } from "../utils/filter";
import { resultsQueryKey } from "./get-analytics";

export const engagementQueryOptions = (query: ResultsQueryInput) =>
  queryOptions({
    queryKey: [...resultsQueryKey, "engagement", query],
    queryFn: ({ signal }): Promise<EngagementResponse> =>
      api(`/api/engagement${searchOf(query)}`, { schema: engagementResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** The Engagement screen's figures for a period and filter (null: the period cannot be asked for yet). */
export function useEngagement(query: ResultsQueryInput | null) {
  return useQuery({ ...engagementQueryOptions(query ?? {}), enabled: query !== null });
}
