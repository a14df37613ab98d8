import {
  can,
  rolesThatCan,
  WORKSPACE_MESSAGES,
  type WorkspaceAction,
  type WorkspaceResource,
  type WorkspaceRole,
} from "@app/shared";
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { workspaceMembers } from "../../db/schema";
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

/** Whether the user is a member of the workspace (who a task or a conversation may be assigned to). */
export async function isWorkspaceMember(q: Queryable, workspaceId: string, userId: string): Promise<boolean> {
  const [row] = await q
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row !== undefined;
}
