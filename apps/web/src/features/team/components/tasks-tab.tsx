import {
  TASK_MESSAGES,
  TASK_PRIORITIES,
  TASK_STATUSES,
  type Task,
  type TaskPriority,
  type TaskStatus,
  type WorkspaceRole,
} from "@app/shared";
import { CircleAlert, Columns3, List, ListTodo, Plus, Search } from "lucide-react";
import { useMemo, useState } from "react";
import { PermissionHint } from "@/components/permission-hint";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { ViewToggle } from "@/components/ui/view-toggle";
import { usePosts } from "@/features/posts/api/get-posts";
import { permissionOf } from "@/lib/permissions";
import { useTasks } from "../api/tasks";
import { useWorkspace } from "../api/workspace";
import {
  filterTasks,
  groupTasksByStatus,
  mayChangeTask,
  NO_TASK_FILTERS,
  recentPostChoices,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  type TaskFilters,
} from "../utils/tasks";
import { MemberAvatar } from "./member-avatar";
import { DueDate, PriorityBadge } from "./task-bits";
import { TaskDialog } from "./task-dialog";

type View = "board" | "list";

function FiltersBar({
  filters,
  onChange,
  members,
}: {
  filters: TaskFilters;
  onChange(filters: TaskFilters): void;
  members: readonly { id: string; name: string; email: string }[];
}) {
  const set = (patch: Partial<TaskFilters>) => onChange({ ...filters, ...patch });
  return (
    <search className="grid gap-2 sm:grid-cols-2 lg:grid-cols-4" aria-label="Filter tasks">
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          placeholder="Search tasks"
          aria-label="Search tasks"
          className="pl-9"
          value={filters.search}
          onChange={(e) => set({ search: e.target.value })}
        />
      </div>
      <NativeSelect
        aria-label="Status"
        value={filters.status}
        onChange={(e) => set({ status: e.target.value as TaskStatus | "" })}
      >
        <option value="">Any status</option>
        {TASK_STATUSES.map((s) => (
          <option key={s} value={s}>
            {TASK_STATUS_LABELS[s]}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Priority"
        value={filters.priority}
        onChange={(e) => set({ priority: e.target.value as TaskPriority | "" })}
      >
        <option value="">Any priority</option>
        {TASK_PRIORITIES.map((p) => (
          <option key={p} value={p}>
            {TASK_PRIORITY_LABELS[p]}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect aria-label="Assignee" value={filters.assignee} onChange={(e) => set({ assignee: e.target.value })}>
        <option value="">Anyone</option>
        <option value="me">Assigned to me</option>
        {members.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name || m.email}
          </option>
        ))}
      </NativeSelect>
    </search>
  );
}

/** One task on the board: opens it when clicked. */
function TaskCard({ task, now, onOpen }: { task: Task; now: Date; onOpen(task: Task): void }) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(task)}
        className="grid w-full cursor-pointer gap-2 rounded-md border bg-card p-3 text-left shadow-xs transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="break-words font-medium">{task.title}</span>
        {task.description && <span className="line-clamp-2 text-sm text-muted-foreground">{task.description}</span>}
        <span className="flex flex-wrap items-center gap-2">
          <PriorityBadge priority={task.priority} />
          <DueDate task={task} now={now} />
        </span>
        {task.assignee && (
          <span className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
            <MemberAvatar person={task.assignee} className="size-5 text-[10px]" />
            <span className="truncate">{task.assignee.name || task.assignee.email}</span>
          </span>
        )}
      </button>
    </li>
  );
}

