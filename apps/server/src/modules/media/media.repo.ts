import type { MediaFacts, MediaFileType, MediaListQuery } from "@app/shared";
import { and, desc, eq, ilike, inArray } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import { containing } from "../../db/like";
import { mediaFiles } from "../../db/schema";

export type MediaRow = typeof mediaFiles.$inferSelect;
export type NewMediaRow = typeof mediaFiles.$inferInsert;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%` and `_` in what the user searches for are letters, not wildcards. */

/**
 * Every query of media takes the workspace: another workspace's files cannot be read, found or removed.
 * `userId` on a row is who uploaded it.
 */
export function createMediaRepo(db: Db) {
  return {
    list(workspaceId: string, q: MediaListQuery = {}) {
      return db
        .select()
        .from(mediaFiles)
        .where(
          and(
            eq(mediaFiles.workspaceId, workspaceId),
            q.search ? ilike(mediaFiles.originalName, containing(q.search)) : undefined,
            q.type ? eq(mediaFiles.fileType, q.type) : undefined,
            q.platform ? eq(mediaFiles.uploadedFromPlatform, q.platform) : undefined,
          ),
        )
        .orderBy(desc(mediaFiles.createdAt), desc(mediaFiles.id));
    },

    async find(workspaceId: string, id: string): Promise<MediaRow | undefined> {
      const [row] = await db
        .select()
        .from(mediaFiles)
        .where(and(eq(mediaFiles.workspaceId, workspaceId), eq(mediaFiles.id, id)))
        .limit(1);
      return row;
    },

    /** The kind of each of these files that is the workspace's; the others are missing from the map. */
    async kinds(workspaceId: string, ids: string[]): Promise<Map<string, MediaFileType>> {
      // An id that is not a uuid names no file (and must not reach a uuid column).
      ids = ids.filter((id) => UUID.test(id));
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: mediaFiles.id, fileType: mediaFiles.fileType })
        .from(mediaFiles)
        .where(and(eq(mediaFiles.workspaceId, workspaceId), inArray(mediaFiles.id, ids)));
      return new Map(rows.map((r) => [r.id, r.fileType as MediaFileType]));
    },

    /** What the rules of the networks look at (type, size, dimensions, duration) of these files of the workspace. */
    async facts(workspaceId: string, ids: string[]): Promise<Map<string, MediaFacts>> {
      ids = ids.filter((id) => UUID.test(id));
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({
          id: mediaFiles.id,
          fileType: mediaFiles.fileType,
          mimeType: mediaFiles.mimeType,
          size: mediaFiles.fileSize,
          width: mediaFiles.width,
          height: mediaFiles.height,
          durationSeconds: mediaFiles.durationSeconds,
        })
        .from(mediaFiles)
        .where(and(eq(mediaFiles.workspaceId, workspaceId), inArray(mediaFiles.id, ids)));
      return new Map(rows.map(({ id, fileType, ...facts }) => [id, { kind: fileType as MediaFileType, ...facts }]));
    },

    /** Null when the storage path is taken (two uploads of one user in the same millisecond). */
    async insert(row: NewMediaRow, q: Queryable = db): Promise<MediaRow | null> {
      const [inserted] = await q.insert(mediaFiles).values(row).onConflictDoNothing().returning();
      return inserted ?? null;
    },

    async remove(workspaceId: string, id: string, q: Queryable = db): Promise<MediaRow | undefined> {
      const [row] = await q
        .delete(mediaFiles)
        .where(and(eq(mediaFiles.workspaceId, workspaceId), eq(mediaFiles.id, id)))
        .returning();
      return row;
    },
  };
}

export type MediaRepo = ReturnType<typeof createMediaRepo>;
