import { createHash, randomBytes, randomUUID } from "node:crypto";
import {
  type AssignableRole,
  ERROR_CODES,
  INVITATION_EXPIRES_SECONDS,
  type Invitation,
  type InvitationDetails,
  type InviteMemberBody,
  NOTIFICATION_DETAIL_MESSAGES,
  rolesThatCan,
  WORKSPACE_MESSAGES,
  type WorkspaceMember,
  type WorkspaceResponse,
} from "@app/shared";
import type { Db } from "../../db/client";
import type { Mailer } from "../../email/mailer";
import { AppError, forbidden, notFound } from "../../http/errors";
import type { RealtimeHub } from "../../realtime/hub";
import { planOf } from "../billing/plan.repo";
import { isPremium } from "../billing/subscription-state";
import { announceNotifications } from "../notifications/announce";
import { notify } from "../notifications/notify";
import { invitationEmail } from "./invitation.email";
import { assertCan, type Member } from "./member";
import { isPersonalWorkspace, personalWorkspace } from "./personal-workspace";
import { presenceOf } from "./presence";
import type { CurrentWorkspace, InvitationRow, MemberRow, WorkspacesRepo } from "./workspaces.repo";

/** The realtime event that tells a removed member's open streams to close (events.routes.ts); never sent on. */
export const MEMBER_REMOVED_EVENT = "member-removed";

const premiumRequired = () => new AppError(403, ERROR_CODES.premiumRequired, WORKSPACE_MESSAGES.teamIsPremium);
const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
const gone = (message: string) => new AppError(410, ERROR_CODES.gone, message);

/**
 * The team of a workspace: its settings, members, invitations and their presence, and the switch between a
 * user's workspaces. `sessionsChanged` empties the session cache, where each session's workspace and role are
 * kept: a changed role or membership applies at the next request.
 */