/** Four columns side by side; on a narrow screen the board scrolls sideways. */
function Board({ tasks, now, onOpen }: { tasks: Task[]; now: Date; onOpen(task: Task): void }) {
  const columns = groupTasksByStatus(tasks);
  return (
    <div className="-mx-4 overflow-x-auto px-4 pb-2 sm:mx-0 sm:px-0">
      <div className="grid min-w-[56rem] grid-cols-4 gap-4">
        {TASK_STATUSES.map((status) => (
          <section
            key={status}
            aria-label={TASK_STATUS_LABELS[status]}
            className="grid content-start gap-3 rounded-lg bg-muted/50 p-3"
          >
            <h3 className="flex items-center justify-between text-sm font-semibold">
              {TASK_STATUS_LABELS[status]}
              <span className="rounded-full bg-background px-2 text-xs tabular-nums text-muted-foreground">
                {columns[status].length}
              </span>
            </h3>
            <ul className="grid gap-2">
              {columns[status].map((t) => (
                <TaskCard key={t.id} task={t} now={now} onOpen={onOpen} />
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}

/** One row a task; on a narrow screen each row stacks. */
function TaskList({ tasks, now, onOpen }: { tasks: Task[]; now: Date; onOpen(task: Task): void }) {
  return (
    <ul className="divide-y rounded-lg border bg-card" aria-label="Tasks">
      {tasks.map((t) => (
        <li key={t.id}>
          <button
            type="button"
            onClick={() => onOpen(t)}
            className="flex w-full cursor-pointer flex-col gap-2 p-4 text-left transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring sm:flex-row sm:items-center sm:gap-4"
          >
            <span className="min-w-0 flex-1">
              <span className="block break-words font-medium">{t.title}</span>
              {t.post && <span className="block truncate text-xs text-muted-foreground">Post: “{t.post.excerpt}”</span>}
            </span>
            <span className="flex flex-wrap items-center gap-2 sm:justify-end">
              <span className="text-xs text-muted-foreground">{TASK_STATUS_LABELS[t.status]}</span>
              <PriorityBadge priority={t.priority} />
              <DueDate task={t} now={now} />
              <span className="text-xs text-muted-foreground">
                {t.assignee ? t.assignee.name || t.assignee.email : "Unassigned"}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The Tasks tab: the workspace's tasks on a board (a column a status) or in a list, with filters; New Task
 * and a click on a task open the task dialog. Kept live by the "tasks" events.
 */
export function TasksTab({ myUserId, myRole }: { myUserId: string; myRole: WorkspaceRole }) {
  const tasks = useTasks();
  const workspace = useWorkspace();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogOpenedOnce, setDialogOpenedOnce] = useState(false);
  const posts = usePosts({}, { enabled: dialogOpenedOnce });
  const [view, setView] = useState<View>("board");
  const [filters, setFilters] = useState<TaskFilters>(NO_TASK_FILTERS);
  const [openTask, setOpenTask] = useState<Task | null>(null);
  const members = workspace.data?.members ?? [];
  const postChoices = useMemo(() => recentPostChoices(posts.data ?? []), [posts.data]);
  const mayCreate = permissionOf(myRole, "task", "create");
  const now = new Date();

  const open = (task: Task | null) => {
    setOpenTask(task);
    setDialogOpen(true);
    setDialogOpenedOnce(true);
  };
  // The open task as the list has it now (another member may have changed it meanwhile).
  const current = openTask ? (tasks.data?.find((t) => t.id === openTask.id) ?? openTask) : null;
  const shown = tasks.data ? filterTasks(tasks.data, filters, myUserId) : [];

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ViewToggle
          label="View"
          value={view}
          options={[
            ["board", Columns3, "Board"],
            ["list", List, "List"],
          ]}
          onChange={setView}
        />
        <PermissionHint permission={mayCreate}>
          <Button onClick={() => open(null)} disabled={!mayCreate.allowed}>
            <Plus aria-hidden />
            New Task
          </Button>
        </PermissionHint>
      </div>
      <FiltersBar filters={filters} onChange={setFilters} members={members} />
      {tasks.isPending ? (
        <div className="grid gap-3 sm:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-40 w-full" />
          ))}
        </div>
      ) : tasks.isError ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>
            <p>{tasks.error.message}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void tasks.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : tasks.data.length === 0 ? (
        <EmptyState icon={ListTodo} title="No tasks yet" description="Create a task and assign it to a teammate." />
      ) : shown.length === 0 && view === "list" ? (
        <p className="py-8 text-center text-sm text-muted-foreground">No task matches these filters.</p>
      ) : view === "board" ? (
        <Board tasks={shown} now={now} onOpen={open} />
      ) : (
        <TaskList tasks={shown} now={now} onOpen={open} />
      )}
      <TaskDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        task={current}
        members={members}
        posts={postChoices}
        readOnlyReason={current && !mayChangeTask(current, myRole, myUserId) ? TASK_MESSAGES.notYours : undefined}
      />
    </div>
  );
}
