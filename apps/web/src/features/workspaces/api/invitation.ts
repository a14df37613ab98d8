import { invitationDetailsSchema, openedWorkspaceResponseSchema } from "@app/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const invitationQueryKey = (id: string) => ["invitation", id] as const;

/** What an invitation link offers; readable without signing in (the link is the key). */
export function useInvitation(id: string) {
  return useQuery({
    queryKey: invitationQueryKey(id),
    queryFn: ({ signal }) =>
      api(`/api/invitations/${encodeURIComponent(id)}`, { schema: invitationDetailsSchema, signal }),
  });
}

/** Joins the workspace; the browser now works in it (the caller then runs useWorkspaceOpened's step). */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (id: string) =>
      api(`/api/invitations/${encodeURIComponent(id)}/accept`, {
        body: {},
        schema: openedWorkspaceResponseSchema,
      }),
  });
}
