import { dashboardResponseSchema } from "@app/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";

/** The Dashboard's own read, counted by days in the user's zone. */
export const dashboardQueryKey = ["dashboard"] as const;

const withZone = (path: string, tz: string) => `${path}?${new URLSearchParams({ tz })}`;

export const dashboardQueryOptions = (tz: string) =>
  queryOptions({
    queryKey: [...dashboardQueryKey, "overview", tz],
    queryFn: ({ signal }) => api(withZone("/api/dashboard", tz), { schema: dashboardResponseSchema, signal }),
    // Posts scheduled or published a moment ago elsewhere in the app count at once: read again on each visit.
    staleTime: 0,
  });

/** The overview's four cards and the recent engagement list. */
export function useDashboard() {
  return useQuery(dashboardQueryOptions(useDisplayTimeZone()));
}
