import { type NotificationPreferences, notificationPreferencesSchema } from "@app/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";

export const notificationPreferencesQueryKey = ["notification-preferences"] as const;

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationPreferencesQueryKey,
    queryFn: async ({ signal }): Promise<NotificationPreferences["preferences"]> =>
      (await api("/api/notification-preferences", { schema: notificationPreferencesSchema, signal })).preferences,
  });

/** Each notification kind's channel for the signed-in user (defaults filled by the server). */
export function useNotificationPreferences() {
  return useQuery(notificationPreferencesQueryOptions());
}

/** Saves the kinds changed; the answer (every kind's channel) replaces the cache. */
export function useSaveNotificationPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (preferences: Partial<NotificationPreferences["preferences"]>) =>
      (
        await api("/api/notification-preferences", {
          method: "PUT",
          body: { preferences },
          schema: notificationPreferencesSchema,
        })
      ).preferences,
    onSuccess: (preferences) => queryClient.setQueryData(notificationPreferencesQueryKey, preferences),
  });
}

const unsubscribeResponseSchema = z.object({ topic: z.string(), kinds: z.array(z.string()) });

/** The e-mails' unsubscribe link: works without signing in (the token is the permission). */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api("/api/unsubscribe", { method: "POST", body: { token }, schema: unsubscribeResponseSchema }),
  });
}
