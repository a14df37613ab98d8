import type { JobHandler } from "../../worker/jobs-worker";
import type { NotificationJobsDeps } from "./jobs-deps";

/** The notification e-mails sent at once and the daily digest (being built). */
export function emailJobHandlers(_deps: NotificationJobsDeps): Record<string, JobHandler> {
  return {};
}

/** Queues the digest's first run (its runs then queue each other). */
export async function startDigestSchedule(_deps: Pick<NotificationJobsDeps, "db">, _now: Date) {}
