import { NOTIFICATION_DETAIL_MESSAGES, type NotificationKind, type Platform } from "@app/shared";
import { type SQL, sql } from "drizzle-orm";
import { type Queryable, rowsOf } from "../../db/client";
import { inboxSources, notificationPreferences, notifications, postTargets, workspaceMembers } from "../../db/schema";
import { excerpt } from "./notifications.service";
import { notify } from "./notify";

/** The figures of a post's snapshot that are told when they grow, and the kind each is told as. */
export const ENGAGEMENT_FIGURES = [
  ["likes", "new_likes"],
  ["comments", "new_comments"],
  ["shares", "new_shares"],
] as const satisfies readonly (readonly [string, NotificationKind])[];
export type EngagementFigure = (typeof ENGAGEMENT_FIGURES)[number][0];

const DETAILS: Record<"new_likes" | "new_comments" | "new_shares", (total: number) => string> = {
  new_likes: NOTIFICATION_DETAIL_MESSAGES.newLikes,
  new_comments: NOTIFICATION_DETAIL_MESSAGES.newComments,
  new_shares: NOTIFICATION_DETAIL_MESSAGES.newShares,
};

/**
 * How much each figure grew from the previous snapshot (a target's first snapshot grows from 0: a post goes out
 * with none); a figure the network did not give, now or before, is not told.
 */
export function growth(
  previous: Partial<Record<EngagementFigure, number | null>> | undefined,
  next: Partial<Record<EngagementFigure, number | null>>,
): { figure: EngagementFigure; kind: (typeof ENGAGEMENT_FIGURES)[number][1]; increase: number; total: number }[] {
  return ENGAGEMENT_FIGURES.flatMap(([figure, kind]) => {
    const now = next[figure];
    const before = previous ? previous[figure] : 0;
    if (now == null || before == null || now <= before) return [];
    return [{ figure, kind, increase: now - before, total: now }];
  });
}

/**
 * A grouped notification of `kind`: each member with an unread one of the group (`group` matches it) finds it
 * grown (the increase added, the message and time renewed, `data` merged); every other member gets a new one,
 * named by `dedupeKey` (the event: told once). Returns how many were grown or written.
 */
async function growOrTell(
  q: Queryable,
  e: {
    workspaceId: string;
    kind: "new_likes" | "new_comments" | "new_shares";
    group: SQL;
    dedupeKey: string;
    postId: string | null;
    targetId: string | null;
    platform: Platform;
    message: string;
    increase: number;
    data: Record<string, unknown>;
  },
  at: Date,
): Promise<number> {
  const grown = rowsOf<{ user_id: string }>(
    await q.execute(sql`
      update ${notifications} n
      set count = coalesce(n.count, 0) + ${e.increase}, message = ${e.message}, created_at = ${at},
          data = n.data || ${JSON.stringify(e.data)}::jsonb
      where n.workspace_id = ${e.workspaceId} and n.kind = ${e.kind} and ${e.group}
        and n.read_at is null
        and exists (select 1 from ${workspaceMembers} m where m.workspace_id = n.workspace_id and m.user_id = n.user_id)
        and not exists (select 1 from ${notificationPreferences} p
                        where p.user_id = n.user_id and p.kind = n.kind and p.channel = 'off')
      returning n.user_id`),
  ).map((r) => r.user_id);
  const others = rowsOf<{ user_id: string }>(
    await q.execute(sql`
      select m.user_id from ${workspaceMembers} m where m.workspace_id = ${e.workspaceId}`),
  )
    .map((r) => r.user_id)
    .filter((id) => !grown.includes(id));
  const written = await notify(
    q,
    {
      workspaceId: e.workspaceId,
      kind: e.kind,
      dedupeKey: e.dedupeKey,
      audience: { userIds: others },
      postId: e.postId,
      targetId: e.targetId,
      platform: e.platform,
      message: e.message,
      count: e.increase,
      data: e.data,
    },
    at,
  );
  return grown.length + written.length;
}

/**
 * Whether the inbox reads the comments of the target's account (its source is collecting, or failed once and is
 * tried again): it tells each new comment itself (notifyInboxComments), so a growing comment count does not.
 * Where the inbox cannot read them (a scope missing, X's budget spent, no comment API) the count still tells.
 */
