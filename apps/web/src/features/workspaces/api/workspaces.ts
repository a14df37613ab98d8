import { workspaceListResponseSchema } from "@app/shared";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

/** Every workspace the user belongs to, and the one this browser has open (the sidebar's switcher). */
export const workspacesQueryKey = ["workspaces"] as const;

export const workspacesQueryOptions = () =>
  queryOptions({
    queryKey: workspacesQueryKey,
    queryFn: ({ signal }) => api("/api/workspaces", { schema: workspaceListResponseSchema, signal }),
  });

export function useWorkspaces(opts: { enabled?: boolean } = {}) {
  return useQuery({ ...workspacesQueryOptions(), enabled: opts.enabled ?? true });
}

/**
 * Opens another of the user's workspaces in this browser (the server keeps the choice in the session); the
 * caller then runs useWorkspaceOpened's step.
 */
export function useSwitchWorkspace() {
  return useMutation({
    mutationFn: (workspaceId: string) => api("/api/workspaces/active", { body: { workspaceId } }),
  });
}
