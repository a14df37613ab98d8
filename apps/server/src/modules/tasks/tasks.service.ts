import {
  type CreateTaskBody,
  can,
  type ListTasksQuery,
  NOTIFICATION_DETAIL_MESSAGES,
  TASK_MESSAGES,
  type Task,
  type TaskPriority,
  type TaskStatus,
  type UpdateTaskBody,
} from "@app/shared";
import type { Tx } from "../../db/client";
import { badRequest, forbidden, notFound } from "../../http/errors";
import { oneLineStart } from "../../lib/text";
import type { RealtimeHub } from "../../realtime/hub";
import { announceNotifications } from "../notifications/announce";
import { notify } from "../notifications/notify";
import { assertCan, type Member } from "../workspaces/member";
import type { TaskChanges, TaskRow, TasksRepo, TaskWithPeople } from "./tasks.repo";

/** How much of a linked post's text names it on a task. */
export const TASK_POST_EXCERPT_LENGTH = 60;

/** The start of a post's text on one line, or "" for a post without text. */
const postExcerpt = (content: string | null) => oneLineStart(content, TASK_POST_EXCERPT_LENGTH);

export function toApiTask(row: TaskWithPeople): Task {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    status: row.status as TaskStatus,
    priority: row.priority as TaskPriority,
    dueDate: row.dueDate,
    assignee: row.assignee,
    createdBy: row.creator,
    post: row.postId ? { id: row.postId, excerpt: postExcerpt(row.postContent) } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The Team screen's tasks. Every role creates tasks; editing is for task.manage (owner, admin, editor) and for
 * the task's creator or assignee; deleting for task.manage and the creator. Each change is told to the open
 * tabs of the workspace's members.
 */
export function createTasksService(deps: { repo: TasksRepo; hub: RealtimeHub; now?: () => Date }) {
  const { repo, hub } = deps;
  const now = deps.now ?? (() => new Date());

  const publish = (workspaceId: string, action: "insert" | "update" | "delete", task: Task) =>
    hub.publish(workspaceId, { name: "tasks", data: { type: "tasks.changed", action, task } });

  /**
   * A task given to a member tells them (not when they took it themselves), in the change's transaction: once per
   * assignment (its time names it), so a task given back to them later tells them again.
   */
  async function assigned(tx: Tx, member: Member, task: TaskRow): Promise<number> {
    if (!task.assigneeId || task.assigneeId === member.userId) return 0;
    const told = await notify(
      tx,
      {
        workspaceId: member.workspaceId,
        kind: "task_assigned",
        dedupeKey: `task_assigned:${task.id}:${task.assigneeId}:${task.updatedAt.getTime()}`,
        audience: { userIds: [task.assigneeId] },
        exceptUserId: member.userId,
        actorId: member.userId,
        taskId: task.id,
        postId: task.postId,
        message: NOTIFICATION_DETAIL_MESSAGES.taskAssigned(task.title),
      },
      task.updatedAt,
    );
    return told.length;
  }

  /** The workspace's task (404 for an unknown id or any other workspace's). */
  async function find(member: Member, id: string): Promise<TaskWithPeople> {
    const row = await repo.find(member.workspaceId, id);
    if (!row) throw notFound(TASK_MESSAGES.notFound);
    return row;
  }

  /** A task may name only the workspace's members and posts (null clears either). */
  async function assertLinks(member: Member, links: { assigneeId?: string | null; postId?: string | null }) {
    if (links.assigneeId && !(await repo.isMember(member.workspaceId, links.assigneeId))) {
      throw badRequest(TASK_MESSAGES.assigneeNotMember);
    }
    if (links.postId && !(await repo.hasPost(member.workspaceId, links.postId))) {
      throw badRequest(TASK_MESSAGES.postNotFound);
    }
  }

  return {
    async list(member: Member, query: ListTasksQuery): Promise<Task[]> {
      const { assignee, ...filters } = query;
      const assigneeId = assignee === "me" ? member.userId : assignee;
      return (await repo.list(member.workspaceId, { ...filters, assigneeId })).map(toApiTask);
    },

    async create(member: Member, body: CreateTaskBody): Promise<Task> {
      assertCan(member, "task", "create");
      await assertLinks(member, body);
      const at = now();
      let noted = 0;
      const task = toApiTask(
        await repo.insert(
          {
            ...body,
            workspaceId: member.workspaceId,
            createdBy: member.userId,
            createdAt: at,
            updatedAt: at,
          },
          async (tx, inserted) => {
            noted = await assigned(tx, member, inserted);
          },
        ),
      );
      publish(member.workspaceId, "insert", task);
      announceNotifications(hub, member.workspaceId, noted);
      return task;
    },

    /** Changes only the fields sent. */
    async update(member: Member, id: string, body: UpdateTaskBody): Promise<Task> {
      const current = await find(member, id);
      const involved = current.createdBy === member.userId || current.assigneeId === member.userId;
      if (!can(member.role, "task", "manage") && !involved) throw forbidden(TASK_MESSAGES.notYours);
      const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) as UpdateTaskBody;
      if (Object.keys(changes).length === 0) return toApiTask(current);
      await assertLinks(member, changes);
      let noted = 0;
      const updated = await repo.update(
        member.workspaceId,
        id,
        { ...changes, updatedAt: now() } as TaskChanges,
        async (tx, before, after) => {
          if (after.assigneeId !== before.assigneeId) noted = await assigned(tx, member, after);
        },
      );
      if (!updated) throw notFound(TASK_MESSAGES.notFound);
      const task = toApiTask(updated);
      publish(member.workspaceId, "update", task);
      announceNotifications(hub, member.workspaceId, noted);
      return task;
    },

    async remove(member: Member, id: string): Promise<void> {
      const current = await find(member, id);
      if (!can(member.role, "task", "manage") && current.createdBy !== member.userId) {
        throw forbidden(TASK_MESSAGES.notYours);
      }
      if (!(await repo.remove(member.workspaceId, id))) throw notFound(TASK_MESSAGES.notFound);
      publish(member.workspaceId, "delete", toApiTask(current));
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
