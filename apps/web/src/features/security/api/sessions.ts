import { activeSessionsResponseSchema } from "@app/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const sessionsQueryKey = ["sessions"] as const;

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: async ({ signal }) =>
      (await api("/api/sessions", { schema: activeSessionsResponseSchema, signal })).sessions,
  });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

function useSessionsChange<T>(mutationFn: (vars: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}

/** Signs another of the user's sessions out. */
export function useRevokeSession() {
  return useSessionsChange((id: string) => api(`/api/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }));
}

export function useRevokeOtherSessions() {
  return useSessionsChange(() => api("/api/sessions/revoke-others", { method: "POST" }));
}
