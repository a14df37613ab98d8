import {
  NOTIFICATION_PREFERENCE_MESSAGES,
  notificationPreferencesSchema,
  updateNotificationPreferencesBodySchema,
} from "@app/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { users } from "../../db/schema";
import { readUnsubscribeToken } from "../../email/unsubscribe-link";
import { badRequest } from "../../http/errors";
import type { UserRoutesDeps } from "../../http/user-routes-deps";
import { currentUser, requireUser } from "../auth/session";
import { channelsOf, setChannels, stopEmails } from "./preferences.repo";

/** A token is a few hundred characters; anything far longer is not one. */
const unsubscribeBodySchema = z.object({ token: z.string().min(1).max(2000) });
const unsubscribeResponseSchema = z.object({
  /** what was stopped: a kind's name, or "digest" */
  topic: z.string(),
  /** the kinds now in the app only */
  kinds: z.array(z.string()),
});

/**
 * The signed-in user's notification preferences (each kind's channel), and the unsubscribe link of the
 * notification e-mails, which works without signing in: its signed token names the user and the kind.
 */
export async function notificationPreferencesRoutes(app: FastifyInstance, deps: UserRoutesDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(deps.auth);
  const now = deps.now ?? (() => new Date());
  const tags = ["notifications"];

  r.get(
    "/api/notification-preferences",
    {
      preHandler,
      schema: {
        tags,
        summary: "Every notification kind with the signed-in user's channel (their choice or the kind's default)",
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (req) => ({ preferences: await channelsOf(deps.db, currentUser(req).user.id) }),
  );

  r.put(
    "/api/notification-preferences",
    {
      preHandler,
      schema: {
        tags,
        summary: "Change the channels of the kinds sent (the others stay); answers every kind's channel",
        body: updateNotificationPreferencesBodySchema,
        response: { 200: notificationPreferencesSchema },
      },
    },
    async (req) => {
      const userId = currentUser(req).user.id;
      await setChannels(deps.db, userId, req.body.preferences, now());
      return { preferences: await channelsOf(deps.db, userId) };
    },
  );

  r.post(
    "/api/unsubscribe",
    {
      schema: {
        tags,
        summary:
          "Stop one kind of notification e-mail (or the daily digest) with the signed token of an e-mail's unsubscribe link; no sign-in",
        body: unsubscribeBodySchema,
        response: { 200: unsubscribeResponseSchema },
      },
    },
    async (req) => {
      const claims = readUnsubscribeToken(deps.config.appSecret, req.body.token);
      if (!claims) throw badRequest(NOTIFICATION_PREFERENCE_MESSAGES.unsubscribeInvalid);
      const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, claims.userId));
      if (!user) throw badRequest(NOTIFICATION_PREFERENCE_MESSAGES.unsubscribeInvalid);
      await stopEmails(deps.db, user.id, claims.kinds, now());
      return { topic: claims.topic, kinds: [...claims.kinds] };
    },
  );
}
