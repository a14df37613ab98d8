import { and, asc, count, desc, eq, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "../../db/client";
import { lockOwner } from "../../db/locks";
import { oauthStates, socialAccounts } from "../../db/schema";

export type AccountRow = typeof socialAccounts.$inferSelect;

/** Every query of accounts takes the owner: no way to read or change another user's row. */
export function createAccountsRepo(db: Db) {
  return {
    listActive(userId: string) {
      return db
        .select()
        .from(socialAccounts)
        .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.isActive, true)))
        .orderBy(desc(socialAccounts.createdAt));
    },

    async find(userId: string, id: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(socialAccounts)
        .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.id, id)))
        .limit(1);
      return row;
    },

    async countActive(userId: string, tx: Queryable = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.isActive, true)));
      return row?.n ?? 0;
    },

    /**
     * Inserts or reactivates the (owner, network, network account) row inside `work`, which runs in a
     * transaction holding a lock on the owner, so concurrent connects cannot pass the plan limit.
     */
    transactionForOwner<T>(userId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await lockOwner(tx, userId);
        return work(tx);
      });
    },

    async findByNetworkId(tx: Tx, userId: string, platform: string, platformAccountId: string) {
      const [row] = await tx
        .select()
        .from(socialAccounts)
        .where(
          and(
            eq(socialAccounts.userId, userId),
            eq(socialAccounts.platform, platform),
            eq(socialAccounts.platformAccountId, platformAccountId),
          ),
        )
        .limit(1);
      return row;
    },

    async upsert(tx: Tx, values: typeof socialAccounts.$inferInsert): Promise<AccountRow> {
      const [row] = await tx
        .insert(socialAccounts)
        .values(values)
        .onConflictDoUpdate({
          target: [socialAccounts.userId, socialAccounts.platform, socialAccounts.platformAccountId],
          set: {
            username: values.username,
            displayName: values.displayName,
            avatarUrl: values.avatarUrl,
            followerCount: values.followerCount,
            isActive: true,
            needsReconnect: false,
            lastError: null,
            accessToken: values.accessToken,
            // A network that sent no new refresh token has not replaced the old one.
            refreshToken: sql`coalesce(excluded.refresh_token, ${socialAccounts.refreshToken})`,
            refreshTokenExpiresAt: sql`coalesce(excluded.refresh_token_expires_at, ${socialAccounts.refreshTokenExpiresAt})`,
            tokenExpiresAt: values.tokenExpiresAt,
            scopes: values.scopes,
            sandbox: values.sandbox,
            updatedAt: new Date(),
          },
        })
        .returning();
      if (!row) throw new Error("upsert returned no row");
      return row;
    },

    async update(userId: string, id: string, set: Partial<typeof socialAccounts.$inferInsert>) {
      const [row] = await db
        .update(socialAccounts)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(socialAccounts.userId, userId), eq(socialAccounts.id, id)))
        .returning();
      return row;
    },

    /**
     * Takes the right to renew the account's tokens until `until`, unless another process holds it
     * or they are no longer the tokens of `stale`.
     * Networks that rotate refresh tokens accept each one once: two renewals at a time would kill the grant.
     */
    async claimRefresh(stale: AccountRow, now: Date, until: Date): Promise<AccountRow | undefined> {
      const [row] = await db
        .update(socialAccounts)
        .set({ refreshClaimedUntil: until })
        .where(
          and(
            eq(socialAccounts.userId, stale.userId),
            eq(socialAccounts.id, stale.id),
            // Tokens renewed since `stale` was read need no renewal now.
            eq(socialAccounts.accessToken, stale.accessToken),
            or(isNull(socialAccounts.refreshClaimedUntil), lte(socialAccounts.refreshClaimedUntil, now)),
          ),
        )
        .returning();
      return row;
    },

    /** Active, renewable accounts whose token expires before `before`, soonest first (all owners: the sweep). */
    dueForRefresh(before: Date, now: Date, limit: number) {
      return db
        .select()
        .from(socialAccounts)
        .where(
          and(
            eq(socialAccounts.isActive, true),
            eq(socialAccounts.needsReconnect, false),
            isNotNull(socialAccounts.tokenExpiresAt),
            lte(socialAccounts.tokenExpiresAt, before),
            or(isNull(socialAccounts.refreshClaimedUntil), lte(socialAccounts.refreshClaimedUntil, now)),
          ),
        )
        .orderBy(asc(socialAccounts.tokenExpiresAt))
        .limit(limit);
    },

    async saveState(values: typeof oauthStates.$inferInsert) {
      await db.insert(oauthStates).values(values);
    },

    /** Deletes and returns the pending authorisation: a state can be used once only. */
    async consumeState(stateHash: string) {
      const [row] = await db.delete(oauthStates).where(eq(oauthStates.stateHash, stateHash)).returning();
      return row;
    },

    async deleteExpiredStates(now: Date) {
      await db.delete(oauthStates).where(lte(oauthStates.expiresAt, now));
    },
  };
}
export type AccountsRepo = ReturnType<typeof createAccountsRepo>;
