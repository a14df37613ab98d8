import { z } from "zod";
import { TASK_MESSAGES } from "../constants/messages";
import { isCalendarDate } from "../rules/schedule-time";
import { multiLineText, singleLineText } from "./text";
import { personSchema } from "./workspaces";

/** The spec's task statuses and priorities, now real data. */
export const TASK_STATUSES = ["pending", "in_progress", "pending_approval", "completed"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PRIORITIES = ["high", "medium", "low"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  /** YYYY-MM-DD, a calendar day (no time zone) */
  dueDate: z.string().nullable(),
  assignee: personSchema.nullable(),
  createdBy: personSchema.nullable(),
  /** the post it is about, with the start of its text */
  post: z.object({ id: z.string(), excerpt: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

const taskFields = {
  title: singleLineText("Title", { required: TASK_MESSAGES.titleRequired })
    .trim()
    .min(1, TASK_MESSAGES.titleRequired)
    .max(200, TASK_MESSAGES.titleTooLong),
  description: multiLineText("Description").max(5000, TASK_MESSAGES.descriptionTooLong),
  status: z.enum(TASK_STATUSES),
  priority: z.enum(TASK_PRIORITIES),
  dueDate: singleLineText("Due date").refine(isCalendarDate, "Use a date written YYYY-MM-DD.").nullable(),
  assigneeId: singleLineText("Assignee").max(200).nullable(),
  postId: z.uuid({ error: TASK_MESSAGES.postNotFound }).nullable(),
};

export const createTaskBodySchema = z.object({
  title: taskFields.title,
  description: taskFields.description.default(""),
  status: taskFields.status.default("pending"),
  priority: taskFields.priority.default("medium"),
  dueDate: taskFields.dueDate.default(null),
  assigneeId: taskFields.assigneeId.default(null),
  postId: taskFields.postId.default(null),
});
export type CreateTaskBody = z.infer<typeof createTaskBodySchema>;
export type CreateTaskInput = z.input<typeof createTaskBodySchema>;

export const updateTaskBodySchema = z.object(taskFields).partial();
export type UpdateTaskBody = z.infer<typeof updateTaskBodySchema>;

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** GET /api/tasks filters. */
export const listTasksQuerySchema = z.object({
  status: z.preprocess(emptyToUndefined, z.enum(TASK_STATUSES).optional()),
  priority: z.preprocess(emptyToUndefined, z.enum(TASK_PRIORITIES).optional()),
  /** a member's user id, or "me" */
  assignee: z.preprocess(emptyToUndefined, singleLineText("Assignee").max(200).optional()),
  /** part of the title or description, any case */
  search: z.preprocess(emptyToUndefined, singleLineText("Search").trim().max(200).optional()),
});
export type ListTasksQuery = z.infer<typeof listTasksQuerySchema>;

export const taskResponseSchema = z.object({ task: taskSchema });
export const taskListResponseSchema = z.object({ tasks: z.array(taskSchema) });

export const taskEventSchema = z.object({
  type: z.literal("tasks.changed"),
  action: z.enum(["insert", "update", "delete"]),
  task: taskSchema,
});
