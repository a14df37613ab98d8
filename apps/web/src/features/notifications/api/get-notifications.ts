import { type NotificationList, notificationListResponseSchema } from "@app/shared";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { DEFAULT_FILTER, type NotificationFilter, searchOfFilter } from "../utils/notifications";

/** Every list of notifications is under this key: one read again refreshes them all. */
export const notificationsQueryKey = ["notifications"] as const;

export const getNotifications = (filter: NotificationFilter, signal?: AbortSignal): Promise<NotificationList> =>
  api(`/api/notifications${searchOfFilter(filter)}`, { schema: notificationListResponseSchema, signal });

export const notificationsQueryOptions = (filter: NotificationFilter = DEFAULT_FILTER) =>
  queryOptions({
    queryKey: [...notificationsQueryKey, searchOfFilter(filter)],
    queryFn: ({ signal }) => getNotifications(filter, signal),
  });

/**
 * A page of the member's notifications with their counts (kept fresh by the event stream). Without a filter:
 * the newest ones, which the sidebar's badge and the toasts read.
 */
export function useNotifications(filter: NotificationFilter = DEFAULT_FILTER) {
  return useQuery({ ...notificationsQueryOptions(filter), placeholderData: keepPreviousData });
}
