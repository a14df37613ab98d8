import {
  createWorkspaceBodySchema,
  invitationDetailsSchema,
  invitationSchema,
  inviteMemberBodySchema,
  memberSchema,
  openedWorkspaceResponseSchema,
  presenceBodySchema,
  singleLineText,
  switchWorkspaceBodySchema,
  transferOwnershipBodySchema,
  updateMemberBodySchema,
  updateWorkspaceBodySchema,
  WORKSPACE_MESSAGES,
  workspaceListResponseSchema,
  workspaceResponseSchema,
  workspaceSchema,
} from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/auth";
import { assertPassword, currentMember, currentUser, memberOf, requireUser } from "../auth/session";
import type { WorkspacesService } from "./workspaces.service";

const done = z.object({ ok: z.literal(true) });
/** An invitation's id is its accept link's key (workspaces.service.ts makes them). */
const invitationParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, WORKSPACE_MESSAGES.invitationNotFound),
});
const memberParams = z.object({ userId: singleLineText("Member").min(1).max(200) });

/**
 * /api/workspace: the workspace this browser works in, its members and invitations; /api/workspaces: the
 * user's workspaces and the switch between them; /api/invitations/:id: the accept link; /api/presence.
 */
export async function workspacesRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; service: WorkspacesService; authRateLimit: number },
) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["workspaces"];

  r.get(
    "/api/workspace",
    {
      preHandler,
      schema: {
        tags,
        summary: "The current workspace, its members with their presence, and its pending invitations",
        response: { 200: workspaceResponseSchema },
      },
    },
    async (req) => service.get(memberOf(req)),
  );

  r.patch(
    "/api/workspace",
    {
      preHandler,
      schema: {
        tags,
        summary: "Rename the workspace or set whether Editors' posts need approval (owners and admins)",
        body: updateWorkspaceBodySchema,
        response: { 200: z.object({ workspace: workspaceSchema }) },
      },
    },
    async (req) => ({ workspace: await service.update(memberOf(req), req.body) }),
  );

  r.delete(
    "/api/workspace",
    {
      preHandler,
      schema: {
        tags,
        summary: "Delete the workspace with its posts, media, accounts and tasks (owners; not a personal workspace)",
        response: { 200: done },
      },
    },
    async (req) => {
      await service.delete(memberOf(req));
      return { ok: true as const };
    },
  );

  r.get(
    "/api/workspaces",
    {
      preHandler,
      schema: { tags, summary: "The workspaces the user belongs to", response: { 200: workspaceListResponseSchema } },
    },
    async (req) => service.list(currentUser(req).user.id, currentMember(req).workspace.id),
  );

  r.post(
    "/api/workspaces",
    {
      preHandler,
      schema: {
        tags,
        summary: "Create a workspace, owned by the user, and open it in this browser",
        body: createWorkspaceBodySchema,
        response: { 201: openedWorkspaceResponseSchema },
      },
    },
    async (req, reply) => {
      const { user, sessionId } = currentUser(req);
      reply.status(201);
      return { workspace: await service.create(user, sessionId, req.body.name) };
    },
  );

  r.post(
    "/api/workspaces/active",
    {
      preHandler,
      schema: {
        tags,
        summary: "Open another of the user's workspaces in this browser",
        body: switchWorkspaceBodySchema,
        response: { 200: openedWorkspaceResponseSchema },
      },
    },
    async (req) => {
      const { user, sessionId } = currentUser(req);
      return { workspace: await service.open(user, sessionId, req.body.workspaceId) };
    },
  );

  r.post(
    "/api/workspace/invitations",
    {
      preHandler,
      schema: {
        tags,
        summary: "Invite someone by e-mail (Premium; owners and admins)",
        body: inviteMemberBodySchema,
        response: { 201: z.object({ invitation: invitationSchema }) },
      },
    },
    async (req, reply) => {
      reply.status(201);
      return { invitation: await service.invite(memberOf(req), req.body) };
    },
  );

  r.post(
    "/api/workspace/invitations/:id/resend",
    {
      preHandler,
      schema: {
        tags,
        summary: "Send a pending invitation again, valid 7 more days",
        params: invitationParams,
        response: { 200: z.object({ invitation: invitationSchema }) },
      },
    },
    async (req) => ({ invitation: await service.resend(memberOf(req), req.params.id) }),
  );

  r.delete(
    "/api/workspace/invitations/:id",
    {
      preHandler,
      schema: { tags, summary: "Cancel a pending invitation", params: invitationParams, response: { 200: done } },
    },
    async (req) => {
      await service.cancel(memberOf(req), req.params.id);
      return { ok: true as const };
    },
  );

  r.patch(
    "/api/workspace/members/:userId",
    {
      preHandler,
      schema: {
        tags,
        summary: "Give a member another role (owners and admins)",
        params: memberParams,
        body: updateMemberBodySchema,
        response: { 200: z.object({ member: memberSchema }) },
      },
    },
    async (req) => ({ member: await service.setRole(memberOf(req), req.params.userId, req.body.role) }),
  );

  r.delete(
    "/api/workspace/members/:userId",
    {
      preHandler,
      schema: {
        tags,
        summary: "Remove a member, or leave the workspace (their posts stay)",
        params: memberParams,
        response: { 200: done },
      },
    },
    async (req) => {
      await service.remove(memberOf(req), req.params.userId);
      return { ok: true as const };
    },
  );

  r.post(
    "/api/workspace/owner",
    {
      preHandler,
      // A password is tried here: limited as sign-in is.
      config: { rateLimit: { max: opts.authRateLimit, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          "Make another member the owner (the owner only, with their password): the new owner holds the plan, billing and deletion; the former owner stays as an admin",
        body: transferOwnershipBodySchema,
        response: { 200: z.object({ member: memberSchema }) },
      },
    },
    async (req) => {
      const member = memberOf(req);
      service.assertMayTransfer(member);
      await assertPassword(opts.auth, req, req.body.password);
      return { member: await service.transferOwnership(member, req.body.userId) };
    },
  );

  r.get(
    "/api/invitations/:id",
    {
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "What an invitation's accept link is for (no sign-in needed: the link is the key)",
        params: invitationParams,
        response: { 200: invitationDetailsSchema },
      },
    },
    async (req) => service.invitationDetails(req.params.id),
  );

  r.post(
    "/api/invitations/:id/accept",
    {
      preHandler,
      config: { rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "Accept an invitation sent to the signed-in user's e-mail, and open its workspace",
        params: invitationParams,
        response: { 200: openedWorkspaceResponseSchema },
      },
    },
    async (req) => {
      const { user, sessionId } = currentUser(req);
      return { workspace: await service.accept(user, sessionId, req.params.id) };
    },
  );

  r.post(
    "/api/presence",
    {
      preHandler,
      schema: {
        tags,
        summary: "The tab was used (active) or has been left idle: the member's presence",
        body: presenceBodySchema,
        response: { 200: done },
      },
    },
    async (req) => {
      await service.activity(memberOf(req), req.body.active);
      return { ok: true as const };
    },
  );
}
