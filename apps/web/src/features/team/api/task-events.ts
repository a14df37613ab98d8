import { type Task, taskEventSchema } from "@app/shared";
import { useQueryClient } from "@tanstack/react-query";
import { applyLiveChange, readAgain } from "@/lib/live-cache";
import type { RealtimeChannel } from "@/lib/realtime";
import { applyTaskChange } from "../utils/tasks";
import { tasksQueryKey } from "./tasks";

/** The "tasks" events of the stream: a task made, changed or deleted by any member lands in the cached list. */
export function useTasksChannel(): RealtimeChannel {
  const queryClient = useQueryClient();
  return {
    event: "tasks",
    onMessage(data) {
      const parsed = taskEventSchema.safeParse(data);
      if (!parsed.success) return;
      applyLiveChange<Task[]>(queryClient, { queryKey: tasksQueryKey, exact: true }, (list) =>
        applyTaskChange(list, parsed.data),
      );
    },
    onResync() {
      void readAgain(queryClient, tasksQueryKey);
    },
  };
}
