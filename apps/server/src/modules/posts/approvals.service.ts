import {
  type ApprovalItem,
  PLATFORM_LABELS,
  type Platform,
  POST_MESSAGES,
  type Post,
  type PostComment,
  type PostHistoryEntry,
} from "@app/shared";
import { notFound } from "../../http/errors";
import type { RealtimeHub } from "../../realtime/hub";
import { announceNotifications } from "../notifications/announce";
import { notify } from "../notifications/notify";
import { assertCan, type Member } from "../workspaces/member";
import type { CommentRow, HistoryRow, PostActivityRepo } from "./post-activity.repo";
import { broadcastPost, toApiPost } from "./post-api";
import { notPending } from "./post-changes";
import type { PostsRepo } from "./posts.repo";

export interface ApprovalsDeps {
  repo: PostsRepo;
  activity: PostActivityRepo;
  hub: RealtimeHub;
  now?: () => Date;
}

const toApiComment = (row: CommentRow): PostComment => ({
  id: row.id,
  postId: row.postId,
  author: row.author,
  body: row.body,
  kind: row.kind,
  createdAt: row.createdAt.toISOString(),
});

/** Oldest first; a post's creation comes first among what happened in its instant (created and submitted at once). */
const oldestFirst = (a: HistoryRow, b: HistoryRow) =>
  a.at.getTime() - b.at.getTime() || Number(b.action === "created") - Number(a.action === "created");

/**
 * The approvals queue, rejections, and every post's comment thread and history. Approving is a scheduling,
 * so it lives with the posts' other saves (posts.service approve). Reading and commenting is open to every
 * member; the queue and rejecting need post.approve.
 */
export function createApprovalsService(deps: ApprovalsDeps) {
  const { repo, activity, hub } = deps;
  const now = deps.now ?? (() => new Date());

  async function postOf(member: Member, id: string) {
    const row = await repo.find(member.workspaceId, id);
    if (!row) throw notFound(POST_MESSAGES.notFound);
    return row;
  }

  const commentsChanged = (workspaceId: string, postId: string) =>
    hub.publish(workspaceId, { name: "comments", data: { type: "comments.changed", postId } });

  return {
    /** The workspace's posts waiting for approval, the longest waiting first. */
    async list(member: Member): Promise<ApprovalItem[]> {
      assertCan(member, "post", "approve");
      const rows = await repo.list(member.workspaceId, { status: "pending_approval" });
      const people = await activity.people(rows.flatMap((r) => (r.submittedBy ? [r.submittedBy] : [])));
      const submittedAt = (r: (typeof rows)[number]) => r.submittedAt ?? r.updatedAt;
      return rows
        .sort((a, b) => submittedAt(a).getTime() - submittedAt(b).getTime())
        .map((r) => ({
          post: toApiPost(r),
          submittedBy: (r.submittedBy && people.get(r.submittedBy)) || null,
          submittedAt: submittedAt(r).toISOString(),
        }));
    },

    /**
     * Sends a post waiting for approval back to draft, with the reviewer's comment in its thread and history;
     * its submitter (else its author) is told, with the comment, once per submission.
     */
    async reject(member: Member, id: string, comment: string): Promise<Post> {
      assertCan(member, "post", "approve");
      const { workspaceId } = member;
      const existing = await postOf(member, id);
      if (existing.status !== "pending_approval") throw notPending();
      let noted = 0;
      const row = await repo.transactionForWorkspace(workspaceId, async (tx) => {
        const at = now();
        const saved = await repo.updateEditable(
          tx,
          workspaceId,
          id,
          { status: "draft" },
          { nextAttemptAt: null },
          "pending_approval",
        );
        if (!saved) return undefined;
        const by = { workspaceId, postId: id, at };
        await activity.addComment({ ...by, authorId: member.userId, body: comment, kind: "rejection" }, tx);
        await activity.record(tx, [{ ...by, actorId: member.userId, action: "rejected", detail: comment }]);
        const told = await notify(
          tx,
          {
            workspaceId,
            kind: "post_rejected",
            dedupeKey: `post_rejected:${id}:${(existing.submittedAt ?? existing.updatedAt).getTime()}`,
            audience: { userIds: [existing.submittedBy ?? existing.userId] },
            exceptUserId: member.userId,
            actorId: member.userId,
            postId: id,
            message: comment,
          },
          at,
        );
        noted = told.length;
        return saved;
      });
      if (!row) throw notPending();
      broadcastPost(hub, now, row, "update");
      commentsChanged(workspaceId, id);
      announceNotifications(hub, workspaceId, noted);
      return toApiPost(row);
    },

    /** The post's thread, oldest first. */
    async comments(member: Member, postId: string): Promise<PostComment[]> {
      await postOf(member, postId);
      return (await activity.comments(member.workspaceId, postId)).map(toApiComment);
    },

    async comment(member: Member, postId: string, body: string): Promise<PostComment> {
      const row = await activity.addComment({
        workspaceId: member.workspaceId,
        postId,
        authorId: member.userId,
        body,
        kind: "comment",
        at: now(),
      });
      if (!row) throw notFound(POST_MESSAGES.notFound);
      commentsChanged(member.workspaceId, postId);
      return toApiComment(row);
    },

    /**
     * What happened to the post, oldest first: what members did (stored with each change), then what each
     * network made of it, read from its targets now (the publishing worker writes no history of its own).
     */
    async history(member: Member, postId: string): Promise<PostHistoryEntry[]> {
      const post = await postOf(member, postId);
      const stored = await activity.history(member.workspaceId, postId);
      const outcomes = post.targets.flatMap((t): HistoryRow[] => {
        const network = PLATFORM_LABELS[t.platform as Platform] ?? t.platform;
        const about = { workspaceId: post.workspaceId, postId, actor: null };
        if (t.status === "published" && t.publishedAt)
          return [{ ...about, id: `${t.id}:published`, action: "published", detail: network, at: t.publishedAt }];
        if (t.status === "failed" || t.status === "unconfirmed")
          return [
            {
              ...about,
              id: `${t.id}:failed`,
              action: "failed",
              detail: t.lastError ? `${network}: ${t.lastError}` : network,
              at: t.updatedAt,
            },
          ];
        return [];
      });
      return [...stored, ...outcomes].sort(oldestFirst).map((e) => ({
        id: e.id,
        action: e.action,
        actor: e.actor,
        detail: e.detail,
        at: e.at.toISOString(),
      }));
    },
  };
}
export type ApprovalsService = ReturnType<typeof createApprovalsService>;
