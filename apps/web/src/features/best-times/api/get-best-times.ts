import { bestTimesResponseSchema } from "@app/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const bestTimesQueryOptions = (tz: string) =>
  queryOptions({
    queryKey: ["results", "best-times", tz],
    queryFn: ({ signal }) =>
      api(`/api/results/best-times?${new URLSearchParams({ tz })}`, { schema: bestTimesResponseSchema, signal }),
    // The slots move slowly: one read serves the card and the composer for a while.
    staleTime: 5 * 60_000,
  });

/** The weekday × hour heatmap and the best slots in `tz` (Premium: pass enabled only on Premium). */
export function useBestTimes(tz: string, opts: { enabled?: boolean } = {}) {
  return useQuery({ ...bestTimesQueryOptions(tz), enabled: opts.enabled ?? true });
}
