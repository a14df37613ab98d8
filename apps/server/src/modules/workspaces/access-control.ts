import { ROLE_PERMISSIONS, WORKSPACE_STATEMENTS, type WorkspaceRole } from "@app/shared";
import { createAccessControl } from "better-auth/plugins/access";

/**
 * The shared role table (packages/shared, constants/workspaces.ts) in the form better-auth's organization
 * plugin takes, so that its own member and invitation calls are checked against the same table as ours.
 */
export const accessControl = createAccessControl(WORKSPACE_STATEMENTS);

const role = (name: WorkspaceRole) => accessControl.newRole(ROLE_PERMISSIONS[name]);

export const workspaceRoles = {
  owner: role("owner"),
  admin: role("admin"),
  editor: role("editor"),
  contributor: role("contributor"),
};
