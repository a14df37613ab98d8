import { CREATOR_ROLE } from "@app/shared";
import type { Db } from "../../db/client";
import { workspaceMembers, workspaces } from "../../db/schema";

/**
 * Each user's own workspace, made when they sign up (migration 0009 made it for the users before): its ids
 * and slug come from the user's, so it is made once whatever happens, and it carries the user's name.
 */
/** Whether `workspaceId` is the personal workspace of `userId`. */
export const isPersonalWorkspace = (workspaceId: string, userId: string) => workspaceId === `personal-${userId}`;

export function personalWorkspace(user: { id: string; name: string }) {
  const id = `personal-${user.id}`;
  return { id, slug: id, name: `${user.name}'s workspace` };
}

export async function createPersonalWorkspace(db: Db, user: { id: string; name: string; createdAt?: Date }) {
  const workspace = personalWorkspace(user);
  await db.transaction(async (tx) => {
    await tx
      .insert(workspaces)
      .values({ ...workspace, createdAt: user.createdAt })
      .onConflictDoNothing();
    await tx
      .insert(workspaceMembers)
      .values({
        id: workspace.id,
        workspaceId: workspace.id,
        userId: user.id,
        role: CREATOR_ROLE,
        createdAt: user.createdAt,
      })
      .onConflictDoNothing();
  });
  return workspace;
}
