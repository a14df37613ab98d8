import type { TaskPriority, TaskStatus } from "@app/shared";
import { and, desc, eq, ilike, or } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { containing } from "../../db/like";
import { posts, tasks, users } from "../../db/schema";
import { isWorkspaceMember } from "../workspaces/member";

export type TaskRow = typeof tasks.$inferSelect;
export type NewTaskRow = typeof tasks.$inferInsert;
/** The columns a change may set (never the workspace, the id, who created it or when). */
export type TaskChanges = Partial<
  Pick<NewTaskRow, "title" | "description" | "status" | "priority" | "dueDate" | "assigneeId" | "postId">
> & {
  updatedAt: Date;
};

/** A user as a task shows them (its assignee, its creator). */
export interface PersonRow {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

/** A task with the people and the post it names, read in one query. */
export interface TaskWithPeople extends TaskRow {
  assignee: PersonRow | null;
  creator: PersonRow | null;
  postContent: string | null;
}

export interface TaskFilters {
  status?: TaskStatus;
  priority?: TaskPriority;
  /** a user id (already resolved from "me") */
  assigneeId?: string;
  /** part of the title or the description, any case */
  search?: string;
}

/** An id that is not a uuid names no task (and must not reach a uuid column). */
const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** `%` and `_` in what the user searches for are letters, not wildcards. */

const assignees = alias(users, "assignee");
const creators = alias(users, "creator");
const person = (u: typeof assignees | typeof creators) => ({ id: u.id, name: u.name, email: u.email, image: u.image });

/**
 * The Team screen's tasks. Every query takes the workspace: another workspace's tasks cannot be read, found,
 * changed or removed, and only its own members and posts can be linked.
 */
export function createTasksRepo(db: Db) {
  /** Tasks with their assignee, creator and post text; the people are null when their user is gone. */
  const selectWithPeople = () =>
    db
      .select({ task: tasks, assignee: person(assignees), creator: person(creators), postContent: posts.content })
      .from(tasks)
      .leftJoin(assignees, eq(assignees.id, tasks.assigneeId))
      .leftJoin(creators, eq(creators.id, tasks.createdBy))
      .leftJoin(posts, and(eq(posts.id, tasks.postId), eq(posts.workspaceId, tasks.workspaceId)));

  type Joined = Awaited<ReturnType<ReturnType<typeof selectWithPeople>["where"]>>[number];
  /** A left-joined user is all nulls when there is none (no assignee, or the user is gone). */
  const personOf = (u: Joined["assignee"]): PersonRow | null =>
    u?.id ? { id: u.id, name: u.name ?? "", email: u.email ?? "", image: u.image } : null;
  const flatten = ({ task, assignee, creator, postContent }: Joined): TaskWithPeople => ({
    ...task,
    assignee: personOf(assignee),
    creator: personOf(creator),
    postContent,
  });

  async function find(workspaceId: string, id: string): Promise<TaskWithPeople | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await selectWithPeople()
      .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.id, id)))
      .limit(1);
    return row && flatten(row);
  }

  return {
    /** The workspace's tasks matching the filters, newest first. */
    async list(workspaceId: string, f: TaskFilters = {}): Promise<TaskWithPeople[]> {
      const pattern = f.search ? containing(f.search) : undefined;
      const rows = await selectWithPeople()
        .where(
          and(
            eq(tasks.workspaceId, workspaceId),
            f.status ? eq(tasks.status, f.status) : undefined,
            f.priority ? eq(tasks.priority, f.priority) : undefined,
            f.assigneeId ? eq(tasks.assigneeId, f.assigneeId) : undefined,
            pattern ? or(ilike(tasks.title, pattern), ilike(tasks.description, pattern)) : undefined,
          ),
        )
        .orderBy(desc(tasks.createdAt), desc(tasks.id));
      return rows.map(flatten);
    },

    find,

    /** `then` runs in the insert's transaction (what the new task causes: its assignee's notification). */
    async insert(row: NewTaskRow, then?: (tx: Tx, inserted: TaskRow) => Promise<void>): Promise<TaskWithPeople> {
      const id = await db.transaction(async (tx) => {
        const [inserted] = await tx.insert(tasks).values(row).returning();
        if (!inserted) throw new Error("task not inserted");
        await then?.(tx, inserted);
        return inserted.id;
      });
      return (await find(row.workspaceId, id)) as TaskWithPeople;
    },

    /**
     * Undefined when the workspace has no such task. `then` runs in the change's transaction with the task as
     * it was (locked: concurrent changes of one task follow each other) and as it is now.
     */
    async update(
      workspaceId: string,
      id: string,
      changes: TaskChanges,
      then?: (tx: Tx, before: TaskRow, after: TaskRow) => Promise<void>,
    ): Promise<TaskWithPeople | undefined> {
      if (!isUuid(id)) return undefined;
      const updatedId = await db.transaction(async (tx) => {
        const where = and(eq(tasks.workspaceId, workspaceId), eq(tasks.id, id));
        const [before] = await tx.select().from(tasks).where(where).for("update");
        if (!before) return undefined;
        const [after] = await tx.update(tasks).set(changes).where(where).returning();
        if (!after) return undefined;
        await then?.(tx, before, after);
        return after.id;
      });
      return updatedId ? find(workspaceId, updatedId) : undefined;
    },

    /** Whether the task was the workspace's (and is now gone). */
    async remove(workspaceId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const removed = await db
        .delete(tasks)
        .where(and(eq(tasks.workspaceId, workspaceId), eq(tasks.id, id)))
        .returning({ id: tasks.id });
      return removed.length > 0;
    },

    /** Whether the user is a member of the workspace (who a task may be assigned to). */
    isMember: (workspaceId: string, userId: string) => isWorkspaceMember(db, workspaceId, userId),

    /** Whether the post is the workspace's (the post a task may be about). */
    async hasPost(workspaceId: string, postId: string): Promise<boolean> {
      if (!isUuid(postId)) return false;
      const [row] = await db
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.workspaceId, workspaceId), eq(posts.id, postId)))
        .limit(1);
      return row !== undefined;
    },
  };
}

export type TasksRepo = ReturnType<typeof createTasksRepo>;
