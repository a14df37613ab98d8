import { boolean, index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * Workspaces (better-auth's organizations): what owns connected accounts, posts, media, notifications and the
 * plan. Every user has a personal one, made at sign-up; a user may belong to several.
 */
export const workspaces = pgTable("workspaces", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  logo: text("logo"),
  metadata: text("metadata"),
  /** Editors' posts need approval too (Contributors' always do: rules/approval.ts) */
  postsNeedApproval: boolean("posts_need_approval").notNull().default(false),
  /** the IANA zone its queue's time slots are wall-clock times in (issue 23) */
  timeZone: text("time_zone").notNull().default("UTC"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The workspace a row belongs to: every table of workspace data has it, and goes with its workspace. */
export const workspaceColumn = () =>
  text("workspace_id")
    .notNull()
    .references(() => workspaces.id, { onDelete: "cascade" });

/** Who belongs to a workspace, with which role (WORKSPACE_ROLES). */
export const workspaceMembers = pgTable(
  "workspace_members",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** presence: while a tab of theirs has this workspace's event stream open (kept fresh by its heartbeat) */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    /** presence: when a tab of theirs was last used (online within PRESENCE_ACTIVE_MS, else away) */
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("workspace_members_workspace_user_idx").on(t.workspaceId, t.userId),
    index("workspace_members_user_id_idx").on(t.userId),
  ],
);

/** Invitations by e-mail, pending until accepted, rejected, cancelled or expired. */
export const workspaceInvitations = pgTable(
  "workspace_invitations",
  {
    id: text("id").primaryKey(),
    workspaceId: workspaceColumn(),
    email: text("email").notNull(),
    role: text("role"),
    status: text("status").notNull().default("pending"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    inviterId: text("inviter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("workspace_invitations_workspace_id_idx").on(t.workspaceId),
    index("workspace_invitations_email_idx").on(t.email),
  ],
);
