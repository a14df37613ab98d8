import { BEST_TIME_SUGGESTIONS, bestTimesResponseSchema } from "@app/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useMe } from "@/features/auth/api/get-me";
import { api } from "@/lib/api-client";
import type { TimeSuggestions } from "../utils/best-times";

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

/** The composer's best-time suggestions in `zone`: Premium only (undefined otherwise, and nothing is asked). */
export function useTimeSuggestions(zone: string): TimeSuggestions | undefined {
  const me = useMe();
  const best = useBestTimes(zone, { enabled: me.data?.plan === "premium" });
  if (!best.data || me.data?.plan !== "premium") return undefined;
  return {
    slots: best.data.suggestions.slice(0, BEST_TIME_SUGGESTIONS),
    general: best.data.source === "general",
    zone,
  };
}
