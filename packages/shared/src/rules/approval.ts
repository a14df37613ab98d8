import { can, type WorkspaceRole } from "../constants/workspaces";

/**
 * Whether a member's posts must be approved before they are scheduled: always a Contributor's (who may not
 * schedule), an Editor's where the workspace's setting "posts need approval" is on, never an Owner's or an
 * Admin's. The server refuses to schedule such a post; the composer offers "Submit for approval" instead.
 */
export function needsApproval(role: WorkspaceRole, postsNeedApproval: boolean): boolean {
  if (!can(role, "post", "schedule")) return true;
  return postsNeedApproval && role === "editor";
}
