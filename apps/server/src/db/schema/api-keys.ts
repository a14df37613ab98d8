import type { ApiKeyScope } from "@app/shared";
import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { workspaceColumn } from "./workspaces";

/**
 * API keys (issue 24): a workspace's keys for the public API and the MCP server. The key itself is never
 * stored, only its SHA-256 (a key is 256 random bits: a slow hash would add nothing). A key acts as the member
 * who created it, within its scopes: it stops working when they leave the workspace.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: workspaceColumn(),
    /** the member it acts as (their current role bounds it); the key goes with their account */
    createdBy: text("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** the key's first characters, shown to tell keys apart */
    start: text("start").notNull(),
    /** hex SHA-256 of the whole key */
    keyHash: text("key_hash").notNull().unique(),
    scopes: text("scopes").array().$type<ApiKeyScope[]>().notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** written at most once a minute (API_KEY_LAST_USED_PRECISION_MS) */
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_keys_workspace_idx").on(t.workspaceId).where(sql`${t.revokedAt} is null`)],
);
