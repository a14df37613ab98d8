import type { FastifyInstance } from "fastify";
import type { Auth } from "../modules/auth/auth";
import { requireUser } from "../modules/auth/session";
import type { RealtimeHub } from "./hub";

const HEARTBEAT_MS = 25_000;

/** GET /api/events: the signed-in user's changes as Server-Sent Events. */
export async function eventsRoutes(app: FastifyInstance, opts: { hub: RealtimeHub; auth: Auth }) {
  app.get(
    "/api/events",
    {
      schema: { tags: ["realtime"], summary: "Server-Sent Events of the signed-in user's changes" },
      preHandler: requireUser(opts.auth),
    },
    (request, reply) => {
      const userId = request.user?.id as string;
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
      const unsubscribe = opts.hub.subscribe(userId, (event) => {
        res.write(`event: ${event.name}\ndata: ${JSON.stringify(event.data)}\n\n`);
      });
      const heartbeat = setInterval(() => res.write(": ping\n\n"), HEARTBEAT_MS);
      request.raw.on("close", () => {
        clearInterval(heartbeat);
        unsubscribe();
      });
    },
  );
}
