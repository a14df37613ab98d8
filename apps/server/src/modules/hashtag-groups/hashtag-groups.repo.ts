import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { lockWorkspace } from "../../db/locks";
import { hashtagGroups } from "../../db/schema";

export type HashtagGroupRow = typeof hashtagGroups.$inferSelect;

/** An id that is not a uuid names no group (and must not reach a uuid column). */
const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** Why a write did not happen. */
export type GroupRefusal = "missing" | "taken" | "full";

/**
 * A workspace's saved hashtag groups. Every query takes the workspace: another workspace's groups are never
 * read, changed or removed. Writes hold the workspace's lock, so the name check (unique, case ignored) and the
 * count check see every other write of the workspace; the unique index backs the name check.
 */
export function createHashtagGroupsRepo(db: Db) {
  const mine = (workspaceId: string, id: string) =>
    and(eq(hashtagGroups.workspaceId, workspaceId), eq(hashtagGroups.id, id));

  /** Whether another group of the workspace (not `except`) has this name, case ignored. */
  async function nameTaken(tx: Tx, workspaceId: string, name: string, except?: string): Promise<boolean> {
    const rows = await tx
      .select({ id: hashtagGroups.id })
      .from(hashtagGroups)
      .where(
        and(
          eq(hashtagGroups.workspaceId, workspaceId),
          eq(sql`lower(${hashtagGroups.name})`, name.toLowerCase()),
          except ? ne(hashtagGroups.id, except) : undefined,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  return {
    /** By name (case ignored), as the picker lists them. */
    list(workspaceId: string): Promise<HashtagGroupRow[]> {
      return db
        .select()
        .from(hashtagGroups)
        .where(eq(hashtagGroups.workspaceId, workspaceId))
        .orderBy(asc(sql`lower(${hashtagGroups.name})`), asc(hashtagGroups.id));
    },

    async find(workspaceId: string, id: string): Promise<HashtagGroupRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db.select().from(hashtagGroups).where(mine(workspaceId, id));
      return row;
    },

    /** Saves a new group unless its name is taken or the workspace holds `max` groups already. */
    create(
      values: { workspaceId: string; name: string; hashtags: string[]; createdBy: string; at: Date },
      max: number,
    ): Promise<HashtagGroupRow | GroupRefusal> {
      return db.transaction(async (tx) => {
        await lockWorkspace(tx, values.workspaceId);
        const [held] = await tx
          .select({ n: count() })
          .from(hashtagGroups)
          .where(eq(hashtagGroups.workspaceId, values.workspaceId));
        if ((held?.n ?? 0) >= max) return "full";
        if (await nameTaken(tx, values.workspaceId, values.name)) return "taken";
        const [row] = await tx
          .insert(hashtagGroups)
          .values({
            workspaceId: values.workspaceId,
            name: values.name,
            hashtags: values.hashtags,
            createdBy: values.createdBy,
            createdAt: values.at,
            updatedAt: values.at,
          })
          .returning();
        if (!row) throw new Error("insert returned no row");
        return row;
      });
    },

    /** Renames the group and/or replaces its hashtags. */
    update(
      workspaceId: string,
      id: string,
      changes: { name?: string; hashtags?: string[]; updatedAt: Date },
    ): Promise<HashtagGroupRow | GroupRefusal> {
      if (!isUuid(id)) return Promise.resolve("missing");
      return db.transaction(async (tx) => {
        await lockWorkspace(tx, workspaceId);
        if (changes.name !== undefined && (await nameTaken(tx, workspaceId, changes.name, id))) {
          const [exists] = await tx.select({ id: hashtagGroups.id }).from(hashtagGroups).where(mine(workspaceId, id));
          return exists ? "taken" : "missing";
        }
        const [row] = await tx.update(hashtagGroups).set(changes).where(mine(workspaceId, id)).returning();
        return row ?? "missing";
      });
    },

    async remove(workspaceId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const gone = await db.delete(hashtagGroups).where(mine(workspaceId, id)).returning({ id: hashtagGroups.id });
      return gone.length > 0;
    },
  };
}

export type HashtagGroupsRepo = ReturnType<typeof createHashtagGroupsRepo>;
