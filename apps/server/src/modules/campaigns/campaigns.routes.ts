import {
  addCampaignPostsBodySchema,
  campaignDetailResponseSchema,
  campaignListResponseSchema,
  campaignQuerySchema,
  campaignResponseSchema,
  createCampaignBodySchema,
  updateCampaignBodySchema,
} from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/auth";
import { memberOf, requireUser } from "../auth/session";
import { campaignCsv, campaignFileName } from "./campaigns.export";
import type { CampaignsService } from "./campaigns.service";

/** Any id is taken: one that is not a campaign's of the workspace (a uuid or not) answers 404. */
const idParams = z.object({ id: z.string().describe("the campaign's id") });

export async function campaignsRoutes(app: FastifyInstance, opts: { auth: Auth; service: CampaignsService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["campaigns"];

  r.get(
    "/api/campaigns",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "The campaigns of the current workspace, newest first, each with its status as of today in `tz` (default UTC), its number of posts and their engagements",
        querystring: campaignQuerySchema,
        response: { 200: campaignListResponseSchema },
      },
    },
    async (req) => ({ campaigns: await service.list(memberOf(req), req.query.tz) }),
  );

  r.post(
    "/api/campaigns",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Create a campaign (owners, admins and editors); its slug comes from the name, unique in the workspace",
        querystring: campaignQuerySchema,
        body: createCampaignBodySchema,
        response: { 201: campaignResponseSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ campaign: await service.create(memberOf(req), req.body, req.query.tz) }),
  );

  r.get(
    "/api/campaigns/:id",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "A campaign with its posts by time (status, networks, reach and engagements of each) and its figures: reach, engagements, engagement rate, posts published, per network and the best post",
        params: idParams,
        querystring: campaignQuerySchema,
        response: { 200: campaignDetailResponseSchema },
      },
    },
    async (req) => service.detail(memberOf(req), req.params.id, req.query.tz),
  );

  r.patch(
    "/api/campaigns/:id",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Change the fields sent of a campaign (owners, admins and editors); status null follows the dates again; the slug never changes",
        params: idParams,
        querystring: campaignQuerySchema,
        body: updateCampaignBodySchema,
        response: { 200: campaignResponseSchema },
      },
    },
    async (req) => ({ campaign: await service.update(memberOf(req), req.params.id, req.body, req.query.tz) }),
  );

  r.delete(
    "/api/campaigns/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Delete a campaign (owners, admins and editors); its posts stay, without a campaign",
        params: idParams,
      },
    },
    async (req, reply) => {
      await service.remove(memberOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  r.post(
    "/api/campaigns/:id/posts",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Put existing posts of the workspace in the campaign, all or none (owners, admins and editors); a post from elsewhere answers 404",
        params: idParams,
        body: addCampaignPostsBodySchema,
      },
    },
    async (req, reply) => {
      await service.addPosts(memberOf(req), req.params.id, req.body);
      return reply.status(204).send();
    },
  );

  r.get(
    "/api/campaigns/:id/export.csv",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "A campaign's posts and results as a CSV file: a row per network of each post, with its latest figures",
        params: idParams,
      },
    },
    async (req, reply) => {
      // The campaign is checked before the file starts: a refusal is the usual JSON error.
      const { campaign, rows } = await service.exportRows(memberOf(req), req.params.id);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${campaignFileName(campaign.slug)}"`)
        .header("cache-control", "private, no-store")
        .send(campaignCsv(rows, (err) => req.log.error({ err }, "campaign export stopped")));
    },
  );
}
