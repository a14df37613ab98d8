import { isWorkspaceRole, type Platform, TOKEN_RENEWAL, type WorkspaceRole } from "@app/shared";
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "../../db/client";
import { lockWorkspace } from "../../db/locks";
import { oauthStates, socialAccounts, workspaceMembers } from "../../db/schema";
import { notify } from "../notifications/notify";
import { accountExpiredEvent, emitWebhookEvents } from "../webhooks/webhook-events";

export type AccountRow = typeof socialAccounts.$inferSelect;

const platformsRenewedBy = (how: (typeof TOKEN_RENEWAL)[keyof typeof TOKEN_RENEWAL]) =>
  Object.entries(TOKEN_RENEWAL)
    .filter(([, renewal]) => renewal === how)
    .map(([platform]) => platform);

/**
 * Every query of accounts takes the workspace: no way to read or change another workspace's row. `userId` on a
 * row is who connected it.
 */
/**
 * Accounts whose access ends for good (see reconnectBy in @app/shared) after `from` and by `to`: networks with no
 * renewal (or no refresh token) when their token expires; the others when their refresh token ends, the access
 * token held then still working until it expires.
 */
function accessEndsIn(from: Date, to: Date) {
  const a = socialAccounts;
  const byRefreshToken = inArray(a.platform, platformsRenewedBy("refresh-token"));
  const lastDay = sql`greatest(${a.refreshTokenExpiresAt}, ${a.tokenExpiresAt})`;
  return or(
    and(
      or(inArray(a.platform, platformsRenewedBy("none")), and(byRefreshToken, isNull(a.refreshToken))),
      gt(a.tokenExpiresAt, from),
      lte(a.tokenExpiresAt, to),
    ),
    and(
      byRefreshToken,
      isNotNull(a.refreshToken),
      isNotNull(a.refreshTokenExpiresAt),
      sql`${lastDay} > ${from}`,
      sql`${lastDay} <= ${to}`,
    ),
  );
}

