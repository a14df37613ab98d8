import type { PlanId } from "@app/shared";
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { subscriptions } from "../../db/schema";
import { planFromState } from "./subscription-state";

/**
 * The workspace's plan, the one source of every limit: Premium while its subscription is active (or
 * trialing) and not past its period (see isPremium). Pass the app's clock: tests move it past period ends.
 */
export async function planOf(db: Queryable, workspaceId: string, now: Date = new Date()): Promise<PlanId> {
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId)).limit(1);
  return planFromState(sub, now);
}
