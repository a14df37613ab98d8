import {
  analyticsResponseSchema,
  POSTS_TABLE_SORTS,
  postMetricHistoryResponseSchema,
  postsTableQuerySchema,
  postsTableResponseSchema,
  resultsQuerySchema,
} from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { Auth } from "../auth/auth";
import { memberOf, requireUser } from "../auth/session";
import { exportCsv, exportFileName } from "./analytics.csv";
import { createAnalyticsService } from "./analytics.service";

export interface ResultsRouteOptions {
  auth: Auth;
  db: Db;
  now?: () => Date;
}

const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

/** The export: the table's range, filter and order, without pages. */
const exportQuerySchema = z.intersection(
  resultsQuerySchema,
  z.object({
    sort: z.preprocess(emptyToUndefined, z.enum(POSTS_TABLE_SORTS).default("publishedAt")),
    order: z.preprocess(emptyToUndefined, z.enum(["asc", "desc"]).default("desc")),
  }),
);

/** Any id is taken: one that is not a post of the workspace (a uuid or not) answers 404. */
const postParams = z.object({ postId: z.string().describe("the post's id") });

export async function analyticsRoutes(app: FastifyInstance, opts: ResultsRouteOptions) {
  const service = createAnalyticsService({ db: opts.db, now: opts.now });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["results"];

  r.get(
    "/api/analytics",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Analytics of the current workspace over a range of days in a time zone (by default the last 30; Free: the last 30 at most), for all networks, one network or one account: reach, engagement rate, followers and posts published with their change, one point per day, per network and per account, and the figures a network does not give",
        querystring: resultsQuerySchema,
        response: { 200: analyticsResponseSchema },
      },
    },
    async (req) => service.overview(memberOf(req), req.query),
  );

  r.get(
    "/api/analytics/posts",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Premium: the posts published in the range, each network apart, with their latest figures, sorted and a page at a time",
        querystring: postsTableQuerySchema,
        response: { 200: postsTableResponseSchema },
      },
    },
    async (req) => service.posts(memberOf(req), req.query),
  );

  r.get(
    "/api/analytics/export.csv",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Premium: the posts table of the range as a CSV file (every page, in the table's order, at most 100,000 rows)",
        querystring: exportQuerySchema,
      },
    },
    async (req, reply) => {
      // Premium and the range are checked before the file starts: a refusal is the usual JSON error.
      const { range, rows } = await service.exportRows(memberOf(req), req.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${exportFileName(range.from, range.to)}"`)
        .header("cache-control", "private, no-store")
        .send(exportCsv(rows, (err) => req.log.error({ err }, "analytics export stopped")));
    },
  );

  r.get(
    "/api/analytics/posts/:postId",
    {
      preHandler,
      schema: {
        tags,
        summary: "Premium: a post's figures on each network it went out on, every reading oldest first",
        params: postParams,
        response: { 200: postMetricHistoryResponseSchema },
      },
    },
    async (req) => service.history(memberOf(req), req.params.postId),
  );
}
