import { NOTIFICATION_MESSAGES, notificationListQuerySchema, notificationListResponseSchema } from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/auth";
import { memberOf, requireUser } from "../auth/session";
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
        summary:
          "The signed-in member's notifications in the current workspace, newest first, a page at a time, with their counts",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema },
      },
    },
    async (req) => service.list(memberOf(req), req.query),
  );

  r.post(
    "/api/notifications/read",
    {
      preHandler,
      schema: {
        tags,
        summary: "Mark all of the member's notifications in the workspace as read",
        response: { 200: done },
      },
    },
    async (req) => {
      await service.markAllRead(memberOf(req));
      return { ok: true as const };
    },
  );

  r.post(
    "/api/notifications/:id/read",
    {
      preHandler,
      schema: {
        tags,
        summary: "Mark one of the member's notifications as read",
        params: idParams,
        response: { 200: done },
      },
    },
    async (req) => {
      await service.markRead(memberOf(req), req.params.id);
      return { ok: true as const };
    },
  );
}
