import type { Task, TaskPriority } from "@app/shared";
import { CalendarDays } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { dayIn, formatPlainDate } from "@/lib/time-zone";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { cn } from "@/lib/utils";
import { isOverdue, TASK_PRIORITY_LABELS } from "../utils/tasks";

const PRIORITY_COLOURS: Record<TaskPriority, string> = {
  high: "border-transparent bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200",
  medium: "border-transparent bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200",
  low: "border-transparent bg-muted text-muted-foreground",
};

/** High red, medium amber, low grey. */
export function PriorityBadge({ priority }: { priority: TaskPriority }) {
  return (
    <Badge variant="outline" className={PRIORITY_COLOURS[priority]}>
      {TASK_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

/**
 * The due day (a calendar day: shown as it is, in no zone); red, and said so, once it has passed in the
 * user's zone (a completed task is never late).
 */
export function DueDate({ task, now }: { task: Task; now: Date }) {
  const zone = useDisplayTimeZone();
  if (!task.dueDate) return null;
  const late = isOverdue(task, dayIn(now, zone));
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 text-xs",
        late ? "font-medium text-destructive" : "text-muted-foreground",
      )}
    >
      <CalendarDays className="size-3.5" aria-hidden />
      <time dateTime={task.dueDate}>{formatPlainDate(task.dueDate)}</time>
      {late && <span>(overdue)</span>}
    </span>
  );
}
