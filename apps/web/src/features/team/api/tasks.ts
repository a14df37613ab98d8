import { type CreateTaskBody, type Task, taskListResponseSchema, taskResponseSchema } from "@app/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { applyTaskChange } from "../utils/tasks";

/** Every task of the workspace, newest first; the Tasks tab filters them itself (utils/tasks.ts). */
export const tasksQueryKey = ["tasks"] as const;

export const tasksQueryOptions = () =>
  queryOptions({
    queryKey: tasksQueryKey,
    queryFn: async ({ signal }): Promise<Task[]> =>
      (await api("/api/tasks", { schema: taskListResponseSchema, signal })).tasks,
  });

export function useTasks() {
  return useQuery(tasksQueryOptions());
}

/** Puts the server's answer into the list at once (the event stream brings the same change a moment later). */
function useTaskMutation<TVars>(
  mutationFn: (vars: TVars) => Promise<{ action: "insert" | "update" | "delete"; task: Task }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (change) =>
      queryClient.setQueryData<Task[]>(tasksQueryKey, (list) => list && applyTaskChange(list, change)),
  });
}

export function useCreateTask() {
  return useTaskMutation(async (body: CreateTaskBody) => ({
    action: "insert" as const,
    task: (await api("/api/tasks", { body, schema: taskResponseSchema })).task,
  }));
}

export function useUpdateTask() {
  return useTaskMutation(async ({ id, body }: { id: string; body: Partial<CreateTaskBody> }) => ({
    action: "update" as const,
    task: (await api(`/api/tasks/${encodeURIComponent(id)}`, { method: "PATCH", body, schema: taskResponseSchema }))
      .task,
  }));
}

export function useDeleteTask() {
  return useTaskMutation(async (task: Task) => {
    await api(`/api/tasks/${encodeURIComponent(task.id)}`, { method: "DELETE" });
    return { action: "delete" as const, task };
  });
}
