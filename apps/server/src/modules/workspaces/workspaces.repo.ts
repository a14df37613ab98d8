import { isWorkspaceRole, type WorkspaceRole } from "@app/shared";
import { asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { workspaceMembers, workspaces } from "../../db/schema";
import { createPersonalWorkspace } from "./personal-workspace";

/** The workspace a request works in, and the member's role there. */
export interface CurrentWorkspace {
  id: string;
  name: string;
  role: WorkspaceRole;
  /** Editors' posts need approval too (rules/approval.ts) */
  postsNeedApproval: boolean;
}

export function createWorkspacesRepo(db: Db) {
  return {
    /**
     * The workspace a user works in: `preferred` (the one their browser has open) while they are a member of
     * it, else the first they joined (their personal one). A user without any (their sign-up was cut short
     * between the user and the workspace) gets their personal one now.
     */
    async current(user: { id: string; name: string }, preferred: string | null | undefined): Promise<CurrentWorkspace> {
      // The open workspace first (a comparison with no workspace's id when none is open).
      const preference = sql`(${workspaces.id} = ${preferred ?? ""})`;
      const [row] = await db
        .select({
          id: workspaces.id,
          name: workspaces.name,
          role: workspaceMembers.role,
          postsNeedApproval: workspaces.postsNeedApproval,
        })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(eq(workspaceMembers.userId, user.id))
        .orderBy(desc(preference), asc(workspaceMembers.createdAt), asc(workspaces.id))
        .limit(1);
      if (row && isWorkspaceRole(row.role)) return { ...row, role: row.role };
      if (row) throw new Error(`unknown workspace role ${JSON.stringify(row.role)}`);
      const personal = await createPersonalWorkspace(db, user);
      return { id: personal.id, name: personal.name, role: "owner", postsNeedApproval: false };
    },
  };
}
