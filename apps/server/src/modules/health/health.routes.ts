import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client";
import { createQueueRepo } from "../../worker/queue.repo";

const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.object({ kind: z.enum(["pglite", "postgres"]), ok: z.boolean() }),
  /** the publishing workers: alive when one has reported within WORKER_ALIVE_MS */
  worker: z.object({ alive: z.boolean(), lastSeenAt: z.string().nullable() }),
  /** targets due to go out now */
  queue: z.object({ due: z.number().int() }),
});

/** A running worker reports at least every 5 seconds; silence this long means none is running. */
export const WORKER_ALIVE_MS = 30_000;

export async function healthRoutes(
  app: FastifyInstance,
  opts: { database: Database; version: string; now?: () => Date },
) {
  const queue = createQueueRepo(opts.database.db);
  const now = opts.now ?? (() => new Date());
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health",
    {
      schema: {
        tags: ["health"],
        summary: "Liveness of the server and its database",
        response: { 200: healthSchema },
      },
    },
    async () => {
      let ok = true;
      let lastSeen: Date | null = null;
      let due = 0;
      try {
        await opts.database.db.execute(sql`select 1`);
        lastSeen = await queue.lastBeat();
        due = await queue.depth(now());
      } catch {
        ok = false;
      }
      const alive = lastSeen !== null && now().getTime() - lastSeen.getTime() < WORKER_ALIVE_MS;
      return {
        status: ok && alive ? ("ok" as const) : ("degraded" as const),
        version: opts.version,
        database: { kind: opts.database.kind, ok },
        worker: { alive, lastSeenAt: lastSeen?.toISOString() ?? null },
        queue: { due },
      };
    },
  );
}
