import {
  type CreateTaskBody,
  can,
  createTaskBodySchema,
  TASK_STATUSES,
  type Task,
  type TaskPriority,
  type TaskStatus,
  type WorkspaceRole,
} from "@app/shared";

/** The board's columns and the list's status words, in the spec's order. */
export const TASK_STATUS_LABELS: Record<TaskStatus, string> = {
  pending: "Pending",
  in_progress: "In progress",
  pending_approval: "Pending approval",
  completed: "Completed",
};

export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = { high: "High", medium: "Medium", low: "Low" };

/** What the Tasks tab's filter bar holds; "" means "any". */
export interface TaskFilters {
  status: TaskStatus | "";
  priority: TaskPriority | "";
  /** "" anyone, "me" assigned to the signed-in user, else a member's user id */
  assignee: string;
  search: string;
}

export const NO_TASK_FILTERS: TaskFilters = { status: "", priority: "", assignee: "", search: "" };

/**
 * The tasks the filters let through. The tab reads the whole workspace's tasks once and filters here, so a
 * filter answers at once and a live change lands in the one cached list.
 */
export function filterTasks(tasks: readonly Task[], filters: TaskFilters, myUserId: string): Task[] {
  const words = filters.search.trim().toLowerCase();
  const assignee = filters.assignee === "me" ? myUserId : filters.assignee;
  return tasks.filter(
    (t) =>
      (!filters.status || t.status === filters.status) &&
      (!filters.priority || t.priority === filters.priority) &&
      (!assignee || t.assignee?.id === assignee) &&
      (!words || t.title.toLowerCase().includes(words) || t.description.toLowerCase().includes(words)),
  );
}

/** The board's columns: every status, each with its tasks in the order given. */
export function groupTasksByStatus(tasks: readonly Task[]): Record<TaskStatus, Task[]> {
  const columns = Object.fromEntries(TASK_STATUSES.map((s) => [s, [] as Task[]])) as Record<TaskStatus, Task[]>;
  for (const t of tasks) columns[t.status].push(t);
  return columns;
}

/**
 * Past its due day and not done yet (a task due today is not late). Due dates are calendar days, not
 * instants: compared with today (YYYY-MM-DD) in the user's zone.
 */
export function isOverdue(task: Pick<Task, "dueDate" | "status">, today: string): boolean {
  return task.dueDate !== null && task.status !== "completed" && task.dueDate < today;
}

/** A change that came on the event stream, put into the cached list (newest first, as the server sends). */
export function applyTaskChange(
  tasks: readonly Task[],
  change: { action: "insert" | "update" | "delete"; task: Task },
): Task[] {
  const rest = tasks.filter((t) => t.id !== change.task.id);
  if (change.action === "delete") return rest;
  const at = tasks.findIndex((t) => t.id === change.task.id);
  if (at === -1) return [change.task, ...rest];
  const next = [...tasks];
  next[at] = change.task;
  return next;
}

/** What the task dialog's inputs hold: text everywhere, "" for "none". */
export interface TaskFormValues {
  title: string;
  description: string;
  status: TaskStatus;
  priority: TaskPriority;
  dueDate: string;
  assigneeId: string;
  postId: string;
}

export const EMPTY_TASK_FORM: TaskFormValues = {
  title: "",
  description: "",
  status: "pending",
  priority: "medium",
  dueDate: "",
  assigneeId: "",
  postId: "",
};

export function taskToForm(task: Task): TaskFormValues {
  return {
    title: task.title,
    description: task.description,
    status: task.status,
    priority: task.priority,
    dueDate: task.dueDate ?? "",
    assigneeId: task.assignee?.id ?? "",
    postId: task.post?.id ?? "",
  };
}

export type TaskFormResult =
  | { ok: true; body: CreateTaskBody }
  | { ok: false; errors: Partial<Record<keyof TaskFormValues, string>> };

/**
 * The dialog's values checked with the shared schema the server uses: the body to send, or a message by
 * field. The same body serves a new task and an edit (every field is sent).
 */
export function taskFormToBody(values: TaskFormValues): TaskFormResult {
  const parsed = createTaskBodySchema.safeParse({
    ...values,
    dueDate: values.dueDate || null,
    assigneeId: values.assigneeId || null,
    postId: values.postId || null,
  });
  if (parsed.success) return { ok: true, body: parsed.data };
  const errors: Partial<Record<keyof TaskFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof TaskFormValues;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/**
 * Whether the member may edit or delete the task: their role manages every task, or it is theirs (they
 * made it or it is assigned to them). The server checks the same.
 */
export function mayChangeTask(task: Pick<Task, "createdBy" | "assignee">, role: WorkspaceRole, myUserId: string) {
  return can(role, "task", "manage") || task.createdBy?.id === myUserId || task.assignee?.id === myUserId;
}

/** The task dialog's post choices: the newest posts first, as "the start of the text". */
export function recentPostChoices(
  posts: readonly { id: string; content: string; createdAt: string }[],
  limit = 30,
): { id: string; excerpt: string }[] {
  return [...posts]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, limit)
    .map((p) => ({ id: p.id, excerpt: excerpt(p.content) }));
}

const excerpt = (text: string) => {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 60 ? `${line.slice(0, 59)}…` : line || "(no text)";
};
