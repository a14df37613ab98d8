import type { NotificationList } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { readAgain } from "@/lib/live-cache";
import { applyRead } from "../utils/notifications";
import { notificationsQueryKey } from "./get-notifications";

/** Marks one notification as read, or all of them without an id. */
export const markRead = async (id?: string): Promise<void> => {
  await api(id ? `/api/notifications/${encodeURIComponent(id)}/read` : "/api/notifications/read", { body: {} });
};

/**
 * Every cached list (each filter and page) shows it read at once; they are then read again for the counts
 * of pages not in view. The hook's own callbacks run even when the screen is left (a link that marks read).
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: (_, id) => {
      queryClient.setQueriesData<NotificationList>(
        { queryKey: notificationsQueryKey },
        (list) => list && applyRead(list, id),
      );
      void readAgain(queryClient, notificationsQueryKey);
    },
  });
}
