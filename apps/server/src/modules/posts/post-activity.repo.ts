import type { PostHistoryAction } from "@app/shared";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db, Queryable, Tx } from "../../db/client";
import { postComments, postHistory, posts, users } from "../../db/schema";

/** A user as a post's thread and history show them; null once their account is gone. */
export interface PersonRow {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

export type CommentKind = "comment" | "rejection";
export type CommentRow = Omit<typeof postComments.$inferSelect, "authorId" | "kind"> & {
  kind: CommentKind;
  author: PersonRow | null;
};
export type HistoryRow = Omit<typeof postHistory.$inferSelect, "actorId" | "action"> & {
  action: PostHistoryAction;
  actor: PersonRow | null;
};
export interface NewComment {
  workspaceId: string;
  postId: string;
  authorId: string;
  body: string;
  kind: CommentKind;
  at: Date;
}
/** One thing that happened to a post, written in the transaction of the change itself. */
export interface NewHistory {
  workspaceId: string;
  postId: string;
  /** the member who did it */
  actorId: string;
  action: PostHistoryAction;
  detail?: string | null;
  at: Date;
}

const person = { id: users.id, name: users.name, email: users.email, image: users.image };

/**
 * A post's comment thread and its stored history. Every query takes the workspace as well as the post, so
 * another workspace's post never reads or gets any.
 */
export function createPostActivityRepo(db: Db) {
  async function insertComment(q: Queryable, values: NewComment): Promise<CommentRow> {
    const [row] = await q
      .insert(postComments)
      .values({
        workspaceId: values.workspaceId,
        postId: values.postId,
        authorId: values.authorId,
        body: values.body,
        kind: values.kind,
        createdAt: values.at,
      })
      .returning({ id: postComments.id });
    if (!row) throw new Error("insert returned no comment");
    const [author] = await q.select(person).from(users).where(eq(users.id, values.authorId));
    const { authorId: _, at, ...rest } = values;
    return { ...rest, id: row.id, createdAt: at, author: author ?? null };
  }

  return {
    async comments(workspaceId: string, postId: string): Promise<CommentRow[]> {
      const rows = await db
        .select({
          id: postComments.id,
          workspaceId: postComments.workspaceId,
          postId: postComments.postId,
          body: postComments.body,
          kind: postComments.kind,
          createdAt: postComments.createdAt,
          author: person,
        })
        .from(postComments)
        .leftJoin(users, eq(users.id, postComments.authorId))
        .where(and(eq(postComments.workspaceId, workspaceId), eq(postComments.postId, postId)))
        .orderBy(asc(postComments.createdAt), asc(postComments.id));
      return rows.map((r) => ({ ...r, kind: r.kind as CommentKind }));
    },

    /**
     * Adds a comment to the workspace's post; undefined when it has no such post. A rejection's comment is
     * written in the transaction (`tx`) that sends the post back; a comment alone holds the post while it is
     * written, so a post deleted meanwhile takes its comment with it.
     */
    async addComment(values: NewComment, tx?: Tx): Promise<CommentRow | undefined> {
      if (!tx)
        return db.transaction(async (own) => {
          const [post] = await own
            .select({ id: posts.id })
            .from(posts)
            .where(and(eq(posts.workspaceId, values.workspaceId), eq(posts.id, values.postId)))
            .for("share");
          return post ? insertComment(own, values) : undefined;
        });
      return insertComment(tx, values);
    },

    /** Records what happened to posts, in the transaction that changed them. */
    async record(tx: Tx, entries: NewHistory[]): Promise<void> {
      if (entries.length) await tx.insert(postHistory).values(entries);
    },

    /** Oldest first; entries of one change share their instant (the service orders those). */
    async history(workspaceId: string, postId: string): Promise<HistoryRow[]> {
      const rows = await db
        .select({
          id: postHistory.id,
          workspaceId: postHistory.workspaceId,
          postId: postHistory.postId,
          action: postHistory.action,
          detail: postHistory.detail,
          at: postHistory.at,
          actor: person,
        })
        .from(postHistory)
        .leftJoin(users, eq(users.id, postHistory.actorId))
        .where(and(eq(postHistory.workspaceId, workspaceId), eq(postHistory.postId, postId)))
        .orderBy(asc(postHistory.at));
      return rows.map((r) => ({ ...r, action: r.action as PostHistoryAction }));
    },

    /** The people named by these user ids (who submitted the posts of the approvals queue). */
    async people(ids: readonly string[]): Promise<Map<string, PersonRow>> {
      const unique = [...new Set(ids)];
      if (unique.length === 0) return new Map();
      const rows = await db.select(person).from(users).where(inArray(users.id, unique));
      return new Map(rows.map((r) => [r.id, r]));
    },
  };
}
export type PostActivityRepo = ReturnType<typeof createPostActivityRepo>;
