import {
  createNoteBodySchema,
  createReplyBodySchema,
  inboxConversationResponseSchema,
  inboxListResponseSchema,
  inboxMessageResponseSchema,
  inboxNoteResponseSchema,
  inboxQuerySchema,
  inboxReplyResponseSchema,
  inboxSummarySchema,
  messageActionBodySchema,
  readConversationBodySchema,
  updateConversationBodySchema,
} from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/auth";
import { memberOf, requireUser } from "../auth/session";
import type { InboxService } from "./inbox.service";

/** Any id is taken: one that is not the workspace's conversation (or message), a uuid or not, answers 404. */
const idParams = z.object({ id: z.string().describe("the conversation's id") });
const messageParams = z.object({ id: z.string().describe("the message's id") });

/** Engagement → Inbox: the workspace's conversations with the people commenting on its posts. */
export async function inboxRoutes(app: FastifyInstance, opts: { auth: Auth; service: InboxService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["inbox"];

  r.get(
    "/api/inbox",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "The workspace's conversations, newest message first, by status, network, account, assigned to me or words; with each connected account's collection state",
        querystring: inboxQuerySchema,
        response: { 200: inboxListResponseSchema },
      },
    },
    (req) => service.list(memberOf(req), req.query),
  );

  r.get(
    "/api/inbox/summary",
    {
      preHandler,
      schema: {
        tags,
        summary: "How many conversations are open, and how many of those the member has not read",
        response: { 200: inboxSummarySchema },
      },
    },
    (req) => service.summary(memberOf(req)),
  );

  r.get(
    "/api/inbox/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "One conversation: its messages (oldest first), the replies on their way and the notes",
        params: idParams,
        response: { 200: inboxConversationResponseSchema },
      },
    },
    async (req) => ({ conversation: await service.get(memberOf(req), req.params.id) }),
  );

  r.patch(
    "/api/inbox/:id",
    {
      preHandler,
      schema: {
        tags,
        summary: "Mark a conversation done or open, or assign it to a member (null: nobody); any member",
        params: idParams,
        body: updateConversationBodySchema,
        response: { 200: inboxConversationResponseSchema },
      },
    },
    async (req) => ({ conversation: await service.update(memberOf(req), req.params.id, req.body) }),
  );

  r.post(
    "/api/inbox/:id/read",
    {
      preHandler,
      schema: {
        tags,
        summary: "Mark a conversation read or unread, for the member asking",
        params: idParams,
        body: readConversationBodySchema,
        response: { 200: inboxConversationResponseSchema },
      },
    },
    async (req) => ({ conversation: await service.read(memberOf(req), req.params.id, req.body.read) }),
  );

  r.post(
    "/api/inbox/:id/replies",
    {
      preHandler,
      schema: {
        tags,
        summary: "Reply on the network (queued and sent once); owners, admins and editors, where the network allows",
        params: idParams,
        body: createReplyBodySchema,
        response: { 201: inboxReplyResponseSchema },
      },
    },
    async (req, reply) =>
      reply.status(201).send({ reply: await service.reply(memberOf(req), req.params.id, req.body) }),
  );

  r.post(
    "/api/inbox/:id/notes",
    {
      preHandler,
      schema: {
        tags,
        summary: "Leave an internal note on a conversation (never sent to the network); any member",
        params: idParams,
        body: createNoteBodySchema,
        response: { 201: inboxNoteResponseSchema },
      },
    },
    async (req, reply) => reply.status(201).send({ note: await service.note(memberOf(req), req.params.id, req.body) }),
  );

  r.post(
    "/api/inbox/messages/:id/actions",
    {
      preHandler,
      schema: {
        tags,
        summary:
          "Like, unlike, hide, unhide or delete a message on the network, where it allows; owners, admins and editors",
        params: messageParams,
        body: messageActionBodySchema,
        response: { 200: inboxMessageResponseSchema },
      },
    },
    async (req) => ({ message: await service.act(memberOf(req), req.params.id, req.body.action) }),
  );
}