const inboxReads = (targetId: string) => sql`exists (
  select 1 from ${postTargets} t join ${inboxSources} s on s.account_id = t.account_id
  where t.id = ${targetId} and s.state in ('ok', 'error'))`;

/**
 * Tells the workspace's members that a published post got more likes, comments or shares: grouped, never one
 * per like. A member who has not read the last one of this kind for this target finds it grown (the increase
 * added, the total and time renewed); the others get a new one, named by the snapshot (a snapshot tells once).
 * New comments are left to the inbox where it reads the account's comments. Call it in the transaction that
 * saves the snapshot, with the target locked. Returns how many were written.
 */
export async function notifyPostEngagement(
  q: Queryable,
  e: {
    workspaceId: string;
    kind: "new_likes" | "new_comments" | "new_shares";
    postId: string;
    targetId: string;
    platform: Platform;
    snapshotId: string;
    increase: number;
    total: number;
  },
  at: Date,
): Promise<number> {
  if (e.kind === "new_comments") {
    const [read] = rowsOf<{ yes: boolean }>(await q.execute(sql`select ${inboxReads(e.targetId)} as yes`));
    if (read?.yes) return 0;
  }
  return growOrTell(
    q,
    {
      workspaceId: e.workspaceId,
      kind: e.kind,
      group: sql`n.target_id = ${e.targetId}`,
      dedupeKey: `${e.kind}:${e.targetId}:${e.snapshotId}`,
      postId: e.postId,
      targetId: e.targetId,
      platform: e.platform,
      message: DETAILS[e.kind](e.total),
      increase: e.increase,
      data: { snapshotId: e.snapshotId },
    },
    at,
  );
}

/**
 * Tells the workspace's members of comments (or mentions) the inbox collected, grouped like the other
 * engagement: by the post they are under (by the account for mentions and posts not made in the app). A member
 * with an unread one of the group finds it grown; the others get a new one, named by the newest message (a
 * reading tells once). Its message quotes the newest. Call it in the transaction that stores the messages.
 */
export async function notifyInboxComments(
  q: Queryable,
  e: {
    workspaceId: string;
    /** names the group: the post target, or the account and kind */
    group: string;
    postId: string | null;
    targetId: string | null;
    platform: Platform;
    /** the new messages from someone else, and the newest of them (quoted) */
    count: number;
    newest: { id: string; conversationId: string; authorName: string; text: string; mention: boolean };
  },
  at: Date,
): Promise<number> {
  const quote = excerpt(e.newest.text) ?? "";
  return growOrTell(
    q,
    {
      workspaceId: e.workspaceId,
      kind: "new_comments",
      group: sql`n.data->>'inboxGroup' = ${e.group}`,
      dedupeKey: `new_comments:inbox:${e.group}:${e.newest.id}`,
      postId: e.postId,
      targetId: e.targetId,
      platform: e.platform,
      message: e.newest.mention
        ? NOTIFICATION_DETAIL_MESSAGES.newMention(e.newest.authorName, quote)
        : NOTIFICATION_DETAIL_MESSAGES.newComment(e.newest.authorName, quote),
      increase: e.count,
      data: { inboxGroup: e.group, conversationId: e.newest.conversationId },
    },
    at,
  );
}

/**
 * Tells the workspace's members that an account has more followers than the day before: one notification per
 * account and day, its gain following the day's last reading. Call it in the transaction that saves the reading.
 */
export async function notifyNewFollowers(
  q: Queryable,
  e: { workspaceId: string; accountId: string; platform: Platform; day: string; gain: number; total: number },
  at: Date,
): Promise<number> {
  const dedupeKey = `new_followers:${e.accountId}:${e.day}`;
  const message = NOTIFICATION_DETAIL_MESSAGES.newFollowers(e.total);
  const renewed = rowsOf<{ id: string }>(
    await q.execute(sql`
      update ${notifications} set count = ${e.gain}, message = ${message}
      where workspace_id = ${e.workspaceId} and dedupe_key = ${dedupeKey} and count is distinct from ${e.gain}
      returning id`),
  );
  const written = await notify(
    q,
    {
      workspaceId: e.workspaceId,
      kind: "new_followers",
      dedupeKey,
      audience: "everyone",
      platform: e.platform,
      message,
      count: e.gain,
      data: { accountId: e.accountId, day: e.day },
    },
    at,
  );
  return renewed.length + written.length;
}
