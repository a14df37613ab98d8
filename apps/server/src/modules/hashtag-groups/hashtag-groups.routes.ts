import {
  createHashtagGroupBodySchema,
  hashtagGroupListResponseSchema,
  hashtagGroupResponseSchema,
  updateHashtagGroupBodySchema,
} from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/auth";
import { memberOf, requireUser } from "../auth/session";
import type { HashtagGroupsService } from "./hashtag-groups.service";

/** Any id is taken: one that is not a group's of the workspace (a uuid or not) answers 404. */
const idParams = z.object({ id: z.string().describe("the hashtag group's id") });

export async function hashtagGroupsRoutes(app: FastifyInstance, opts: { auth: Auth; service: HashtagGroupsService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["hashtag-groups"];

  r.get(
    "/api/hashtag-groups",
    {
      preHandler,
      schema: {
        tags,
        summary: "The workspace's saved hashtag groups, by name",
        response: { 200: hashtagGroupListResponseSchema },
      },
    },
    async (req) => ({ groups: await service.list(memberOf(req)) }),
  );

  r.post(
    "/api/hashtag-groups",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Save a hashtag group (members who write posts); its name is unique in the workspace, case ignored (409 otherwise)",
        body: createHashtagGroupBodySchema,
        response: { 201: hashtagGroupResponseSchema },
      },
    },
    async (req, reply) => reply.status(201).send({ group: await service.create(memberOf(req), req.body) }),
  );

  r.patch(
    "/api/hashtag-groups/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Rename a hashtag group or change its hashtags (members who write posts)",
        params: idParams,
        body: updateHashtagGroupBodySchema,
        response: { 200: hashtagGroupResponseSchema },
      },
    },
    async (req) => ({ group: await service.update(memberOf(req), req.params.id, req.body) }),
  );

  r.delete(
    "/api/hashtag-groups/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Delete a hashtag group (members who write posts); posts keep the hashtags they have",
        params: idParams,
      },
    },
    async (req, reply) => {
      await service.remove(memberOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
