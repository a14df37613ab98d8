import { eq } from "drizzle-orm";
import type { Tx } from "./client";
import { users } from "./schema";

/**
 * Locks the owner's user row until the transaction ends: checks of a plan limit and the insert they
 * allow then happen one request at a time per user, so concurrent requests cannot pass the limit together.
 */
export async function lockOwner(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}