export function createAccountsRepo(db: Db) {
  return {
    listActive(workspaceId: string) {
      return db
        .select()
        .from(socialAccounts)
        .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.isActive, true)))
        .orderBy(desc(socialAccounts.createdAt));
    },

    async find(workspaceId: string, id: string): Promise<AccountRow | undefined> {
      const [row] = await db
        .select()
        .from(socialAccounts)
        .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.id, id)))
        .limit(1);
      return row;
    },

    /**
     * Several accounts in one query, each by its workspace and id: a map from `${workspaceId}:${id}` to the row found.
     */
    async findMany(keys: readonly { workspaceId: string; id: string }[]): Promise<Map<string, AccountRow>> {
      const out = new Map<string, AccountRow>();
      if (keys.length === 0) return out;
      const rows = await db
        .select()
        .from(socialAccounts)
        .where(
          inArray(
            socialAccounts.id,
            keys.map((k) => k.id),
          ),
        );
      const wanted = new Set(keys.map((k) => `${k.workspaceId}:${k.id}`));
      for (const row of rows) {
        const key = `${row.workspaceId}:${row.id}`;
        // Only the workspace asked for: an id asked for under another workspace reads nothing.
        if (wanted.has(key)) out.set(key, row);
      }
      return out;
    },

    async countActive(workspaceId: string, tx: Queryable = db): Promise<number> {
      const [row] = await tx
        .select({ n: count() })
        .from(socialAccounts)
        .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.isActive, true)));
      return row?.n ?? 0;
    },

    /**
     * Inserts or reactivates the (workspace, network, network account) row inside `work`, which runs in a
     * transaction holding a lock on the workspace, so concurrent connects cannot pass the plan limit.
     */
    transactionForOwner<T>(workspaceId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
      return db.transaction(async (tx) => {
        await lockWorkspace(tx, workspaceId);
        return work(tx);
      });
    },

    async findByNetworkId(tx: Tx, workspaceId: string, platform: string, platformAccountId: string) {
      const [row] = await tx
        .select()
        .from(socialAccounts)
        .where(
          and(
            eq(socialAccounts.workspaceId, workspaceId),
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
          target: [socialAccounts.workspaceId, socialAccounts.platform, socialAccounts.platformAccountId],
          set: {
            username: values.username,
            displayName: values.displayName,
            avatarUrl: values.avatarUrl,
            followerCount: values.followerCount,
            isActive: true,
            needsReconnect: false,
            lastError: null,
            // A new consent: whether its end is near is decided afresh.
            expiryWarnedAt: null,
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

    async update(workspaceId: string, id: string, set: Partial<typeof socialAccounts.$inferInsert>) {
      const [row] = await db
        .update(socialAccounts)
        .set({ ...set, updatedAt: new Date() })
        .where(and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.id, id)))
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
            eq(socialAccounts.workspaceId, stale.workspaceId),
            eq(socialAccounts.id, stale.id),
            // Tokens renewed since `stale` was read need no renewal now.
            eq(socialAccounts.accessToken, stale.accessToken),
            or(isNull(socialAccounts.refreshClaimedUntil), lte(socialAccounts.refreshClaimedUntil, now)),
          ),
        )
        .returning();
      return row;
    },

    /** Active, renewable accounts whose token expires before `before`, soonest first (all workspaces: the sweep). */
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
            // Without its refresh token (a LinkedIn app not approved for them) it cannot be renewed: tried every
            // sweep, such accounts would come first for ever and hold up the others.
            or(
              isNotNull(socialAccounts.refreshToken),
              notInArray(socialAccounts.platform, platformsRenewedBy("refresh-token")),
            ),
            // Nor can a network that offers no renewal at all (Facebook): its owner is warned instead.
            notInArray(socialAccounts.platform, platformsRenewedBy("none")),
            or(isNull(socialAccounts.refreshClaimedUntil), lte(socialAccounts.refreshClaimedUntil, now)),
          ),
        )
        .orderBy(asc(socialAccounts.tokenExpiresAt))
        .limit(limit);
    },

    /**
     * Active accounts, not yet warned, whose access ends for good (see reconnectBy in @app/shared) after `now`
     * and by `horizon`, soonest first (all workspaces: the sweep).
     */
    dueForExpiryWarning(now: Date, horizon: Date, limit: number) {
      const a = socialAccounts;
      return db
        .select()
        .from(a)
        .where(
          and(eq(a.isActive, true), eq(a.needsReconnect, false), isNull(a.expiryWarnedAt), accessEndsIn(now, horizon)),
        )
        .orderBy(asc(a.tokenExpiresAt))
        .limit(limit);
    },

    /**
     * Records that the workspace of `stale` is warned and writes the notification, in one transaction, unless the
     * account was warned since (another process's sweep), reconnected or renewed, or is no longer usable:
     * the warning is written exactly once however many sweeps run.
     */
    async claimExpiryWarning(
      stale: AccountRow,
      now: Date,
      notification: { message: string },
    ): Promise<AccountRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(socialAccounts)
          .set({ expiryWarnedAt: now })
          .where(
            and(
              eq(socialAccounts.workspaceId, stale.workspaceId),
              eq(socialAccounts.id, stale.id),
              eq(socialAccounts.accessToken, stale.accessToken),
              eq(socialAccounts.isActive, true),
              eq(socialAccounts.needsReconnect, false),
              isNull(socialAccounts.expiryWarnedAt),
            ),
          )
          .returning();
        if (!row) return undefined;
        // The members who may reconnect it are told; the key names the end of access warned of.
        const end = `${row.tokenExpiresAt?.getTime() ?? ""}:${row.refreshTokenExpiresAt?.getTime() ?? ""}`;
        await notify(
          tx,
          {
            workspaceId: row.workspaceId,
            kind: "account_expiring",
            dedupeKey: `account_expiring:${row.id}:${end}`,
            audience: { can: ["account", "manage"] },
            platform: row.platform as Platform,
            message: notification.message,
            data: { accountId: row.id },
          },
          now,
        );
        return row;
      });
    },

    /**
     * Marks the account for reconnecting (the network refused its access) with `set`, and, when it was not
     * already marked, tells the members who may reconnect it (account_reconnect) in the same transaction: told
     * once however many calls find the refusal at the same moment. Returns the row, and whether they were told.
     */
    async markNeedsReconnect(
      workspaceId: string,
      id: string,
      set: Partial<typeof socialAccounts.$inferInsert>,
      now: Date,
      message: string,
    ): Promise<{ row: AccountRow | undefined; told: boolean }> {
      return db.transaction(async (tx) => {
        const where = and(eq(socialAccounts.workspaceId, workspaceId), eq(socialAccounts.id, id));
        const [was] = await tx
          .select({ needsReconnect: socialAccounts.needsReconnect })
          .from(socialAccounts)
          .where(where)
          .for("update");
        const [row] = await tx
          .update(socialAccounts)
          .set({ ...set, needsReconnect: true, updatedAt: new Date() })
          .where(where)
          .returning();
        if (!row || !was || was.needsReconnect || !row.isActive) return { row, told: false };
        const told = await notify(
          tx,
          {
            workspaceId,
            kind: "account_reconnect",
            dedupeKey: `account_reconnect:${row.id}:${now.getTime()}`,
            audience: { can: ["account", "manage"] },
            platform: row.platform as Platform,
            message,
            data: { accountId: row.id },
          },
          now,
        );
        return { row, told: told.length > 0 };
      });
    },

    /**
     * Active accounts not marked for reconnecting whose access ended for good (see reconnectBy) after `since` and
     * by `now` (all workspaces: the sweep tells their members once, by the notification's key).
     */
    endedSince(since: Date, now: Date, limit: number) {
      const a = socialAccounts;
      return db
        .select()
        .from(a)
        .where(and(eq(a.isActive, true), eq(a.needsReconnect, false), accessEndsIn(since, now)))
        .orderBy(asc(a.tokenExpiresAt))
        .limit(limit);
    },

    /** Tells the members who may reconnect it that the account's access ended (once per end, by its key). */
    async tellEnded(row: AccountRow, end: Date, now: Date, message: string): Promise<boolean> {
      const told = await db.transaction(async (tx) => {
        // The workspace's webhooks hear of it too (account.expired), once per end.
        await emitWebhookEvents(tx, [accountExpiredEvent(row, end)], now);
        return notify(
          tx,
          {
            workspaceId: row.workspaceId,
            kind: "account_expired",
            dedupeKey: `account_expired:${row.id}:${end.getTime()}`,
            audience: { can: ["account", "manage"] },
            platform: row.platform as Platform,
            message,
            data: { accountId: row.id },
          },
          now,
        );
      });
      return told.length > 0;
    },

    /** The user's role in the workspace now; undefined when they are no longer a member of it. */
    async roleOf(workspaceId: string, userId: string): Promise<WorkspaceRole | undefined> {
      const [row] = await db
        .select({ role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
        .limit(1);
      return row && isWorkspaceRole(row.role) ? row.role : undefined;
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
