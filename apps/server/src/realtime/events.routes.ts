import type { FastifyInstance } from "fastify";
import type { Auth } from "../modules/auth/auth";
import { memberOf, requireUser } from "../modules/auth/session";
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
export async function eventsRoutes(app: FastifyInstance, opts: { hub: RealtimeHub; auth: Auth }) {
  /** Each user's open streams, oldest first: what closes each. */
  const streams = new Map<string, Set<() => void>>();

  app.get(
    "/api/events",
    {
      schema: { tags: ["realtime"], summary: "Server-Sent Events of the changes in the user's current workspace" },
      preHandler: requireUser(opts.auth),
    },
    (request, reply) => {
      const { userId, workspaceId } = memberOf(request);
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
        res.write(`event: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
      const own = streams.get(userId) ?? new Set();
      streams.set(userId, own);
      let ended = false;
      const cleanUp = () => {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        own.delete(evict);
        if (!own.size && streams.get(userId) === own) streams.delete(userId);
      };
      const evict = () => {
        cleanUp();
        res.end(`retry: ${EVICTED_RETRY_MS}\n: closed, a newer stream of this user took its place\n\n`);
      };
      own.add(evict);
      request.raw.on("close", cleanUp);
      res.on("close", cleanUp);
      for (const oldest of own) {
        if (own.size <= MAX_EVENT_STREAMS_PER_USER) break;
        oldest();
      }
    },
  );
}
