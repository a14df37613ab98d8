import { isWorkspaceRole, type WorkspaceRole } from "@app/shared";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { type Db, type Queryable, rowsOf } from "../../db/client";
import {
  apiKeys,
  sessions,
  subscriptions,
  users,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from "../../db/schema";
import { createPersonalWorkspace } from "./personal-workspace";

/** The workspace a request works in, and the member's role there. */
export interface CurrentWorkspace {
  id: string;
  name: string;
  role: WorkspaceRole;
  /** Editors' posts need approval too (rules/approval.ts) */
  postsNeedApproval: boolean;
}

/** A member as the team's lists show them, with what presence is worked out from. */
export interface MemberRow {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: WorkspaceRole;
  joinedAt: Date;
  lastSeenAt: Date | null;
  lastActiveAt: Date | null;
}

export type InvitationRow = typeof workspaceInvitations.$inferSelect;

const asRole = (role: string): WorkspaceRole => {
  if (!isWorkspaceRole(role)) throw new Error(`unknown workspace role ${JSON.stringify(role)}`);
  return role;
};

const memberColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  image: users.image,
  role: workspaceMembers.role,
  joinedAt: workspaceMembers.createdAt,
  lastSeenAt: workspaceMembers.lastSeenAt,
  lastActiveAt: workspaceMembers.lastActiveAt,
};

