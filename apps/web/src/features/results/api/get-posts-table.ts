import { type PostsTableSort, postsTableResponseSchema, type ResultsQueryInput } from "@app/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { searchOf } from "../utils/filter";
import { resultsQueryKey } from "./get-analytics";

export interface PostsTableView {
  sort: PostsTableSort;
  order: "asc" | "desc";
  page: number;
}

export const postsTableQueryOptions = (query: ResultsQueryInput, view: PostsTableView) =>
  queryOptions({
    queryKey: [...resultsQueryKey, "analytics-posts", query, view],
    queryFn: ({ signal }) =>
      api(`/api/analytics/posts${searchOf({ ...query, ...view })}`, { schema: postsTableResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** A page of the posts table (Premium): each post on each network with its latest figures. */
export function usePostsTable(query: ResultsQueryInput | null, view: PostsTableView) {
  return useQuery({ ...postsTableQueryOptions(query ?? {}, view), enabled: query !== null });
}
