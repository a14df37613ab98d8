import { postMetricHistoryResponseSchema } from "@app/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { resultsQueryKey } from "./get-analytics";

export const postHistoryQueryOptions = (postId: string) =>
  queryOptions({
    queryKey: [...resultsQueryKey, "post-history", postId],
    queryFn: ({ signal }) =>
      api(`/api/analytics/posts/${encodeURIComponent(postId)}`, { schema: postMetricHistoryResponseSchema, signal }),
  });

/** Every reading of a post on each of its networks (Premium). */
export function usePostHistory(postId: string | null) {
  return useQuery({ ...postHistoryQueryOptions(postId ?? ""), enabled: postId !== null });
}
