import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Reads the data under the key again. A read already on its way is cancelled first: it may have left the
 * server before the change that asked for this, and would otherwise be taken as the fresh answer.
 */
export async function readAgain(queryClient: QueryClient, queryKey: QueryKey, exact = false) {
  await queryClient.cancelQueries({ queryKey, exact });
  await queryClient.invalidateQueries({ queryKey, exact });
}

/**
 * Puts a change that came on the event stream into every cached query under the key (only the key itself
 * when `exact`). A query being read at that moment is read again: the answer on its way may predate the
 * change and would put the old state back.
 */
export function applyLiveChange<T>(
  queryClient: QueryClient,
  filters: { queryKey: QueryKey; exact?: boolean },
  update: (data: T, key: QueryKey) => T,
) {
  for (const [key, data] of queryClient.getQueriesData<T>(filters)) {
    const reading = queryClient.getQueryState(key)?.fetchStatus === "fetching";
    if (data !== undefined) queryClient.setQueryData<T>(key, update(data, key));
    if (reading) void readAgain(queryClient, key, true);
  }
}
