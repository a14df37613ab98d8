import {
  approvalListResponseSchema,
  approvePostBodySchema,
  createCommentBodySchema,
  postCommentListResponseSchema,
  postCommentResponseSchema,
  postHistoryResponseSchema,
  postResponseSchema,
  rejectPostBodySchema,
} from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/auth";
import { memberOf, requireUser } from "../auth/session";
import type { ApprovalsService } from "./approvals.service";
import type { PostsService } from "./posts.service";

const idParams = z.object({ id: z.uuid("Unknown post id") });

/** The approvals queue, approving and rejecting, and each post's comment thread and history. */
export async function approvalsRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; posts: PostsService; approvals: ApprovalsService },
) {
  const { posts, approvals } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);

  r.get(
    "/api/approvals",
    {
      preHandler,
      schema: {
        tags: ["approvals"],
        summary: "The workspace's posts waiting for approval, the longest waiting first (approvers only)",
        response: { 200: approvalListResponseSchema },
      },
    },
    async (req) => ({ approvals: await approvals.list(memberOf(req)) }),
  );

  r.post(
    "/api/posts/:id/approve",
    {
      preHandler,
      schema: {
        tags: ["approvals"],
        summary:
          "Approve a post waiting for approval: it is scheduled at its time, or at the new date and time sent (required once its own has passed)",
        params: idParams,
        // A bare POST approves at the post's own time.
        body: approvePostBodySchema.nullish(),
        response: { 200: postResponseSchema },
      },
    },
    async (req) => ({ post: await posts.approve(memberOf(req), req.params.id, req.body ?? {}) }),
  );

  r.post(
    "/api/posts/:id/reject",
    {
      preHandler,
      schema: {
        tags: ["approvals"],
        summary: "Send a post waiting for approval back to draft, with a comment saying what to change",
        params: idParams,
        body: rejectPostBodySchema,
        response: { 200: postResponseSchema },
      },
    },
    async (req) => ({ post: await approvals.reject(memberOf(req), req.params.id, req.body.comment) }),
  );

  r.get(
    "/api/posts/:id/comments",
    {
      preHandler,
      schema: {
        tags: ["posts"],
        summary: "The post's internal comment thread, oldest first",
        params: idParams,
        response: { 200: postCommentListResponseSchema },
      },
    },
    async (req) => ({ comments: await approvals.comments(memberOf(req), req.params.id) }),
  );

  r.post(
    "/api/posts/:id/comments",
    {
      preHandler,
      schema: {
        tags: ["posts"],
        summary: "Comment on the post (any member of its workspace)",
        params: idParams,
        body: createCommentBodySchema,
        response: { 201: postCommentResponseSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ comment: await approvals.comment(memberOf(req), req.params.id, req.body.body) }),
  );

  r.get(
    "/api/posts/:id/history",
    {
      preHandler,
      schema: {
        tags: ["posts"],
        summary:
          "What happened to the post, oldest first: created, edited, submitted, approved, rejected, scheduled (by whom), published or failed (per network)",
        params: idParams,
        response: { 200: postHistoryResponseSchema },
      },
    },
    async (req) => ({ history: await approvals.history(memberOf(req), req.params.id) }),
  );
}
