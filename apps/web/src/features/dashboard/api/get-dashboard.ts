import { analyticsResponseSchema, dashboardResponseSchema, engagementResponseSchema } from "@app/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { browserTimeZone } from "@/lib/time-zone";

/** The Dashboard's reads, counted by days in the browser's zone; each tab's read waits until the tab opens. */
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
  return useQuery(dashboardQueryOptions(browserTimeZone()));
}

/** The Engagement screen's cards over its default range (the last 30 days), for the engagement tab. */
export function useDashboardEngagement() {
  const tz = browserTimeZone();
  return useQuery({
    queryKey: [...dashboardQueryKey, "engagement", tz],
    queryFn: ({ signal }) => api(withZone("/api/engagement", tz), { schema: engagementResponseSchema, signal }),
  });
}

/** The Analytics screen's cards over its default range (the last 30 days), for the analytics tab. */
export function useDashboardAnalytics() {
  const tz = browserTimeZone();
  return useQuery({
    queryKey: [...dashboardQueryKey, "analytics", tz],
    queryFn: ({ signal }) => api(withZone("/api/analytics", tz), { schema: analyticsResponseSchema, signal }),
  });
}
