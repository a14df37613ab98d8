import { NOTIFICATION_DETAIL_MESSAGES, TRIAL_ENDING_NOTICE_DAYS } from "@app/shared";
import { sql } from "drizzle-orm";
import { rowsOf } from "../../db/client";
import { notifications, subscriptions, tasks, workspaceMembers } from "../../db/schema";
import { enqueue } from "../../worker/jobs.repo";
import type { JobHandler, JobHooks } from "../../worker/jobs-worker";
import { announceNotifications } from "./announce";
import type { NotificationJobsDeps } from "./jobs-deps";
import { notify } from "./notify";

/** The job that looks for reminders that fell due: it runs every REMINDERS_EVERY_MS and queues its own next run. */
export const REMINDERS_JOB = "notification-reminders";
export const REMINDERS_EVERY_MS = 15 * 60_000;
const DAY_MS = 24 * 3_600_000;

/** The key of the run for the slot of `at`: one run per slot, whichever worker queues it. */
const slotKey = (at: Date) => `${REMINDERS_JOB}:${Math.floor(at.getTime() / REMINDERS_EVERY_MS)}`;

/** The UTC day of an instant, YYYY-MM-DD. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export const taskDueKey = (taskId: string, dueDate: string) => `task_due:${taskId}:${dueDate}`;
export const trialEndingKey = (subscriptionId: string, trialEnd: Date) =>
  `trial_ending:${subscriptionId}:${trialEnd.getTime()}`;

/** How many tasks are read at a time: a run goes through all of them, a batch after another. */
const TASKS_BATCH = 200;
const NIL_UUID = "00000000-0000-0000-0000-000000000000";

/**
 * Reminders that fall due with time, each told once however often the job runs (or on how many workers), and
 * caught up when runs were missed (no server running that day, a task created already overdue):
 * - task_due: each task not completed whose due day (a UTC day) is today or past, to its assignee, once per task
 *   and due date: a new due date is a new reminder, an old one is never told again;
 * - trial_ending: each trial ending within TRIAL_ENDING_NOTICE_DAYS and not over yet, to the workspace's owners,
 *   once per trial end.
 * Each notification is written in a transaction of its own with its e-mail job (notify()); its dedupe key makes
 * a second worker's (or a retried run's) write a no-op.
 */
export function reminderJobHandlers(deps: NotificationJobsDeps): Record<string, JobHandler> {
  const now = deps.now ?? (() => new Date());

  /** The open tasks due today or before, not yet reminded for their due date, from after `afterId` on. */
  async function overdueTasks(today: string, afterId: string) {
    return rowsOf<{
      id: string;
      workspace_id: string;
      assignee_id: string;
      title: string;
      post_id: string | null;
      due_date: string;
    }>(
      await deps.db.execute(sql`
        select t.id, t.workspace_id, t.assignee_id, t.title, t.post_id, t.due_date::text as due_date
        from ${tasks} t
        where t.due_date <= ${today}::date and t.status <> 'completed' and t.assignee_id is not null
          and t.id > ${afterId}::uuid
          and exists (select 1 from ${workspaceMembers} m
                      where m.workspace_id = t.workspace_id and m.user_id = t.assignee_id)
          and not exists (select 1 from ${notifications} n
                          where n.user_id = t.assignee_id and n.dedupe_key = 'task_due:' || t.id::text || ':' || t.due_date::text)
        order by t.id
        limit ${TASKS_BATCH}`),
    );
  }

  async function tasksDue(at: Date, hooks: JobHooks): Promise<Set<string>> {
    const today = utcDay(at);
    const changed = new Set<string>();
    // By id, a batch after another: an assignee who turned task_due off is never written to, so their task
    // stays unreminded and must not be read again in this run.
    let afterId = NIL_UUID;
    for (;;) {
      const due = await overdueTasks(today, afterId);
      for (const task of due) {
        const written = await deps.db.transaction((tx) =>
          notify(
            tx,
            {
              workspaceId: task.workspace_id,
              kind: "task_due",
              dedupeKey: taskDueKey(task.id, task.due_date),
              audience: { userIds: [task.assignee_id] },
              taskId: task.id,
              postId: task.post_id,
              message:
                task.due_date === today
                  ? NOTIFICATION_DETAIL_MESSAGES.taskDue(task.title)
                  : NOTIFICATION_DETAIL_MESSAGES.taskOverdue(task.title, task.due_date),
              data: { dueDate: task.due_date },
            },
            at,
          ),
        );
        if (written.length > 0) changed.add(task.workspace_id);
      }
      const last = due.at(-1);
      if (!last || due.length < TASKS_BATCH) return changed;
      afterId = last.id;
      await hooks.keepAlive();
    }
  }

  async function trialsEnding(at: Date): Promise<Set<string>> {
    const until = new Date(at.getTime() + TRIAL_ENDING_NOTICE_DAYS * DAY_MS);
    const ending = rowsOf<{ id: string; workspace_id: string; trial_end: string | Date }>(
      await deps.db.execute(sql`
        select s.id, s.workspace_id, s.trial_end
        from ${subscriptions} s
        where s.status = 'trialing' and s.trial_end > ${at} and s.trial_end <= ${until}
          and (s.current_period_end is null or s.current_period_end > ${at})
        order by s.id`),
    );
    const changed = new Set<string>();
    for (const sub of ending) {
      const trialEnd = new Date(sub.trial_end);
      const written = await deps.db.transaction((tx) =>
        notify(
          tx,
          {
            workspaceId: sub.workspace_id,
            kind: "trial_ending",
            dedupeKey: trialEndingKey(sub.id, trialEnd),
            audience: { roles: ["owner"] },
            message: NOTIFICATION_DETAIL_MESSAGES.trialEnding(utcDay(trialEnd)),
            data: { trialEnd: trialEnd.toISOString() },
          },
          at,
        ),
      );
      if (written.length > 0) changed.add(sub.workspace_id);
    }
    return changed;
  }

  return {
    [REMINDERS_JOB]: async (_job, hooks) => {
      const at = now();
      // The next run is queued first: a run that fails (and is given up after its retries) does not end the
      // schedule, and the next one catches up what this one did not tell.
      const next = new Date(at.getTime() + REMINDERS_EVERY_MS);
      await enqueue(deps.db, { kind: REMINDERS_JOB, key: slotKey(next), runAt: next });
      const changed = new Set([...(await tasksDue(at, hooks)), ...(await trialsEnding(at))]);
      for (const workspaceId of changed) announceNotifications(deps.hub, workspaceId);
    },
  };
}

/** Queues the reminders' run for now (at start-up; the runs then queue each other). */
export async function startReminderSchedule(deps: Pick<NotificationJobsDeps, "db">, now: Date) {
  await enqueue(deps.db, { kind: REMINDERS_JOB, key: slotKey(now), runAt: now });
}
