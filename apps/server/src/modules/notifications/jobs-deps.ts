import type { Config } from "../../config/env";
import type { Db } from "../../db/client";
import type { Mailer } from "../../email/mailer";
import type { RealtimeHub } from "../../realtime/hub";

/** What the notification jobs (e-mails, the digest, reminders) are given. */
export interface NotificationJobsDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  hub: RealtimeHub;
  now?: () => Date;
}
