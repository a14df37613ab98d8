import {
  calendarQuerySchema,
  calendarResponseSchema,
  createPostBodySchema,
  createPostResponseSchema,
  listPostsQuerySchema,
  postListResponseSchema,
  postResponseSchema,
  updatePostBodySchema,
} from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/auth";
import { memberOf, requireUser } from "../auth/session";
import type { PostsService } from "./posts.service";

const idParams = z.object({ id: z.uuid("Unknown post id") });

export async function postsRoutes(app: FastifyInstance, opts: { auth: Auth; service: PostsService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["posts"];
  const one = { 200: postResponseSchema };

  r.get(
    "/api/posts",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Posts going out between from and to (ISO instants), soonest first; q finds posts by their text or hashtags (case ignored, % and _ taken as they are), at most limit (100 by default with q)",
        querystring: listPostsQuerySchema,
        response: { 200: postListResponseSchema },
      },
    },
    async (req) => ({ posts: await service.list(memberOf(req), req.query) }),
  );

  r.get(
    "/api/posts/calendar",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "The calendar's view of the posts going out in [from, to), soonest first: time, zone, text (the first 20 characters unless text=full), networks, status and the result badge's counts",
        querystring: calendarQuerySchema,
        response: { 200: calendarResponseSchema },
      },
    },
    // The database writes the answer's JSON; it goes out as it is, without a second serialization of
    // thousands of items (the schema above documents it and the tests hold it to it).
    async (req, reply) => {
      const json = await service.calendar(memberOf(req), req.query);
      // A string with a JSON type is sent as it is (Fastify skips the route's serializer for it).
      return reply
        .type("application/json; charset=utf-8")
        .send(json as unknown as z.infer<typeof calendarResponseSchema>);
    },
  );

  r.post(
    "/api/posts",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Save a draft or schedule a post (date and time in the given IANA time zone); with queue, add it to the next free time slot of each chosen account (`posts`: one post per instant)",
        body: createPostBodySchema,
        response: { 200: createPostResponseSchema },
      },
    },
    async (req) =>
      req.body.queue
        ? service.addToQueue(memberOf(req), req.body)
        : { post: await service.create(memberOf(req), req.body) },
  );

  r.get(
    "/api/posts/:id",
    { preHandler, schema: { tags, summary: "One post with its targets", params: idParams, response: one } },
    async (req) => ({ post: await service.get(memberOf(req), req.params.id) }),
  );

  r.patch(
    "/api/posts/:id",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Change or reschedule a post that is not going out (a date alone keeps the time); a failed post goes again to the networks that failed it",
        params: idParams,
        body: updatePostBodySchema,
        response: one,
      },
    },
    async (req) => ({ post: await service.update(memberOf(req), req.params.id, req.body) }),
  );

  r.delete(
    "/api/posts/:id",
    {
      preHandler,
      schema: { tags, summary: "Delete a post that is not going out right now", params: idParams, response: one },
    },
    async (req) => ({ post: await service.remove(memberOf(req), req.params.id) }),
  );

  r.post(
    "/api/posts/:id/publish",
    {
      preHandler,
      schema: { tags, summary: "Publish a scheduled post now", params: idParams, response: one },
    },
    async (req) => ({ post: await service.publishNow(memberOf(req), req.params.id) }),
  );

  r.post(
    "/api/posts/:id/duplicate",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Copy a post of the workspace into a new draft of the caller's (members who write drafts): its text, hashtags, mentions, media, options, variants, first comment, campaign and accounts, not its results",
        params: idParams,
        response: { 201: postResponseSchema },
      },
    },
    async (req, reply) => reply.status(201).send({ post: await service.duplicate(memberOf(req), req.params.id) }),
  );

  r.post(
    "/api/posts/:id/retry",
    {
      preHandler,
      schema: { tags, summary: "Send the post again to the networks that failed it", params: idParams, response: one },
    },
    async (req) => ({ post: await service.retry(memberOf(req), req.params.id) }),
  );
}
