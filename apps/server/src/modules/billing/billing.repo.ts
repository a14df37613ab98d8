import { and, eq, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "../../db/client";
import { lockOwner } from "../../db/locks";
import { billingEvents, billingSessions, subscriptions, users } from "../../db/schema";

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

/** The only place billing touches the database; every query is scoped to one user or one provider id. */
export function createBillingRepo(db: Db) {
  const findIn = async (q: Queryable, userId: string): Promise<SubscriptionRow | undefined> => {
    const [row] = await q.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
    return row;
  };

  return {
    find: (userId: string, q: Queryable = db) => findIn(q, userId),

    async findByCustomer(provider: string, customerId: string): Promise<SubscriptionRow | undefined> {
      const [row] = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.provider, provider), eq(subscriptions.providerCustomerId, customerId)))
        .limit(1);
      return row;
    },

    /**
     * Remembers the provider's customer of a user (created once): the first one stored wins and is
     * returned. A row of another provider (an ended local subscription) becomes this provider's, with
     * its trial kept.
     */
    async rememberCustomer(userId: string, provider: "stripe", customerId: string): Promise<string> {
      const [row] = await db
        .insert(subscriptions)
        .values({ userId, provider, status: "none", providerCustomerId: customerId })
        .onConflictDoUpdate({
          target: subscriptions.userId,
          set: {
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
      const current = await findIn(db, userId);
      if (!current?.providerCustomerId) throw new Error("the customer could not be stored");
      return current.providerCustomerId;
    },

    /**
     * Stores the provider's state read at `syncedAt`, unless a state read later is already stored (a
     * webhook handled late, or at the same time as a newer one). Returns whether it was stored.
     */
    async applyProviderState(tx: Tx, userId: string, state: ProviderState, syncedAt: Date): Promise<boolean> {
      const values = { ...state, syncedAt, updatedAt: new Date() };
      const rows = await tx
        .insert(subscriptions)
        .values({ userId, ...values })
        .onConflictDoUpdate({
          target: subscriptions.userId,
          // A trial once taken stays recorded, whatever the provider says of a later subscription.
          set: { ...values, trialEnd: sql`coalesce(excluded.trial_end, ${subscriptions.trialEnd})` },
          setWhere: or(isNull(subscriptions.syncedAt), lte(subscriptions.syncedAt, syncedAt)),
        })
        .returning({ id: subscriptions.id });
      return rows.length > 0;
    },

    /** Replaces the user's subscription with a local one (inside the caller's transaction). */
    async putLocal(tx: Tx, userId: string, state: ProviderState & { provider: "local" }): Promise<void> {
      const values = { ...state, syncedAt: null, updatedAt: new Date() };
      await tx
        .insert(subscriptions)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: subscriptions.userId, set: values });
    },

    /** Changes the user's subscription row (local billing; inside the caller's transaction). */
    async update(
      tx: Tx,
      userId: string,
      patch: Partial<Omit<SubscriptionRow, "id" | "userId">>,
    ): Promise<SubscriptionRow | undefined> {
      const [row] = await tx
        .update(subscriptions)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(subscriptions.userId, userId))
        .returning();
      return row;
    },

    /** Runs `work` holding a lock on the user: billing changes of one user happen one at a time. */
    transactionForOwner<T>(userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        return work(tx);
      });
    },

    transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(work);
    },

    /** Locks the user until the transaction ends; false when there is no such user (any more). */
    async lockUser(tx: Tx, userId: string): Promise<boolean> {
      const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
      return rows.length > 0;
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

    async createSession(values: { tokenHash: string; userId: string; kind: string; expiresAt: Date }) {
      await db.insert(billingSessions).values(values);
    },

    /** The user's own session with this token hash (another user's is not found). */
    async findSession(userId: string, tokenHash: string, q: Queryable = db): Promise<BillingSessionRow | undefined> {
      const [row] = await q
        .select()
        .from(billingSessions)
        .where(and(eq(billingSessions.tokenHash, tokenHash), eq(billingSessions.userId, userId)))
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
    async deleteExpiredSessions(userId: string, now: Date) {
      await db
        .delete(billingSessions)
        .where(and(eq(billingSessions.userId, userId), lte(billingSessions.expiresAt, now)));
    },
  };
}
export type BillingRepo = ReturnType<typeof createBillingRepo>;
