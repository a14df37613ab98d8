import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { filterFromParams, paramsFromFilter, type ResultsFilter, rangeProblem, resultsQueryOf } from "../utils/filter";

/**
 * The results filter kept in the URL's search params, and the API query it makes (counted in the user's
 * zone: the profile's, else the browser's). `query` is null while a custom range cannot be asked for (`problem` says why).
 */
export function useResultsFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const setFilter = useCallback(
    (next: ResultsFilter) => setParams(paramsFromFilter(next), { replace: true }),
    [setParams],
  );
  const problem = rangeProblem(filter);
  const zone = useDisplayTimeZone();
  const query = useMemo(() => {
    if (problem) return null;
    return resultsQueryOf(filter, zone);
  }, [filter, problem, zone]);
  return { filter, setFilter, query, problem };
}
