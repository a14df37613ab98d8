import { sql } from "drizzle-orm";
import {
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { workspaceColumn } from "./workspaces";

/**
 * A file of a user's media library. The bytes live in storage (local disk or S3) at `storage_path`,
 * `{userId}/{timestamp}.{extension}`, never made from the name the user's file had (`original_name`).
 */
export const mediaFiles = pgTable(
  "media_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** the workspace it belongs to (migration 0010 moved each user's rows into their personal one) */
    workspaceId: workspaceColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** `{timestamp}.{extension}` */
    filename: text("filename").notNull(),
    originalName: text("original_name").notNull(),
    /** image or video */
    fileType: text("file_type").notNull(),
    fileSize: integer("file_size").notNull(),
    /** read from the file's bytes */
    mimeType: text("mime_type").notNull(),
    storagePath: text("storage_path").notNull(),
    width: integer("width"),
    height: integer("height"),
    durationSeconds: doublePrecision("duration_seconds"),
    sha256: text("sha256").notNull(),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** set when the file came from a connected network rather than an upload */
    uploadedFromPlatform: text("uploaded_from_platform"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("media_files_storage_path_uq").on(t.storagePath),
    index("media_files_workspace_created_idx").on(t.workspaceId, sql`${t.createdAt} desc`),
  ],
);
