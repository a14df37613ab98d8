import type { FastifyInstance } from "fastify";
import type { Auth } from "../modules/auth/auth";
import { memberOf, requireUser } from "../modules/auth/session";
import { MEMBER_REMOVED_EVENT, type WorkspacesService } from "../modules/workspaces/workspaces.service";
import type { RealtimeHub } from "./hub";

const HEARTBEAT_MS = 25_000;
/**
 * The event streams one user may hold open on one server process (each is a connection and a listener):
 * the app opens one per browser tab. Opening one more closes that user's oldest.
 */
export const MAX_EVENT_STREAMS_PER_USER = 20;
/** The browser waits this long before reopening a stream closed for a newer one (the usual wait is 3 s). */
const EVICTED_RETRY_MS = 60_000;

/**
 * GET /api/events: the changes of the workspace the signed-in user works in (the session's current one) as
 * Server-Sent Events: every member of the workspace sees them. The limit of open streams counts per user.
 */
export async function eventsRoutes(
  app: FastifyInstance,
  opts: {
    hub: RealtimeHub;
    auth: Auth;
    presence: Pick<WorkspacesService, "streamOpened" | "streamAlive" | "streamsClosed">;
  },
) {
  /** Each user's open streams, oldest first: what closes each. */
  const streams = new Map<string, Set<() => void>>();
  /** How many streams each member has open on each workspace here: the last one closing makes them offline. */
  const open = new Map<string, number>();

  app.get(
    "/api/events",
    {
      schema: { tags: ["realtime"], summary: "Server-Sent Events of the changes in the user's current workspace" },
      preHandler: requireUser(opts.auth),
    },
    (request, reply) => {
      const { userId, workspaceId } = memberOf(request);
      const presence = (what: "streamOpened" | "streamAlive" | "streamsClosed") =>
        opts.presence[what](workspaceId, userId).catch((err) => request.log.warn({ err }, "presence not recorded"));
      const memberKey = `${workspaceId} ${userId}`;
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
        ...Object.fromEntries(
          Object.entries(reply.getHeaders()).filter(([k]) => k === "set-cookie" || k.startsWith("x-")),
        ),
      });
      res.write("retry: 3000\n: connected\n\n");
      const unsubscribe = opts.hub.subscribe(workspaceId, (event) => {
        if (event.name === MEMBER_REMOVED_EVENT) {
          // No more of this workspace's news for a member removed from it; the tab's next stream opens another.
          const removed = event.data as { userId?: string; everyone?: boolean };
          if (removed.everyone || removed.userId === userId) evict(": closed, you are no longer a member\n\n");
          return;
        }
        res.write(`event: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`);
      });
      const heartbeat = setInterval(() => {
        res.write(": ping\n\n");
        presence("streamAlive");
      }, HEARTBEAT_MS);
      open.set(memberKey, (open.get(memberKey) ?? 0) + 1);
      presence("streamOpened");
      const own = streams.get(userId) ?? new Set();
      streams.set(userId, own);
      let ended = false;
      const cleanUp = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        own.delete(evictOldest);
        if (!own.size && streams.get(userId) === own) streams.delete(userId);
        const left = (open.get(memberKey) ?? 1) - 1;
        if (left > 0) open.set(memberKey, left);
        else {
          open.delete(memberKey);
          presence("streamsClosed");
        }
      };
      const evict = (last: string) => {
        cleanUp();
        res.end(last);
      };
      const evictOldest = () =>
        evict(`retry: ${EVICTED_RETRY_MS}\n: closed, a newer stream of this user took its place\n\n`);
      own.add(evictOldest);
      request.raw.on("close", cleanUp);
      res.on("close", cleanUp);
      for (const oldest of own) {
        if (own.size <= MAX_EVENT_STREAMS_PER_USER) break;
        oldest();
      }
    },
  );
}
