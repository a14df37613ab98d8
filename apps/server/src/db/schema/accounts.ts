import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { workspaceColumn } from "./workspaces";

/** Connected network accounts. Tokens are stored encrypted (see lib/crypto.ts). */
export const socialAccounts = pgTable(
  "social_accounts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** the workspace it belongs to (migration 0010 moved each user's rows into their personal one) */
    workspaceId: workspaceColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    platform: text("platform").notNull(),
    platformAccountId: text("platform_account_id").notNull(),
    username: text("username"),
    displayName: text("display_name"),
    avatarUrl: text("avatar_url"),
    followerCount: integer("follower_count").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    accessToken: text("access_token").notNull(),
    refreshToken: text("refresh_token"),
    tokenExpiresAt: timestamp("token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scopes: text("scopes"),
    /** Set when the network refused the token for good: the user must connect again. */
    needsReconnect: boolean("needs_reconnect").notNull().default(false),
    lastError: text("last_error"),
    /** When the owner was told the token runs out without a way to renew it (cleared by a reconnect). */
    expiryWarnedAt: timestamp("expiry_warned_at", { withTimezone: true }),
    /** While set and in the future, one process is renewing the tokens: nobody else may. */
    refreshClaimedUntil: timestamp("refresh_claimed_until", { withTimezone: true }),
    sandbox: boolean("sandbox").notNull().default(false),
    /** its queue is paused (issue 23): its queued posts wait, and Add to queue skips it */
    queuePaused: boolean("queue_paused").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("social_accounts_workspace_platform_account_uq").on(t.workspaceId, t.platform, t.platformAccountId),
    index("social_accounts_workspace_active_idx").on(t.workspaceId, t.isActive),
    index("social_accounts_expiry_idx").on(t.tokenExpiresAt).where(sql`${t.isActive} and not ${t.needsReconnect}`),
  ],
);

/** Pending OAuth authorisations: single-use, bound to the session that started them, short-lived. */
export const oauthStates = pgTable("oauth_states", {
  /** sha256 of the state sent to the network; the state itself is never stored. */
  stateHash: text("state_hash").primaryKey(),
  /** the workspace the account will belong to */
  workspaceId: workspaceColumn(),
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  sessionId: text("session_id").notNull(),
  platform: text("platform").notNull(),
  /** PKCE verifier, encrypted; null where the network does not use PKCE. */
  codeVerifier: text("code_verifier"),
  redirectUri: text("redirect_uri").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
