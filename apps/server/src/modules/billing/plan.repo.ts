import type { PlanId } from "@app/shared";
import { eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { subscriptions } from "../../db/schema";

const PAID_STATUSES = new Set(["active", "trialing"]);

/** The user's plan: Premium while a subscription is active (or trialing) and not past its period. */
export async function planOf(db: Queryable, userId: string, now: Date = new Date()): Promise<PlanId> {
  const [sub] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (!sub || !PAID_STATUSES.has(sub.status)) return "free";
  if (sub.currentPeriodEnd && sub.currentPeriodEnd.getTime() <= now.getTime()) return "free";
  return sub.tier === "premium" ? "premium" : "free";
}
