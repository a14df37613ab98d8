import { and, count, desc, eq, gt, isNull, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db/client";
import { lockWorkspace } from "../../db/locks";
import { apiKeys, users } from "../../db/schema";

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyListRow = ApiKeyRow & { creatorName: string | null };

/** An id that is not a uuid names no key (and must not reach a uuid column). */
const isUuid = (value: string) => z.uuid().safeParse(value).success;

/**
 * A workspace's API keys. Every query takes the workspace: another workspace's keys are never read or revoked.
 * Only the key's hash is stored; the key itself never reaches this module.
 */
export function createApiKeysRepo(db: Db) {
  const listed = {
    id: apiKeys.id,
    workspaceId: apiKeys.workspaceId,
    createdBy: apiKeys.createdBy,
    name: apiKeys.name,
    start: apiKeys.start,
    keyHash: apiKeys.keyHash,
    scopes: apiKeys.scopes,
    expiresAt: apiKeys.expiresAt,
    lastUsedAt: apiKeys.lastUsedAt,
    revokedAt: apiKeys.revokedAt,
    createdAt: apiKeys.createdAt,
    creatorName: users.name,
  };

  return {
    /** The keys not revoked (expired ones too: the list says so), newest first, with their creator's name. */
    list(workspaceId: string): Promise<ApiKeyListRow[]> {
      return db
        .select(listed)
        .from(apiKeys)
        .leftJoin(users, eq(users.id, apiKeys.createdBy))
        .where(and(eq(apiKeys.workspaceId, workspaceId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },

    /**
     * Saves a new key unless the workspace holds `max` live keys (not revoked, not expired) already: "full".
     * The workspace's lock makes the count and the insert one step for concurrent requests.
     */
    create(
      values: {
        workspaceId: string;
        createdBy: string;
        name: string;
        start: string;
        keyHash: string;
        scopes: ApiKeyRow["scopes"];
        expiresAt: Date | null;
        at: Date;
      },
      max: number,
    ): Promise<ApiKeyRow | "full"> {
      return db.transaction(async (tx) => {
        await lockWorkspace(tx, values.workspaceId);
        const [held] = await tx
          .select({ n: count() })
          .from(apiKeys)
          .where(
            and(
              eq(apiKeys.workspaceId, values.workspaceId),
              isNull(apiKeys.revokedAt),
              or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, values.at)),
            ),
          );
        if ((held?.n ?? 0) >= max) return "full";
        const { at, ...row } = values;
        const [created] = await tx
          .insert(apiKeys)
          .values({ ...row, createdAt: at })
          .returning();
        if (!created) throw new Error("insert returned no row");
        return created;
      });
    },

    /** Revokes a key of the workspace not revoked yet; false when there is none such. */
    async revoke(workspaceId: string, id: string, at: Date): Promise<boolean> {
      if (!isUuid(id)) return false;
      const done = await db
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.workspaceId, workspaceId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return done.length > 0;
    },
  };
}

export type ApiKeysRepo = ReturnType<typeof createApiKeysRepo>;