/** Workspaces, their members and invitations: every read and write names the workspace it is about. */
export function createWorkspacesRepo(db: Db) {
  const memberWhere = (workspaceId: string, userId: string) =>
    and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId));

  return {
    /**
     * The workspace a user works in: `preferred` (the one their browser has open) while they are a member of
     * it, else the first they joined (their personal one). A user without any (their sign-up was cut short
     * between the user and the workspace) gets their personal one now.
     */
    async current(user: { id: string; name: string }, preferred: string | null | undefined): Promise<CurrentWorkspace> {
      // The open workspace first (a comparison with no workspace's id when none is open).
      const preference = sql`(${workspaces.id} = ${preferred ?? ""})`;
      const [row] = await db
        .select({
          id: workspaces.id,
          name: workspaces.name,
          role: workspaceMembers.role,
          postsNeedApproval: workspaces.postsNeedApproval,
        })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(eq(workspaceMembers.userId, user.id))
        .orderBy(desc(preference), asc(workspaceMembers.createdAt), asc(workspaces.id))
        .limit(1);
      if (row) return { ...row, role: asRole(row.role) };
      const personal = await createPersonalWorkspace(db, user);
      return { id: personal.id, name: personal.name, role: "owner", postsNeedApproval: false };
    },

    /** Every workspace the user belongs to, in the order they joined. */
    async listOf(userId: string) {
      const rows = await db
        .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
        .from(workspaceMembers)
        .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
        .where(eq(workspaceMembers.userId, userId))
        .orderBy(asc(workspaceMembers.createdAt), asc(workspaces.id));
      return rows.map((r) => ({ ...r, role: asRole(r.role) }));
    },

    async find(workspaceId: string) {
      const [row] = await db.select().from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
      return row;
    },

    /** Deletes the workspace; its rows go with it (every workspace table's workspace_id cascades). */
    async delete(workspaceId: string) {
      await db.delete(workspaces).where(eq(workspaces.id, workspaceId));
    },

    async subscriptionOf(workspaceId: string) {
      const [row] = await db.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId)).limit(1);
      return row;
    },

    async update(workspaceId: string, values: { name?: string; postsNeedApproval?: boolean }) {
      const [row] = await db.update(workspaces).set(values).where(eq(workspaces.id, workspaceId)).returning();
      return row;
    },

    /** A new workspace made by `userId`, who owns it. */
    async create(values: { id: string; name: string; ownerId: string; memberId: string; now: Date }) {
      await db.transaction(async (tx) => {
        await tx
          .insert(workspaces)
          .values({ id: values.id, slug: values.id, name: values.name, createdAt: values.now });
        await tx.insert(workspaceMembers).values({
          id: values.memberId,
          workspaceId: values.id,
          userId: values.ownerId,
          role: "owner",
          createdAt: values.now,
        });
      });
    },

    async members(workspaceId: string): Promise<MemberRow[]> {
      const rows = await db
        .select(memberColumns)
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(eq(workspaceMembers.workspaceId, workspaceId))
        // The owner first, then in the order they joined.
        .orderBy(sql`(${workspaceMembers.role} = 'owner') desc`, asc(workspaceMembers.createdAt), asc(users.id));
      return rows.map((r) => ({ ...r, role: asRole(r.role) }));
    },

    async member(workspaceId: string, userId: string): Promise<MemberRow | undefined> {
      const [row] = await db
        .select(memberColumns)
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(memberWhere(workspaceId, userId))
        .limit(1);
      return row && { ...row, role: asRole(row.role) };
    },

    /** The user who signed up with this e-mail address (any case), if any. */
    async userByEmail(email: string, q: Queryable = db) {
      const [row] = await q
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        .limit(1);
      return row;
    },

    async memberByEmail(workspaceId: string, email: string) {
      const [row] = await db
        .select({ id: users.id })
        .from(workspaceMembers)
        .innerJoin(users, eq(users.id, workspaceMembers.userId))
        .where(and(eq(workspaceMembers.workspaceId, workspaceId), sql`lower(${users.email}) = ${email.toLowerCase()}`))
        .limit(1);
      return row;
    },

    /** Adds the member unless they already are one; true when added. */
    async addMember(
      tx: Queryable,
      values: { id: string; workspaceId: string; userId: string; role: WorkspaceRole; now: Date },
    ) {
      const rows = await tx
        .insert(workspaceMembers)
        .values({ ...values, createdAt: values.now })
        .onConflictDoNothing()
        .returning({ id: workspaceMembers.id });
      return rows.length > 0;
    },

    /** Gives a member who is not the owner another role; false when there is no such member (any more). */
    async setRole(workspaceId: string, userId: string, role: WorkspaceRole, q: Queryable = db) {
      const rows = await q
        .update(workspaceMembers)
        .set({ role })
        .where(and(memberWhere(workspaceId, userId), ne(workspaceMembers.role, "owner")))
        .returning({ id: workspaceMembers.id });
      return rows.length > 0;
    },

    /**
     * Removes a member who is not the owner, and revokes the API keys they made there (a key acts as its creator:
     * it would stop working anyway, but should not stay listed as if it did); false when there is no such member
     * (any more). One statement.
     */
    async removeMember(workspaceId: string, userId: string, at: Date) {
      const rows = await db.execute(sql`
        with removed as (
          delete from ${workspaceMembers}
          where ${workspaceMembers.workspaceId} = ${workspaceId} and ${workspaceMembers.userId} = ${userId}
            and ${workspaceMembers.role} <> 'owner'
          returning ${workspaceMembers.userId} as user_id
        ),
        revoked as (
          update ${apiKeys} set revoked_at = ${at}
          where ${apiKeys.workspaceId} = ${workspaceId} and ${apiKeys.revokedAt} is null
            and ${apiKeys.createdBy} in (select user_id from removed)
        )
        select count(*)::int as n from removed`);
      return (rowsOf<{ n: number }>(rows)[0]?.n ?? 0) > 0;
    },

    /**
     * Hands the workspace from its owner to another member, who becomes the owner while the former owner becomes
     * an admin. The workspace row is locked first, as deleting an account locks its workspaces, so a transfer and
     * a deletion (or two transfers) are taken one after the other. Whether it happened: false when `fromUserId`
     * is no longer the owner or `toUserId` no longer a member.
     */
    async transferOwnership(tx: Queryable, workspaceId: string, fromUserId: string, toUserId: string) {
      await tx.execute(sql`select 1 from ${workspaces} where ${workspaces.id} = ${workspaceId} for update`);
      const rows = await tx
        .select({ userId: workspaceMembers.userId, role: workspaceMembers.role })
        .from(workspaceMembers)
        .where(
          and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, [fromUserId, toUserId])),
        );
      const from = rows.find((r) => r.userId === fromUserId);
      const to = rows.find((r) => r.userId === toUserId);
      if (from?.role !== "owner" || !to || to.role === "owner") return false;
      await tx.update(workspaceMembers).set({ role: "admin" }).where(memberWhere(workspaceId, fromUserId));
      await tx.update(workspaceMembers).set({ role: "owner" }).where(memberWhere(workspaceId, toUserId));
      return true;
    },

    /** Presence: what the member's tabs last said (see presence.ts). */
    async setPresence(
      workspaceId: string,
      userId: string,
      values: { lastSeenAt?: Date | null; lastActiveAt?: Date | null },
    ) {
      const [row] = await db
        .update(workspaceMembers)
        .set(values)
        .where(memberWhere(workspaceId, userId))
        .returning({ lastSeenAt: workspaceMembers.lastSeenAt, lastActiveAt: workspaceMembers.lastActiveAt });
      return row;
    },

    /** The browser session now works in `workspaceId`. */
    async openIn(sessionId: string, workspaceId: string) {
      await db.update(sessions).set({ activeWorkspaceId: workspaceId }).where(eq(sessions.id, sessionId));
    },

    /** The workspace's invitations still pending (expired ones included, to resend or cancel), newest first. */
    async pendingInvitations(workspaceId: string) {
      return db
        .select({ invitation: workspaceInvitations, invitedBy: users.name })
        .from(workspaceInvitations)
        .innerJoin(users, eq(users.id, workspaceInvitations.inviterId))
        .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.status, "pending")))
        .orderBy(desc(workspaceInvitations.createdAt), asc(workspaceInvitations.id));
    },

    async pendingInvitationFor(workspaceId: string, email: string) {
      const [row] = await db
        .select()
        .from(workspaceInvitations)
        .where(
          and(
            eq(workspaceInvitations.workspaceId, workspaceId),
            eq(workspaceInvitations.email, email),
            eq(workspaceInvitations.status, "pending"),
          ),
        )
        .limit(1);
      return row;
    },

    async insertInvitation(values: typeof workspaceInvitations.$inferInsert, q: Queryable = db) {
      const [row] = await q.insert(workspaceInvitations).values(values).returning();
      if (!row) throw new Error("invitation not inserted");
      return row;
    },

    /** An invitation of the workspace, by id. */
    async invitation(workspaceId: string, id: string) {
      const [row] = await db
        .select({ invitation: workspaceInvitations, invitedBy: users.name })
        .from(workspaceInvitations)
        .innerJoin(users, eq(users.id, workspaceInvitations.inviterId))
        .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.id, id)))
        .limit(1);
      return row;
    },

    /** An invitation by its id alone (the accept link), with its workspace's name and who sent it. */
    async invitationByLink(id: string) {
      const [row] = await db
        .select({ invitation: workspaceInvitations, invitedBy: users.name, workspaceName: workspaces.name })
        .from(workspaceInvitations)
        .innerJoin(users, eq(users.id, workspaceInvitations.inviterId))
        .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
        .where(eq(workspaceInvitations.id, id))
        .limit(1);
      return row;
    },

    /** Changes a pending invitation; false when it was no longer pending (accepted or cancelled meanwhile). */
    async updatePendingInvitation(
      tx: Queryable,
      workspaceId: string,
      id: string,
      values: Partial<Pick<InvitationRow, "status" | "expiresAt" | "createdAt">>,
    ) {
      const rows = await tx
        .update(workspaceInvitations)
        .set(values)
        .where(
          and(
            eq(workspaceInvitations.workspaceId, workspaceId),
            eq(workspaceInvitations.id, id),
            eq(workspaceInvitations.status, "pending"),
          ),
        )
        .returning({ id: workspaceInvitations.id });
      return rows.length > 0;
    },

    transaction: db.transaction.bind(db),
  };
}

export type WorkspacesRepo = ReturnType<typeof createWorkspacesRepo>;
