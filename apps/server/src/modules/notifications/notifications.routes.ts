import { NOTIFICATION_MESSAGES, notificationListResponseSchema } from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/auth";
import { currentUser, requireUser } from "../auth/session";
import type { NotificationsService } from "./notifications.service";

const idParams = z.object({ id: z.uuid(NOTIFICATION_MESSAGES.notFound) });
const done = z.object({ ok: z.literal(true) });

export async function notificationsRoutes(app: FastifyInstance, opts: { auth: Auth; service: NotificationsService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["notifications"];

  r.get(
    "/api/notifications",
    {
      preHandler,
      schema: {
        tags,
        summary: "The user's newest notifications and how many are unread",
        response: { 200: notificationListResponseSchema },
      },
    },
    async (req) => service.list(currentUser(req).user.id),
  );

  r.post(
    "/api/notifications/read",
    { preHandler, schema: { tags, summary: "Mark all notifications as read", response: { 200: done } } },
    async (req) => {
      await service.markAllRead(currentUser(req).user.id);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/notifications/:id/read",
    {
      preHandler,
      schema: { tags, summary: "Mark one notification as read", params: idParams, response: { 200: done } },
    },
    async (req) => {
      await service.markRead(currentUser(req).user.id, req.params.id);
      return { ok: true as const };
    },
  );
}
