import { TASK_PRIORITIES, TASK_STATUSES, type Task, type WorkspaceMember } from "@app/shared";
import { Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { SubmitButton } from "@/components/ui/submit-button";
import { Textarea } from "@/components/ui/textarea";
import { useCreateTask, useDeleteTask, useUpdateTask } from "../api/tasks";
import {
  EMPTY_TASK_FORM,
  TASK_PRIORITY_LABELS,
  TASK_STATUS_LABELS,
  type TaskFormValues,
  taskFormToBody,
  taskToForm,
} from "../utils/tasks";

/**
 * New Task, or an existing task opened from the board or list (the same form, with Delete). What was typed
 * stays when the server refuses; its message shows under the form. `readOnlyReason`: the member may look
 * but not change this task.
 */
export function TaskDialog({
  open,
  onOpenChange,
  task,
  members,
  posts,
  readOnlyReason,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** null: a new task */
  task: Task | null;
  members: readonly WorkspaceMember[];
  posts: readonly { id: string; excerpt: string }[];
  readOnlyReason?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-xl">
        {open && (
          <TaskForm
            key={task?.id ?? "new"}
            task={task}
            members={members}
            posts={posts}
            readOnlyReason={readOnlyReason}
            onDone={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function TaskForm({
  task,
  members,
  posts,
  readOnlyReason,
  onDone,
}: {
  task: Task | null;
  members: readonly WorkspaceMember[];
  posts: readonly { id: string; excerpt: string }[];
  readOnlyReason?: string;
  onDone(): void;
}) {
  const id = useId();
  const [values, setValues] = useState<TaskFormValues>(task ? taskToForm(task) : EMPTY_TASK_FORM);
  const [errors, setErrors] = useState<Partial<Record<keyof TaskFormValues, string>>>({});
  const [confirmDelete, setConfirmDelete] = useState(false);
  const create = useCreateTask();
  const update = useUpdateTask();
  const remove = useDeleteTask();
  const saving = create.isPending || update.isPending;
  const serverError = (task ? update.error : create.error) ?? remove.error;

  const set =
    <K extends keyof TaskFormValues>(key: K) =>
    (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [key]: e.target.value as TaskFormValues[K] }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const result = taskFormToBody(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    const done = () => {
      toast.success(task ? "Task saved" : "Task created");
      onDone();
    };
    if (task) update.mutate({ id: task.id, body: result.body }, { onSuccess: done });
    else create.mutate(result.body, { onSuccess: done });
  };

  const deleteTask = () => {
    if (!task) return;
    remove.mutate(task, {
      onSuccess: () => {
        toast.success("Task deleted");
        onDone();
      },
    });
  };

  // The linked post may be older than the choices offered: keep it listed.
  const postChoices = task?.post && !posts.some((p) => p.id === task.post?.id) ? [task.post, ...posts] : posts;
  const f = (name: keyof TaskFormValues) => `${id}-${name}`;

  return (
    <>
      <DialogHeader>
        <DialogTitle>{task ? "Edit task" : "New Task"}</DialogTitle>
        <DialogDescription>
          {readOnlyReason ?? (task ? "Change the task, or delete it." : "Give a teammate something to do.")}
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={submit} noValidate className="grid gap-4" aria-label={task ? "Edit task" : "New task"}>
        <fieldset disabled={!!readOnlyReason} className="grid gap-4">
          <Field id={f("title")} label="Title" error={errors.title}>
            <Input
              id={f("title")}
              value={values.title}
              onChange={set("title")}
              maxLength={200}
              {...describedBy(f("title"), errors.title)}
            />
          </Field>
          <Field id={f("description")} label="Description" error={errors.description}>
            <Textarea
              id={f("description")}
              value={values.description}
              onChange={set("description")}
              rows={3}
              maxLength={5000}
              {...describedBy(f("description"), errors.description)}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={f("assigneeId")} label="Assignee" error={errors.assigneeId}>
              <NativeSelect id={f("assigneeId")} value={values.assigneeId} onChange={set("assigneeId")}>
                <option value="">Nobody yet</option>
                {members.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.name || m.email}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id={f("dueDate")} label="Due date" error={errors.dueDate}>
              <Input
                id={f("dueDate")}
                type="date"
                value={values.dueDate}
                onChange={set("dueDate")}
                {...describedBy(f("dueDate"), errors.dueDate)}
              />
            </Field>
            <Field id={f("status")} label="Status" error={errors.status}>
              <NativeSelect id={f("status")} value={values.status} onChange={set("status")}>
                {TASK_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {TASK_STATUS_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id={f("priority")} label="Priority" error={errors.priority}>
              <NativeSelect id={f("priority")} value={values.priority} onChange={set("priority")}>
                {TASK_PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {TASK_PRIORITY_LABELS[p]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          </div>
          <Field id={f("postId")} label="Post (optional)" error={errors.postId}>
            <NativeSelect id={f("postId")} value={values.postId} onChange={set("postId")}>
              <option value="">No post</option>
              {postChoices.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.excerpt}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </fieldset>
        {serverError && (
          <p role="alert" className="text-sm text-destructive">
            {serverError.message}
          </p>
        )}
        <DialogFooter className="sm:justify-between">
          {task ? (
            <Button
              type="button"
              variant="ghost"
              className="text-destructive hover:text-destructive"
              disabled={!!readOnlyReason || remove.isPending}
              title={readOnlyReason}
              onClick={() => setConfirmDelete(true)}
            >
              <Trash2 aria-hidden />
              Delete
            </Button>
          ) : (
            <span />
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button type="button" variant="outline" onClick={onDone}>
              {readOnlyReason ? "Close" : "Cancel"}
            </Button>
            {!readOnlyReason && <SubmitButton pending={saving}>{task ? "Save" : "Create task"}</SubmitButton>}
          </div>
        </DialogFooter>
      </form>
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={`Delete “${task?.title ?? ""}”?`}
        description="The task is gone for every member. This cannot be undone."
        confirmLabel="Delete"
        destructive
        onConfirm={deleteTask}
      />
    </>
  );
}
