import type { WorkspaceRole } from "@app/shared";

/** What each role may do, in a line (the words), for the role pickers. */
export const ROLE_DESCRIPTIONS: Record<WorkspaceRole, string> = {
  owner: "Billing, deleting the workspace, everything.",
  admin: "Members, connected accounts, settings and everything else.",
  editor: "Creates, schedules, publishes and approves posts; media.",
  contributor: "Drafts and media; submits posts for approval; cannot publish, schedule or connect accounts.",
};

export const roleLabel = (role: WorkspaceRole) => role[0]?.toUpperCase() + role.slice(1);