export function createWorkspacesService(deps: {
  db: Db;
  repo: WorkspacesRepo;
  hub: RealtimeHub;
  mailer: Mailer;
  publicUrl: string;
  sessionsChanged: () => void;
  now?: () => Date;
}) {
  const { repo, hub } = deps;
  const now = deps.now ?? (() => new Date());

  const teamChanged = (workspaceId: string) => {
    deps.sessionsChanged();
    hub.publish(workspaceId, { name: "team", data: { type: "members.changed" } });
  };

  const toMember = (row: MemberRow): WorkspaceMember => ({
    id: row.id,
    name: row.name,
    email: row.email,
    image: row.image,
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    presence: presenceOf(row, now()),
  });

  const statusOf = (row: InvitationRow): Invitation["status"] => {
    if (row.status === "pending" && row.expiresAt <= now()) return "expired";
    if (row.status === "accepted" || row.status === "canceled" || row.status === "pending") return row.status;
    return "canceled";
  };

  const toInvitation = ({ invitation, invitedBy }: { invitation: InvitationRow; invitedBy: string }): Invitation => ({
    id: invitation.id,
    email: invitation.email,
    role: (invitation.role ?? "contributor") as Invitation["role"],
    status: statusOf(invitation),
    expiresAt: invitation.expiresAt.toISOString(),
    invitedBy,
    createdAt: invitation.createdAt.toISOString(),
  });

  async function sendInvitation(member: Member, invitation: InvitationRow) {
    const [workspace, inviter] = await Promise.all([
      repo.find(member.workspaceId),
      repo.member(member.workspaceId, member.userId),
    ]);
    const url = `${deps.publicUrl}/invitations/${invitation.id}`;
    const message = await invitationEmail({
      inviter: inviter?.name || inviter?.email || "A teammate",
      workspace: workspace?.name ?? "a workspace",
      role: invitation.role ?? "contributor",
      url,
    });
    await deps.mailer.send({ to: invitation.email, link: url, ...message });
  }

  /** Inviting needs Premium: on Free a workspace has its owner only. */
  async function assertTeamPlan(workspaceId: string) {
    if ((await planOf(deps.db, workspaceId, now())) !== "premium") throw premiumRequired();
  }

  async function existingMember(workspaceId: string, userId: string) {
    const row = await repo.member(workspaceId, userId);
    if (!row) throw notFound(WORKSPACE_MESSAGES.memberNotFound);
    return row;
  }

  return {
    async get(member: Member): Promise<WorkspaceResponse> {
      const [workspace, members, invitations, plan] = await Promise.all([
        repo.find(member.workspaceId),
        repo.members(member.workspaceId),
        repo.pendingInvitations(member.workspaceId),
        planOf(deps.db, member.workspaceId, now()),
      ]);
      if (!workspace) throw notFound(WORKSPACE_MESSAGES.workspaceNotFound);
      return {
        workspace: {
          id: workspace.id,
          name: workspace.name,
          role: member.role,
          postsNeedApproval: workspace.postsNeedApproval,
          plan,
          personal: isPersonalWorkspace(workspace.id, member.userId),
        },
        members: members.map(toMember),
        invitations: invitations.map(toInvitation),
      };
    },

    async update(member: Member, values: { name?: string; postsNeedApproval?: boolean }) {
      assertCan(member, "organization", "update");
      const row = await repo.update(member.workspaceId, values);
      if (!row) throw notFound(WORKSPACE_MESSAGES.workspaceNotFound);
      teamChanged(member.workspaceId);
      return (await this.get(member)).workspace;
    },

    /**
     * Deletes the workspace with everything in it (owners only). Never a personal workspace, and not while a
     * subscription that renews is paid for it (deleting would not stop the charges): it is cancelled first.
     */
    async delete(member: Member) {
      assertCan(member, "organization", "delete");
      if (isPersonalWorkspace(member.workspaceId, member.userId))
        throw conflict(WORKSPACE_MESSAGES.personalCannotBeDeleted);
      const subscription = await repo.subscriptionOf(member.workspaceId);
      if (subscription && isPremium(subscription, now()) && !subscription.cancelAtPeriodEnd)
        throw conflict(WORKSPACE_MESSAGES.cancelSubscriptionFirst);
      await repo.delete(member.workspaceId);
      deps.sessionsChanged();
      // Every member's open tabs stop hearing of it; their next stream opens another of their workspaces.
      hub.publish(member.workspaceId, { name: MEMBER_REMOVED_EVENT, data: { everyone: true } });
    },

    async list(userId: string, activeId: string) {
      return { workspaces: await repo.listOf(userId), activeId };
    },

    /** Opens another of the user's workspaces in this browser session. */
    async open(user: { id: string; name: string }, sessionId: string, workspaceId: string): Promise<CurrentWorkspace> {
      if (!(await repo.member(workspaceId, user.id))) throw notFound(WORKSPACE_MESSAGES.workspaceNotFound);
      await repo.openIn(sessionId, workspaceId);
      deps.sessionsChanged();
      return repo.current(user, workspaceId);
    },

    /** A new workspace, owned by the user and opened in this session (Free until it is upgraded). */
    async create(user: { id: string; name: string }, sessionId: string, name: string): Promise<CurrentWorkspace> {
      const id = randomUUID();
      await repo.create({ id, name, ownerId: user.id, memberId: randomUUID(), now: now() });
      return this.open(user, sessionId, id);
    },

    async invite(member: Member, body: InviteMemberBody): Promise<Invitation> {
      assertCan(member, "invitation", "create");
      await assertTeamPlan(member.workspaceId);
      if (await repo.memberByEmail(member.workspaceId, body.email)) throw conflict(WORKSPACE_MESSAGES.alreadyMember);
      const pending = await repo.pendingInvitationFor(member.workspaceId, body.email);
      if (pending && pending.expiresAt > now()) throw conflict(WORKSPACE_MESSAGES.alreadyInvited);
      if (pending) await repo.updatePendingInvitation(deps.db, member.workspaceId, pending.id, { status: "canceled" });
      const at = now();
      const workspace = await repo.find(member.workspaceId);
      let invitee: string | undefined;
      const invitation = await deps.db.transaction(async (tx) => {
        const row = await repo.insertInvitation(
          {
            // The accept link's key: unguessable, as a password-reset token is.
            id: randomBytes(24).toString("base64url"),
            workspaceId: member.workspaceId,
            email: body.email,
            role: body.role,
            status: "pending",
            expiresAt: new Date(at.getTime() + INVITATION_EXPIRES_SECONDS * 1000),
            inviterId: member.userId,
            createdAt: at,
          },
          tx,
        );
        // Someone who already has an account is told in their own workspace too. The invitation's id is its
        // accept link's secret: the notification neither links to it nor names it (its key is a hash of it).
        const user = await repo.userByEmail(body.email, tx);
        if (user) {
          const inviteeWorkspace = personalWorkspace({ id: user.id, name: "" }).id;
          const told = await notify(
            tx,
            {
              workspaceId: inviteeWorkspace,
              kind: "invitation_received",
              dedupeKey: `invitation_received:${createHash("sha256").update(row.id).digest("hex").slice(0, 32)}`,
              audience: { userIds: [user.id] },
              actorId: member.userId,
              message: NOTIFICATION_DETAIL_MESSAGES.invitationReceived(
                workspace?.name ?? "a workspace",
                body.role ?? "contributor",
              ),
              data: { workspaceName: workspace?.name ?? null, role: body.role ?? "contributor" },
            },
            at,
          );
          if (told.length > 0) invitee = inviteeWorkspace;
        }
        return row;
      });
      await sendInvitation(member, invitation);
      if (invitee) announceNotifications(hub, invitee);
      teamChanged(member.workspaceId);
      const row = await repo.invitation(member.workspaceId, invitation.id);
      if (!row) throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
      return toInvitation(row);
    },

    /** Sends a pending invitation again, valid for another 7 days from now. */
    async resend(member: Member, id: string): Promise<Invitation> {
      assertCan(member, "invitation", "create");
      await assertTeamPlan(member.workspaceId);
      const at = now();
      const expiresAt = new Date(at.getTime() + INVITATION_EXPIRES_SECONDS * 1000);
      if (!(await repo.updatePendingInvitation(deps.db, member.workspaceId, id, { expiresAt })))
        throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
      const row = await repo.invitation(member.workspaceId, id);
      if (!row) throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
      await sendInvitation(member, row.invitation);
      teamChanged(member.workspaceId);
      return toInvitation(row);
    },

    async cancel(member: Member, id: string) {
      assertCan(member, "invitation", "cancel");
      if (!(await repo.updatePendingInvitation(deps.db, member.workspaceId, id, { status: "canceled" })))
        throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
      teamChanged(member.workspaceId);
    },

    async setRole(member: Member, userId: string, role: AssignableRole): Promise<WorkspaceMember> {
      assertCan(member, "member", "update");
      const target = await existingMember(member.workspaceId, userId);
      if (target.role === "owner") throw forbidden(WORKSPACE_MESSAGES.ownerRoleFixed);
      // Checked again as it is written: the member may have been made the owner in between.
      if (!(await repo.setRole(member.workspaceId, userId, role))) throw forbidden(WORKSPACE_MESSAGES.ownerRoleFixed);
      teamChanged(member.workspaceId);
      return toMember({ ...target, role });
    },

    /** Removes a member (or the member leaves): what they made (posts, media, tasks) stays the workspace's. */
    async remove(member: Member, userId: string) {
      if (userId !== member.userId) assertCan(member, "member", "delete");
      const target = await existingMember(member.workspaceId, userId);
      if (target.role === "owner") throw forbidden(WORKSPACE_MESSAGES.ownerRoleFixed);
      if (!(await repo.removeMember(member.workspaceId, userId, now())))
        throw forbidden(WORKSPACE_MESSAGES.ownerRoleFixed);
      teamChanged(member.workspaceId);
      hub.publish(member.workspaceId, { name: MEMBER_REMOVED_EVENT, data: { userId } });
    },

    /** Only the owner hands the workspace on (checked before their password is asked). */
    assertMayTransfer(member: Member) {
      assertCan(member, "organization", "transfer");
    },

    /**
     * The owner makes another member the owner and becomes an admin; the new owner is told (in the app and by
     * e-mail). One owner at every moment: a transfer racing another, a role change or an account deletion
     * is taken after it and sees its result.
     */
    async transferOwnership(member: Member, userId: string): Promise<WorkspaceMember> {
      assertCan(member, "organization", "transfer");
      if (userId === member.userId) throw conflict(WORKSPACE_MESSAGES.alreadyOwner);
      const target = await existingMember(member.workspaceId, userId);
      if (target.role === "owner") throw conflict(WORKSPACE_MESSAGES.alreadyOwner);
      const at = now();
      const name = (await repo.find(member.workspaceId))?.name ?? "the workspace";
      const told = await repo.transaction(async (tx) => {
        if (!(await repo.transferOwnership(tx, member.workspaceId, member.userId, userId)))
          throw forbidden(WORKSPACE_MESSAGES.notAllowed(rolesThatCan("organization", "transfer")));
        return notify(
          tx,
          {
            workspaceId: member.workspaceId,
            kind: "ownership_received",
            dedupeKey: `ownership_received:${member.workspaceId}:${userId}:${at.getTime()}`,
            audience: { userIds: [userId] },
            actorId: member.userId,
            message: NOTIFICATION_DETAIL_MESSAGES.ownershipReceived(name),
            data: { workspaceName: name },
          },
          at,
        );
      });
      teamChanged(member.workspaceId);
      if (told.length > 0) announceNotifications(hub, member.workspaceId);
      return toMember({ ...target, role: "owner" });
    },

    /** What the accept page shows to whoever holds the link. */
    async invitationDetails(id: string): Promise<InvitationDetails> {
      const row = await repo.invitationByLink(id);
      if (!row || row.invitation.status === "canceled") throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
      const { invitation } = row;
      return {
        id: invitation.id,
        workspaceName: row.workspaceName,
        invitedBy: row.invitedBy,
        email: invitation.email,
        role: toInvitation(row).role,
        status: statusOf(invitation),
        expiresAt: invitation.expiresAt.toISOString(),
      };
    },

    /** The signed-in user (who must hold the invited e-mail) joins the workspace and works in it from now on. */
    async accept(user: { id: string; name: string; email: string }, sessionId: string, id: string) {
      const row = await repo.invitationByLink(id);
      if (!row || row.invitation.status === "canceled") throw notFound(WORKSPACE_MESSAGES.invitationNotFound);
      const { invitation } = row;
      if (invitation.status === "accepted") throw conflict(WORKSPACE_MESSAGES.invitationUsed);
      if (invitation.expiresAt <= now()) throw gone(WORKSPACE_MESSAGES.invitationExpired);
      if (invitation.email.toLowerCase() !== user.email.toLowerCase())
        throw forbidden(WORKSPACE_MESSAGES.invitationForSomeoneElse(invitation.email));
      await assertTeamPlan(invitation.workspaceId);
      await repo.transaction(async (tx) => {
        const accepted = await repo.updatePendingInvitation(tx, invitation.workspaceId, id, { status: "accepted" });
        if (!accepted) throw conflict(WORKSPACE_MESSAGES.invitationUsed);
        await repo.addMember(tx, {
          id: randomUUID(),
          workspaceId: invitation.workspaceId,
          userId: user.id,
          role: toInvitation(row).role,
          now: now(),
        });
      });
      teamChanged(invitation.workspaceId);
      return this.open(user, sessionId, invitation.workspaceId);
    },

    /** Presence (presence.ts): a tab opened the workspace's stream, kept it open, or closed the last one. */
    async streamOpened(workspaceId: string, userId: string) {
      await setPresence(workspaceId, userId, { lastSeenAt: now(), lastActiveAt: now() });
    },
    async streamAlive(workspaceId: string, userId: string) {
      await setPresence(workspaceId, userId, { lastSeenAt: now() });
    },
    async streamsClosed(workspaceId: string, userId: string) {
      await setPresence(workspaceId, userId, { lastSeenAt: null });
    },
    /** The member's tab says it was used (active) or has been left idle. */
    async activity(member: Member, active: boolean) {
      await setPresence(member.workspaceId, member.userId, { lastActiveAt: active ? now() : null });
    },
  };

  /** Records what a tab said and tells the workspace when the member's presence changed. */
  async function setPresence(
    workspaceId: string,
    userId: string,
    values: { lastSeenAt?: Date | null; lastActiveAt?: Date | null },
  ) {
    const before = await repo.member(workspaceId, userId);
    if (!before) return;
    const after = await repo.setPresence(workspaceId, userId, values);
    if (!after) return;
    const was = presenceOf(before, now());
    const is = presenceOf(after, now());
    if (was !== is)
      hub.publish(workspaceId, { name: "team", data: { type: "presence.changed", userId, presence: is } });
  }
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
