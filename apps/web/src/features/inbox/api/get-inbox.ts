import {
  type InboxConversationDetail,
  type InboxListResponse,
  type InboxSummary,
  inboxConversationResponseSchema,
  inboxListResponseSchema,
  inboxSummarySchema,
} from "@app/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type InboxFilter, inboxApiSearch } from "../utils/filter";

/** Everything the inbox reads is under this key: one read again refreshes the lists, the count and the opened. */
export const inboxQueryKey = ["inbox"] as const;
export const inboxListsKey = [...inboxQueryKey, "list"] as const;
export const inboxSummaryKey = [...inboxQueryKey, "summary"] as const;
export const conversationKey = (id: string) => [...inboxQueryKey, "conversation", id] as const;

export const inboxListQueryOptions = (filter: InboxFilter) => {
  const search = inboxApiSearch(filter);
  return queryOptions({
    queryKey: [...inboxListsKey, search],
    queryFn: ({ signal }): Promise<InboxListResponse> =>
      api(`/api/inbox${search}`, { schema: inboxListResponseSchema, signal }),
  });
};

/** A page of conversations for a filter, with every connected account's source state (kept fresh live). */
export function useInbox(filter: InboxFilter) {
  return useQuery({ ...inboxListQueryOptions(filter), placeholderData: keepPreviousData });
}

/** The open conversations of the workspace and the member's unread among them: the sidebar's count. */
export function useInboxSummary() {
  return useQuery({
    queryKey: inboxSummaryKey,
    queryFn: ({ signal }): Promise<InboxSummary> => api("/api/inbox/summary", { schema: inboxSummarySchema, signal }),
  });
}

/** One conversation with all its messages, the replies on their way and the notes. */
export function useConversation(id: string | null) {
  return useQuery({
    queryKey: conversationKey(id ?? ""),
    queryFn: async ({ signal }): Promise<InboxConversationDetail> =>
      (
        await api(`/api/inbox/${encodeURIComponent(id ?? "")}`, {
          schema: inboxConversationResponseSchema,
          signal,
        })
      ).conversation,
    enabled: id !== null,
  });
}
