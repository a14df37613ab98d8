import {
  bestTimesResponseSchema,
  dashboardResponseSchema,
  engagementResponseSchema,
  resultsQuerySchema,
  resultsZoneQuerySchema,
  weeklyEngagementResponseSchema,
} from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Db } from "../../db/client";
import type { Auth } from "../auth/auth";
import { memberOf, requireUser } from "../auth/session";
import { createOverviewService } from "./overview.service";

export interface ResultsRouteOptions {
  auth: Auth;
  db: Db;
  now?: () => Date;
}

/** The Dashboard, Engagement, the weekly card and the best times: any member of the workspace may read them. */
export async function overviewRoutes(app: FastifyInstance, opts: ResultsRouteOptions) {
  const service = createOverviewService({ db: opts.db, now: opts.now });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["results"];

  r.get(
    "/api/dashboard",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "The Dashboard: total followers (now against 30 days ago), connected accounts, scheduled posts, reach of the last 30 days against the 30 before, and the posts most recently published with their figures",
        querystring: resultsZoneQuerySchema,
        response: { 200: dashboardResponseSchema },
      },
    },
    async (req) => service.dashboard(memberOf(req), req.query.tz),
  );

  r.get(
    "/api/engagement",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Engagement: engagements, engagement rate, comments and likes of the posts published in the range (the last 30 days by default) against the period before, per network and per day; Free looks back 30 days at most",
        querystring: resultsQuerySchema,
        response: { 200: engagementResponseSchema },
      },
    },
    async (req) => service.engagement(memberOf(req), req.query),
  );

  r.get(
    "/api/results/weekly",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "The Post Scheduler's weekly card: engagements of the posts published on each weekday over the last 4 weeks, against the 4 weeks before",
        querystring: resultsZoneQuerySchema,
        response: { 200: weeklyEngagementResponseSchema },
      },
    },
    async (req) => service.weekly(memberOf(req), req.query.tz),
  );

  r.get(
    "/api/results/best-times",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Best times to post (Premium): engagement rate by the weekday and hour posts went out over the last 90 days, or a labelled general default with too few results, and the best slots",
        querystring: resultsZoneQuerySchema,
        response: { 200: bestTimesResponseSchema },
      },
    },
    async (req) => service.bestTimes(memberOf(req), req.query.tz),
  );
}
