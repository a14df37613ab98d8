import {
  type AssignableRole,
  type InviteMemberBody,
  invitationSchema,
  memberSchema,
  type TransferOwnershipBody,
  type WorkspaceResponse,
  workspaceResponseSchema,
  workspaceSchema,
} from "@app/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { meQueryKey } from "@/features/auth/api/get-me";
import { workspacesQueryKey } from "@/features/workspaces/api/workspaces";
import { api } from "@/lib/api-client";
import { readAgain } from "@/lib/live-cache";

/** The open workspace with its members and pending invitations (the Team screen's Members tab). */
export const workspaceQueryKey = ["workspace"] as const;

export const workspaceQueryOptions = () =>
  queryOptions({
    queryKey: workspaceQueryKey,
    queryFn: ({ signal }): Promise<WorkspaceResponse> =>
      api("/api/workspace", { schema: workspaceResponseSchema, signal }),
  });

export function useWorkspace() {
  return useQuery(workspaceQueryOptions());
}

/** After a change to members or invitations: the list is read again (the event stream tells other tabs). */
function useTeamMutation<TVars, TResult>(mutationFn: (vars: TVars) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => readAgain(queryClient, workspaceQueryKey) });
}

export function useInviteMember() {
  return useTeamMutation((body: InviteMemberBody) =>
    api("/api/workspace/invitations", { body, schema: z.object({ invitation: invitationSchema }) }),
  );
}

export function useResendInvitation() {
  return useTeamMutation((id: string) =>
    api(`/api/workspace/invitations/${encodeURIComponent(id)}/resend`, { body: {} }),
  );
}

export function useCancelInvitation() {
  return useTeamMutation((id: string) =>
    api(`/api/workspace/invitations/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
}

export function useChangeRole() {
  return useTeamMutation(({ userId, role }: { userId: string; role: AssignableRole }) =>
    api(`/api/workspace/members/${encodeURIComponent(userId)}`, {
      method: "PATCH",
      body: { role },
      schema: z.object({ member: memberSchema }),
    }),
  );
}

/** Removes a member; removing yourself is leaving the workspace. */
export function useRemoveMember() {
  return useTeamMutation((userId: string) =>
    api(`/api/workspace/members/${encodeURIComponent(userId)}`, { method: "DELETE" }),
  );
}

/** Rename, or turn "posts need approval" on or off: /api/me and the switcher show both, so they are read again. */
export function useUpdateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name?: string; postsNeedApproval?: boolean }) =>
      api("/api/workspace", { method: "PATCH", body, schema: z.object({ workspace: workspaceSchema }) }),
    onSuccess: () =>
      Promise.all([
        readAgain(queryClient, workspaceQueryKey),
        readAgain(queryClient, meQueryKey),
        readAgain(queryClient, workspacesQueryKey),
      ]),
  });
}

/** The owner makes another member the owner and becomes an admin: every screen that shows the role reads it again. */
export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferOwnershipBody) =>
      api("/api/workspace/owner", { body, schema: z.object({ member: memberSchema }) }),
    onSuccess: () =>
      Promise.all([
        readAgain(queryClient, workspaceQueryKey),
        readAgain(queryClient, meQueryKey),
        readAgain(queryClient, workspacesQueryKey),
      ]),
  });
}
