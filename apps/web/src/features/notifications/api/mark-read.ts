import type { NotificationList } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { notificationsQueryKey } from "./get-notifications";

/** Marks one notification as read, or all of them without an id. */
export const markRead = async (id?: string): Promise<void> => {
  await api(id ? `/api/notifications/${id}/read` : "/api/notifications/read", { body: {} });
};

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (_, id) => {
      queryClient.setQueryData<NotificationList>(notificationsQueryKey, (list) => {
        if (!list) return list;
        const notifications = list.notifications.map((n) => (!id || n.id === id ? { ...n, read: true } : n));
        return { notifications, unread: id ? notifications.filter((n) => !n.read).length : 0 };
      });
      void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    },
  });
}
