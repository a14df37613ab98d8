import {
  can,
  rolesThatCan,
  WORKSPACE_MESSAGES,
  type WorkspaceAction,
  type WorkspaceResource,
  type WorkspaceRole,
} from "@app/shared";
import { useMe } from "@/features/auth/api/get-me";

/** Whether the member may do something, and if not, the sentence that says who may. */
export interface Permission {
  allowed: boolean;
  /** WORKSPACE_MESSAGES.notAllowed naming the roles that may; null when allowed */
  reason: string | null;
}

/**
 * The shared role table's answer for one role, worded as the server's 403 is, so a disabled button and a
 * refused call say the same. While the role is not known yet (the me query is loading), nothing is allowed.
 */
export function permissionOf<R extends WorkspaceResource>(
  role: WorkspaceRole | undefined,
  resource: R,
  action: WorkspaceAction<R>,
): Permission {
  if (role && can(role, resource, action)) return { allowed: true, reason: null };
  return { allowed: false, reason: WORKSPACE_MESSAGES.notAllowed(rolesThatCan(resource, action)) };
}

/** The signed-in member's role in the workspace this browser has open (from /api/me). */
export function useWorkspaceRole(): WorkspaceRole | undefined {
  return useMe().data?.workspace.role;
}

/** Whether the signed-in member's role allows `action` on `resource`, with the reason when it does not. */
export function useCan<R extends WorkspaceResource>(resource: R, action: WorkspaceAction<R>): Permission {
  return permissionOf(useWorkspaceRole(), resource, action);
}
