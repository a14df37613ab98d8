import { eq } from "drizzle-orm";
import type { Tx } from "./client";
import { workspaces } from "./schema";

/**
 * Locks the workspace's row until the transaction ends: checks of a plan limit and the insert they allow
 * (and billing changes of the workspace) then happen one request at a time per workspace, so concurrent
 * requests of its members cannot pass the limit together. False when there is no such workspace (any more).
 */
export async function lockWorkspace(tx: Tx, workspaceId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for("update");
  return rows.length > 0;
}
