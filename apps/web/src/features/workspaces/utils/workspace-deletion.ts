import { can, type WorkspaceRole } from "@app/shared";

/**
 * Whether the Delete workspace section is offered: to the owner only (the role table's organization/delete),
 * and never for the user's personal workspace, which the server refuses to delete (the user always keeps one).
 */
export function mayDeleteWorkspace(workspace: { role: WorkspaceRole; personal: boolean }): boolean {
  return can(workspace.role, "organization", "delete") && !workspace.personal;
}

/**
 * Whether what the user typed confirms deleting the workspace: its exact name, spaces around it forgiven
 * (the same trim the name got when it was saved).
 */
export function confirmsWorkspaceName(typed: string, name: string): boolean {
  return typed.trim() === name.trim();
}
