import { weeklyEngagementResponseSchema } from "@app/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";

export const weeklyEngagementQueryOptions = (tz: string) =>
  queryOptions({
    queryKey: ["results", "weekly", tz],
    queryFn: ({ signal }) =>
      api(`/api/results/weekly?${new URLSearchParams({ tz })}`, { schema: weeklyEngagementResponseSchema, signal }),
  });

/** The Post Scheduler's weekly card: engagements by weekday posted over the last weeks (the user's zone). */
export function useWeeklyEngagement() {
  return useQuery(weeklyEngagementQueryOptions(useDisplayTimeZone()));
}
