import type { JobHandler } from "../../worker/jobs-worker";
import type { NotificationJobsDeps } from "./jobs-deps";

/** Reminders that fall due with time: tasks due, trials ending (being built). */
export function reminderJobHandlers(_deps: NotificationJobsDeps): Record<string, JobHandler> {
  return {};
}

/** Queues the reminders' first run (its runs then queue each other). */
export async function startReminderSchedule(_deps: Pick<NotificationJobsDeps, "db">, _now: Date) {}
