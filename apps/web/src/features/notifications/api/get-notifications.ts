import { type NotificationList, notificationListResponseSchema } from "@app/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const notificationsQueryKey = ["notifications"] as const;

export const getNotifications = (signal?: AbortSignal): Promise<NotificationList> =>
  api("/api/notifications", { schema: notificationListResponseSchema, signal });

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationsQueryKey, queryFn: ({ signal }) => getNotifications(signal) });

/** The newest notifications and the unread count (kept fresh by the event stream). */
export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
