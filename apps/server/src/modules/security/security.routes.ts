import { activeSessionsResponseSchema, hasForbiddenCharacters, SECURITY_MESSAGES } from "@app/shared";
import { and, desc, eq, gt, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { sessions } from "../../db/schema";
import { badRequest, notFound } from "../../http/errors";
import type { UserRoutesDeps } from "../../http/user-routes-deps";
import { currentUser, requireUser } from "../auth/session";
import { deviceName } from "./device";

/** Any id is taken: one that is not a session of the signed-in user answers 404. */
const idParams = z.object({ id: z.string().describe("the session's id") });

/**
 * Settings → Security: the signed-in user's sessions (better-auth's rows), and signing out of other ones. The
 * session in use is not ended here (Sign out in the sidebar does that). A session's token never leaves.
 */
export async function securityRoutes(app: FastifyInstance, deps: UserRoutesDeps) {
  const { db, auth } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(auth);
  const tags = ["security"];
  // better-auth decides whether a session is still valid by the real time: so does this list.
  const live = (userId: string) => and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date()));

  r.get(
    "/api/sessions",
    {
      preHandler,
      schema: {
        tags,
        summary: "The signed-in user's active sessions (device, address, last seen), this one first",
        response: { 200: activeSessionsResponseSchema },
      },
    },
    async (req) => {
      const { user, sessionId } = currentUser(req);
      const rows = await db
        .select({
          id: sessions.id,
          userAgent: sessions.userAgent,
          ipAddress: sessions.ipAddress,
          createdAt: sessions.createdAt,
          updatedAt: sessions.updatedAt,
        })
        .from(sessions)
        .where(live(user.id))
        .orderBy(desc(sessions.updatedAt), desc(sessions.createdAt));
      const list = rows.map((row) => ({
        id: row.id,
        device: deviceName(row.userAgent),
        place: row.ipAddress?.trim() || "Unknown",
        lastSeenAt: row.updatedAt.toISOString(),
        createdAt: row.createdAt.toISOString(),
        current: row.id === sessionId,
      }));
      return { sessions: [...list.filter((s) => s.current), ...list.filter((s) => !s.current)] };
    },
  );

  r.delete(
    "/api/sessions/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Sign out of one of the user's other sessions (not the one in use)",
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      const { user, sessionId } = currentUser(req);
      // (an id the database cannot even hold, a NUL byte..., is no session either)
      if (hasForbiddenCharacters(req.params.id)) throw notFound(SECURITY_MESSAGES.sessionNotFound);
      if (req.params.id === sessionId) throw badRequest(SECURITY_MESSAGES.currentSession);
      const gone = await db
        .delete(sessions)
        .where(and(eq(sessions.id, req.params.id), eq(sessions.userId, user.id)))
        .returning({ id: sessions.id });
      if (gone.length === 0) throw notFound(SECURITY_MESSAGES.sessionNotFound);
      // A browser of that session may be known to this process: it is asked again.
      auth.sessionCache.clear();
      return reply.status(204).send(null);
    },
  );

  r.post(
    "/api/sessions/revoke-others",
    {
      preHandler,
      schema: {
        tags,
        summary: "Sign out of all the user's sessions but the one in use",
        response: { 200: z.object({ revoked: z.number().int() }) },
      },
    },
    async (req) => {
      const { user, sessionId } = currentUser(req);
      const gone = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, user.id), ne(sessions.id, sessionId)))
        .returning({ id: sessions.id });
      auth.sessionCache.clear();
      return { revoked: gone.length };
    },
  );
}
