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
import { ONE_CLICK_UNSUBSCRIBE_PATH, readUnsubscribeToken, UNSUBSCRIBE_PAGE_PATH } from "../../email/unsubscribe-link";
import { badRequest } from "../../http/errors";
import { formField, registerFormBodies } from "../../http/form-body";
import type { UserRoutesDeps } from "../../http/user-routes-deps";
import { currentUser, requireUser } from "../auth/session";
import { channelsOf, setChannels, stopEmails } from "./preferences.repo";

/** A token is a few hundred characters; anything far longer is not one. */
const tokenSchema = z.string().min(1).max(2000);
const unsubscribeBodySchema = z.object({ token: tokenSchema });
/** The one-click address (RFC 8058) carries the token in its query. */
const oneClickQuerySchema = z.object({ token: tokenSchema });
const unsubscribeResponseSchema = z.object({
  /** what was stopped: a kind's name, or "digest" */
  topic: z.string(),
  /** the kinds now in the app only */
  kinds: z.array(z.string()),
});

/**
 * The signed-in user's notification preferences (each kind's channel), and the unsubscribe links of the
 * notification e-mails, which work without signing in: their signed token names the user and the kind. The
 * confirmation page posts the token as JSON; a mail client's one-click unsubscribe (RFC 8058, from the
 * List-Unsubscribe header) posts the form `List-Unsubscribe=One-Click` to the address with the token in its query.
 * Both stop the same thing: that user's e-mails of that kind (or the digest), nothing else.
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

  /** Stops the e-mails an unsubscribe token names; a token that is not one (tampered, another's key) is a 400. */
  async function unsubscribe(token: string) {
    const claims = readUnsubscribeToken(deps.config.appSecret, token);
    if (!claims) throw badRequest(NOTIFICATION_PREFERENCE_MESSAGES.unsubscribeInvalid);
    const [user] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, claims.userId));
    if (!user) throw badRequest(NOTIFICATION_PREFERENCE_MESSAGES.unsubscribeInvalid);
    await stopEmails(deps.db, user.id, claims.kinds, now());
    return { topic: claims.topic, kinds: [...claims.kinds] };
  }

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
    async (req) => unsubscribe(req.body.token),
  );

  // The one-click address, in a scope of its own: it takes the form a mail client posts, and nothing else.
  await app.register(async (scope) => {
    await registerFormBodies(scope);
    const s = scope.withTypeProvider<ZodTypeProvider>();

    s.post(
      ONE_CLICK_UNSUBSCRIBE_PATH,
      {
        schema: {
          tags,
          summary:
            "One-click unsubscribe (RFC 8058), posted by a mail client from the List-Unsubscribe header: the form List-Unsubscribe=One-Click (urlencoded or multipart), the token in the query; no sign-in, no Origin",
          consumes: ["application/x-www-form-urlencoded", "multipart/form-data"],
          querystring: oneClickQuerySchema,
          response: { 200: unsubscribeResponseSchema },
        },
      },
      async (req) => {
        const confirm = await formField(req, "List-Unsubscribe", NOTIFICATION_PREFERENCE_MESSAGES.oneClickBodyRequired);
        if (confirm !== "One-Click") throw badRequest(NOTIFICATION_PREFERENCE_MESSAGES.oneClickBodyRequired);
        return unsubscribe(req.query.token);
      },
    );

    // A mail client that only opens the header's link (RFC 2369) is shown the confirmation page: a GET never
    // unsubscribes (mail scanners fetch links).
    s.get(
      ONE_CLICK_UNSUBSCRIBE_PATH,
      {
        schema: {
          tags,
          summary: "The one-click address opened in a browser: sends to the confirmation page (changes nothing)",
          querystring: oneClickQuerySchema,
        },
      },
      async (req, reply) =>
        reply.redirect(`${UNSUBSCRIBE_PAGE_PATH}?${new URLSearchParams({ token: req.query.token })}`, 303),
    );
  });
}
