import type { Db } from "../../db/client";
import { startDigestSchedule } from "./email.jobs";
import { startReminderSchedule } from "./reminders.jobs";

/** Queues the first run of every notification schedule (the daily digest, the reminders); at start-up. */
export async function startNotificationSchedules(db: Db, now: Date) {
  await startDigestSchedule({ db }, now);
  await startReminderSchedule({ db }, now);
}
