import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { conversationFromParams, type InboxFilter, inboxFilterFromParams, paramsOfInboxFilter } from "../utils/filter";

/**
 * The Inbox's filter and the conversation opened, kept in the address: a reload, the back button or a link
 * from a notification shows the same. Changing the filter closes nothing: the conversation stays open beside it.
 */
export function useInboxFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => inboxFilterFromParams(params), [params]);
  const conversation = conversationFromParams(params);
  const setFilter = useCallback(
    (next: InboxFilter) => setParams(paramsOfInboxFilter(next, conversationFromParams(params)), { replace: true }),
    [params, setParams],
  );
  const open = useCallback(
    // Opening adds to the history (Back closes it again); closing does not.
    (id: string | null) => setParams(paramsOfInboxFilter(inboxFilterFromParams(params), id), { replace: id === null }),
    [params, setParams],
  );
  return { filter, setFilter, conversation, open };
}
