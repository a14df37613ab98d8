import { ERROR_CODES, USER_ACCOUNT_MESSAGES } from "@app/shared";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db, Queryable } from "../../db/client";
import {
  mediaFiles,
  posts,
  socialAccounts,
  subscriptions,
  users,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from "../../db/schema";
import { AppError } from "../../http/errors";
import type { RealtimeHub } from "../../realtime/hub";
import { isPremium } from "../billing/subscription-state";
import type { MediaStorage } from "../media/media.storage";
import { AVATAR_FILE, AVATAR_PREFIX, AVATAR_URL_PREFIX } from "../profile/profile.service";
import { MEMBER_REMOVED_EVENT } from "../workspaces/workspaces.service";

const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);

/** A workspace of the user's, with who else is in it. */
interface Membership {
  workspaceId: string;
  name: string;
  role: string;
  /** the other members, owners first, then in the order they joined */
  others: { userId: string; role: string }[];
}

/**
 * Deleting a user's account. What the user alone is in (their personal workspace, any other they are the only
 * member of) goes with everything in it, as a deleted workspace does (workspaces.repo.ts `delete`: its rows
 * cascade). In a workspace shared with others, the user leaves as a removed member does: what they made there
 * (posts, media, connected accounts, invitations, the subscription they took) stays the workspace's, in the
 * name of an owner who stays. Refused while the user is the only owner of a workspace with other members, and
 * while a workspace that would be deleted has a subscription that renews (as deleting the workspace is).
 */
export function createUserAccountService(deps: {
  db: Db;
  hub: RealtimeHub;
  sessionsChanged: () => void;
  /** where media and avatars are kept: the deleted ones' files are removed once the rows are gone */
  storage: MediaStorage;
  /** a stored file that could not be removed (the account is deleted all the same) */
  onStorageError: (err: unknown) => void;
  now?: () => Date;
}) {
  const { db, hub } = deps;
  const now = deps.now ?? (() => new Date());
  const subscriptionOf = async (q: Queryable, workspaceId: string) =>
    (await q.select().from(subscriptions).where(eq(subscriptions.workspaceId, workspaceId)).limit(1))[0];

  async function membershipsOf(q: Queryable, userId: string): Promise<Membership[]> {
    // The user's workspaces are locked first: two co-owners deleting their accounts at once are taken one after
    // the other, so the second sees that the first has gone (and cannot leave a team without an owner).
    await q.execute(
      sql`select 1 from ${workspaces} where ${workspaces.id} in (select ${workspaceMembers.workspaceId} from ${workspaceMembers} where ${workspaceMembers.userId} = ${userId}) order by ${workspaces.id} for update`,
    );
    const mine = await q
      .select({ workspaceId: workspaceMembers.workspaceId, name: workspaces.name, role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, userId))
      .orderBy(workspaceMembers.createdAt, workspaces.id);
    if (mine.length === 0) return [];
    const others = await q
      .select({
        workspaceId: workspaceMembers.workspaceId,
        userId: workspaceMembers.userId,
        role: workspaceMembers.role,
      })
      .from(workspaceMembers)
      .where(
        and(
          inArray(
            workspaceMembers.workspaceId,
            mine.map((m) => m.workspaceId),
          ),
          ne(workspaceMembers.userId, userId),
        ),
      )
      .orderBy(sql`(${workspaceMembers.role} = 'owner') desc`, workspaceMembers.createdAt, workspaceMembers.userId);
    return mine.map((m) => ({ ...m, others: others.filter((o) => o.workspaceId === m.workspaceId) }));
  }

  return {
    /** Deletes the account (its password checked already): the checks and the deletion in one transaction. */
    async deleteAccount(userId: string) {
      const { alone, shared, files } = await db.transaction(async (tx) => {
        const memberships = await membershipsOf(tx, userId);
        const alone = memberships.filter((m) => m.others.length === 0);
        const shared = memberships.filter((m) => m.others.length > 0);
        for (const m of shared)
          if (m.role === "owner" && !m.others.some((o) => o.role === "owner"))
            throw conflict(USER_ACCOUNT_MESSAGES.soleOwner(m.name));
        for (const m of alone) {
          const subscription = await subscriptionOf(tx, m.workspaceId);
          if (subscription && isPremium(subscription, now()) && !subscription.cancelAtPeriodEnd)
            throw conflict(USER_ACCOUNT_MESSAGES.cancelSubscriptionFirst(m.name));
        }

        // The files of what goes: the media of the workspaces deleted, the user's avatar.
        const [profile] = await tx.select({ image: users.image }).from(users).where(eq(users.id, userId));
        const avatar = profile?.image?.startsWith(AVATAR_URL_PREFIX)
          ? profile.image.slice(AVATAR_URL_PREFIX.length)
          : "";
        const files = alone.length
          ? (
              await tx
                .select({ key: mediaFiles.storagePath })
                .from(mediaFiles)
                .where(
                  inArray(
                    mediaFiles.workspaceId,
                    alone.map((m) => m.workspaceId),
                  ),
                )
            ).map((f) => f.key)
          : [];
        if (AVATAR_FILE.test(avatar)) files.push(`${AVATAR_PREFIX}/${avatar}`);
        for (const m of shared) {
          // An owner who stays (there is one: the user was not the only owner), else the longest-standing member.
          const heir = m.others[0]?.userId;
          if (!heir) continue;
          const ws = m.workspaceId;
          await tx
            .update(posts)
            .set({ userId: heir })
            .where(and(eq(posts.workspaceId, ws), eq(posts.userId, userId)));
          await tx
            .update(mediaFiles)
            .set({ userId: heir })
            .where(and(eq(mediaFiles.workspaceId, ws), eq(mediaFiles.userId, userId)));
          await tx
            .update(socialAccounts)
            .set({ userId: heir })
            .where(and(eq(socialAccounts.workspaceId, ws), eq(socialAccounts.userId, userId)));
          await tx
            .update(subscriptions)
            .set({ userId: heir })
            .where(and(eq(subscriptions.workspaceId, ws), eq(subscriptions.userId, userId)));
          await tx
            .update(workspaceInvitations)
            .set({ inviterId: heir })
            .where(
              and(eq(workspaceInvitations.workspaceId, m.workspaceId), eq(workspaceInvitations.inviterId, userId)),
            );
        }
        if (alone.length)
          await tx.delete(workspaces).where(
            inArray(
              workspaces.id,
              alone.map((m) => m.workspaceId),
            ),
          );
        // Sessions, sign-in methods, memberships, notifications and preferences go with the user.
        await tx.delete(users).where(eq(users.id, userId));
        return { alone, shared, files };
      });

      deps.sessionsChanged();
      for (const key of files) await deps.storage.remove(key).catch(deps.onStorageError);
      for (const m of alone) hub.publish(m.workspaceId, { name: MEMBER_REMOVED_EVENT, data: { everyone: true } });
      for (const m of shared) {
        hub.publish(m.workspaceId, { name: "team", data: { type: "members.changed" } });
        hub.publish(m.workspaceId, { name: MEMBER_REMOVED_EVENT, data: { userId } });
      }
      return { deletedWorkspaces: alone.map((m) => m.workspaceId) };
    },
  };
}

export type UserAccountService = ReturnType<typeof createUserAccountService>;
