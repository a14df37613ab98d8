import { and, eq, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "../../db/client";
import { lockWorkspace } from "../../db/locks";
import { billingEvents, billingSessions, subscriptions, workspaceMembers } from "../../db/schema";

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type BillingSessionRow = typeof billingSessions.$inferSelect;

/** What a provider says a subscription is now. */
export interface ProviderState {
  provider: "stripe" | "local";
  status: string;
  tier: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  providerCustomerId: string | null;
  providerSubscriptionId: string | null;
}

/**
 * The only place billing touches the database; every query is scoped to one workspace or one provider id.
 * `userId` on a row is who made it (who subscribed, who opened a checkout), never what it is looked up by.
 */
export function createBillingRepo(db: Db) {
  const findIn = async (q: Queryable, workspaceId: string): Promise<SubscriptionRow | undefined> => {
    const [row] = await q.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId)).limit(1);
    return row;
  };

  return {
    find: (workspaceId: string, q: Queryable = db) => findIn(q, workspaceId),

    async findByCustomer(provider: string, customerId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerCustomerId, customerId)))
        .limit(1);
      return row;
    },

    /**
     * Remembers the provider's customer of a workspace (created once, by `userId`): the first one stored
     * wins and is returned. A row of another provider (an ended local subscription) becomes this
     * provider's, with its trial kept.
     */
    async rememberCustomer(
      workspaceId: string,
      userId: string,
      provider: "stripe",
      customerId: string,
    ): Promise<string> {
      const [row] = await db
        .insert(subscriptions)
        .values({ workspaceId, userId, provider, status: "none", providerCustomerId: customerId })
        .onConflictDoUpdate({
          target: subscriptions.workspaceId,
          set: {
            userId,
            provider,
            providerCustomerId: customerId,
            status: "none",
            currentPeriodEnd: null,
            cancelAtPeriodEnd: false,
            providerSubscriptionId: null,
            syncedAt: null,
            updatedAt: new Date(),
          },
          setWhere: or(isNull(subscriptions.providerCustomerId), ne(subscriptions.provider, provider)),
        })
        .returning();
      if (row?.providerCustomerId) return row.providerCustomerId;
      const current = await findIn(db, workspaceId);
      if (!current?.providerCustomerId) throw new Error("the customer could not be stored");
      return current.providerCustomerId;
    },

    /**
     * Stores the provider's state read at `syncedAt`, unless a state read later is already stored (a
     * webhook handled late, or at the same time as a newer one). Returns whether it was stored. `userId`
     * (who subscribed) is stored only when the workspace has no row yet.
     */
    async applyProviderState(
      tx: Tx,
      owner: { workspaceId: string; userId: string },
      state: ProviderState,
      syncedAt: Date,
    ): Promise<boolean> {
      const values = { ...state, syncedAt, updatedAt: new Date() };
      const rows = await tx
        .insert(subscriptions)
        .values({ workspaceId: owner.workspaceId, userId: owner.userId, ...values })
        .onConflictDoUpdate({
          target: subscriptions.workspaceId,
          // A trial once taken stays recorded, whatever the provider says of a later subscription.
          set: { ...values, trialEnd: sql`coalesce(excluded.trial_end, ${subscriptions.trialEnd})` },
          setWhere: or(isNull(subscriptions.syncedAt), lte(subscriptions.syncedAt, syncedAt)),
        })
        .returning({ id: subscriptions.id });
      return rows.length > 0;
    },

    /**
     * Replaces the workspace's subscription with a local one started by `userId` (inside the caller's
     * transaction).
     */
    async putLocal(
      tx: Tx,
      owner: { workspaceId: string; userId: string },
      state: ProviderState & { provider: "local" },
    ): Promise<void> {
      const values = { ...state, userId: owner.userId, syncedAt: null, updatedAt: new Date() };
      await tx
        .insert(subscriptions)
        .values({ workspaceId: owner.workspaceId, ...values })
        .onConflictDoUpdate({ target: subscriptions.workspaceId, set: values });
    },

    /** Changes the workspace's subscription row (local billing; inside the caller's transaction). */
    async update(
      tx: Tx,
      workspaceId: string,
      patch: Partial<Omit<SubscriptionRow, "id" | "workspaceId" | "userId">>,
    ): Promise<SubscriptionRow | undefined> {
      const [row] = await tx
        .update(subscriptions)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(subscriptions.workspaceId, workspaceId))
        .returning();
      return row;
    },

    /** Runs `work` holding the workspace's lock: billing changes of one workspace happen one at a time. */
    transactionForWorkspace<T>(workspaceId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await lockWorkspace(tx, workspaceId);
        return work(tx);
      });
    },

    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Locks the workspace until the transaction ends; false when there is no such workspace (any more). */
    lockWorkspace: (tx: Tx, workspaceId: string) => lockWorkspace(tx, workspaceId),

    /** An owner of the workspace (the earliest), to name as who subscribed when the provider names nobody. */
    async ownerOf(q: Queryable, workspaceId: string): Promise<string | undefined> {
      const [row] = await q
        .select({ userId: workspaceMembers.userId })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")))
        .orderBy(workspaceMembers.createdAt)
        .limit(1);
      return row?.userId;
    },

    async eventSeen(id: string): Promise<boolean> {
      const [row] = await db.select({ id: billingEvents.id }).from(billingEvents).where(eq(billingEvents.id, id));
      return row !== undefined;
    },

    /** Records a webhook event as applied; false when it already was (delivered twice at once). */
    async recordEvent(
      tx: Tx,
      event: { id: string; provider: string; type: string; createdAt: Date },
    ): Promise<boolean> {
      const rows = await tx
        .insert(billingEvents)
        .values(event)
        .onConflictDoNothing({ target: billingEvents.id })
        .returning({ id: billingEvents.id });
      return rows.length > 0;
    },

    async createSession(values: {
      tokenHash: string;
      workspaceId: string;
      userId: string;
      kind: string;
      expiresAt: Date;
    }) {
      await db.insert(billingSessions).values(values);
    },

    /** The workspace's session with this token hash (another workspace's is not found). */
    async findSession(
      workspaceId: string,
      tokenHash: string,
      q: Queryable = db,
    ): Promise<BillingSessionRow | undefined> {
      const [row] = await q
        .select()
        .from(billingSessions)
        .where(and(eq(billingSessions.tokenHash, tokenHash), eq(billingSessions.workspaceId, workspaceId)))
        .limit(1);
      return row;
    },

    async completeSession(tx: Tx, tokenHash: string, at: Date): Promise<boolean> {
      const rows = await tx
        .update(billingSessions)
        .set({ completedAt: at })
        .where(and(eq(billingSessions.tokenHash, tokenHash), isNull(billingSessions.completedAt)))
        .returning({ tokenHash: billingSessions.tokenHash });
      return rows.length > 0;
    },

    /** Sessions past their expiry are of no use to anyone. */
    async deleteExpiredSessions(workspaceId: string, now: Date) {
      await db
        .delete(billingSessions)
        .where(and(eq(billingSessions.workspaceId, workspaceId), lte(billingSessions.expiresAt, now)));
    },
  };
}
export type BillingRepo = ReturnType<typeof createBillingRepo>;
