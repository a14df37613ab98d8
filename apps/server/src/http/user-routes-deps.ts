import type { Config } from "../config/env";
import type { Db } from "../db/client";
import type { Mailer } from "../email/mailer";
import type { Auth } from "../modules/auth/auth";
import type { RealtimeHub } from "../realtime/hub";

/** What the issue 20 route plugins (profile, security, account, notification preferences) are given. */
export interface UserRoutesDeps {
  auth: Auth;
  db: Db;
  config: Config;
  mailer: Mailer;
  hub: RealtimeHub;
  now?: () => Date;
}
