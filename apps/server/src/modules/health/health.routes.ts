import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client";

const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  database: z.object({ kind: z.enum(["pglite", "postgres"]), ok: z.boolean() }),
});

export async function healthRoutes(app: FastifyInstance, opts: { database: Database; version: string }) {
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
      try {
        await opts.database.db.execute(sql`select 1`);
      } catch {
        ok = false;
      }
      return {
        status: ok ? ("ok" as const) : ("degraded" as const),
        version: opts.version,
        database: { kind: opts.database.kind, ok },
      };
    },
  );
}
