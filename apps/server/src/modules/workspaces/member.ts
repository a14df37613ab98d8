import {
  can,
  rolesThatCan,
  WORKSPACE_MESSAGES,
  type WorkspaceAction,
  type WorkspaceResource,
  type WorkspaceRole,
} from "@app/shared";
import { forbidden } from "../../http/errors";

/**
 * Who is acting, in which workspace, with which role: what routes hand to services. Repos scope every read
 * and write by `workspaceId`; `userId` is kept on rows as who made them (a post's author).
 */
export interface Member {
  userId: string;
  workspaceId: string;
  role: WorkspaceRole;
}

/** Throws a 403 naming who may, unless the member's role allows `action` on `resource`. */
export function assertCan<R extends WorkspaceResource>(member: Member, resource: R, action: WorkspaceAction<R>) {
  if (!can(member.role, resource, action))
    throw forbidden(WORKSPACE_MESSAGES.notAllowed(rolesThatCan(resource, action)));
}
