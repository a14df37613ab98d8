import {
  moveQueuedPostBodySchema,
  putQueueSlotsBodySchema,
  QUEUE_MESSAGES,
  queuedPostsResponseSchema,
  queueMoveResponseSchema,
  queuePauseResponseSchema,
  queueQuerySchema,
  queueResponseSchema,
  queueSlotsResponseSchema,
  queueTimeZoneBodySchema,
  queueTimeZoneResponseSchema,
} from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/auth";
import { memberOf, requireUser } from "../auth/session";
import type { PostsService } from "../posts/posts.service";
import type { QueueService } from "./queue.service";

const accountParams = z.object({ id: z.uuid({ error: QUEUE_MESSAGES.unknownAccount }) });
const postParams = z.object({ id: z.uuid("Unknown post id") });

/** The queue of time slots (issue 23): its screen's data, slots, time zone, pause and resume, moves. */
export async function queueRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; service: QueueService; posts: PostsService },
) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["queue"];

  r.get(
    "/api/queue",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "The workspace's time zone, its weekly time slots (the workspace's and each account's), each account's paused state, and the next `count` slots of each account (or of `accountId`) with the post queued in each, or none",
        querystring: queueQuerySchema,
        response: { 200: queueResponseSchema },
      },
    },
    async (req) => service.read(memberOf(req), req.query),
  );

  r.put(
    "/api/queue/slots",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Replace the weekly time slots of an account, or of the workspace (accountId null: every account without its own); posts already queued keep their times",
        body: putQueueSlotsBodySchema,
        response: { 200: queueSlotsResponseSchema },
      },
    },
    async (req) => ({ slots: await service.setSlots(memberOf(req), req.body) }),
  );

  r.put(
    "/api/queue/time-zone",
    {
      preHandler,
      schema: {
        tags,
        summary: "Set the workspace's time zone, which its time slots are read in (owners and admins)",
        body: queueTimeZoneBodySchema,
        response: { 200: queueTimeZoneResponseSchema },
      },
    },
    async (req) => ({ timeZone: await service.setTimeZone(memberOf(req), req.body.timeZone) }),
  );

  r.post(
    "/api/queue/accounts/:id/pause",
    {
      preHandler,
      schema: {
        tags,
        summary: "Pause an account's queue: its queued posts wait, and Add to queue leaves it out",
        params: accountParams,
        response: { 200: queuePauseResponseSchema },
      },
    },
    async (req) => service.pause(memberOf(req), req.params.id),
  );

  r.post(
    "/api/queue/accounts/:id/resume",
    {
      preHandler,
      schema: {
        tags,
        summary: "Resume an account's queue; queued posts whose time passed meanwhile move to the next free slots",
        params: accountParams,
        response: { 200: queuePauseResponseSchema },
      },
    },
    async (req) => service.resume(memberOf(req), req.params.id),
  );

  r.post(
    "/api/queue/move",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Move a queued post of an account to another slot: an empty one of its time slots, or one held by another queued post (they swap)",
        body: moveQueuedPostBodySchema,
        response: { 200: queueMoveResponseSchema },
      },
    },
    async (req) => ({ moved: await service.move(memberOf(req), req.body) }),
  );

  r.post(
    "/api/posts/:id/queue",
    {
      preHandler,
      schema: {
        tags: ["posts", ...tags],
        summary:
          "Add a draft or scheduled post to the queue: the next free time slot of each of its accounts (a post for each instant)",
        params: postParams,
        response: { 200: queuedPostsResponseSchema },
      },
    },
    async (req) => opts.posts.queue(memberOf(req), req.params.id),
  );
}
