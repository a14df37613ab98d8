import { openedWorkspaceResponseSchema, workspaceListResponseSchema } from "@app/shared";
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
    mutationFn: (workspaceId: string) =>
      api("/api/workspaces/active", { body: { workspaceId }, schema: openedWorkspaceResponseSchema }),
  });
}

/**
 * Creates a workspace owned by the user (Free plan); the server opens it in this browser, so the caller then
 * runs useWorkspaceOpened's step.
 */
export function useCreateWorkspace() {
  return useMutation({
    mutationFn: (name: string) => api("/api/workspaces", { body: { name }, schema: openedWorkspaceResponseSchema }),
  });
}

/**
 * Deletes the open workspace with everything in it (its owner only). The server then has this browser work in
 * the user's personal workspace: the caller runs useWorkspaceOpened's step.
 */
export function useDeleteWorkspace() {
  return useMutation({
    mutationFn: () => api("/api/workspace", { method: "DELETE" }),
  });
}
