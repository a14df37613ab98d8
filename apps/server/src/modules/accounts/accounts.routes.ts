import {
  ACCOUNT_MESSAGES,
  accountListResponseSchema,
  accountProfileResponseSchema,
  accountResponseSchema,
  facebookPagesResponseSchema,
  linkedinOrganizationsResponseSchema,
  networkListResponseSchema,
  oauthCallbackBodySchema,
  oauthInitiateResponseSchema,
  pinterestBoardsResponseSchema,
  tiktokCreatorResponseSchema,
} from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Auth } from "../auth/auth";
import { currentUser, memberOf, requireUser } from "../auth/session";
import type { AccountsService } from "./accounts.service";

const idParams = z.object({ id: z.string().uuid("Unknown account id") });
const platformParams = z.object({ platform: z.string().min(1).max(32) });

export async function accountsRoutes(app: FastifyInstance, opts: { auth: Auth; service: AccountsService }) {
  const { service } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(opts.auth);
  const tags = ["accounts"];

  r.get(
    "/api/accounts",
    {
      preHandler,
      schema: {
        tags,
        summary: "Active connected accounts, newest first",
        response: { 200: accountListResponseSchema },
      },
    },
    async (req) => ({ accounts: await service.list(memberOf(req)) }),
  );

  r.delete(
    "/api/accounts/:id",
    {
      preHandler,
      schema: { tags, summary: "Disconnect (soft delete)", params: idParams, response: { 200: accountResponseSchema } },
    },
    async (req) => ({ account: await service.disconnect(memberOf(req), req.params.id) }),
  );

  r.post(
    "/api/accounts/:id/refresh",
    {
      preHandler,
      schema: {
        tags,
        summary: "Renew the account's tokens now",
        params: idParams,
        response: { 200: accountResponseSchema },
      },
    },
    async (req) => ({ account: await service.refresh(memberOf(req), req.params.id) }),
  );

  r.get(
    "/api/accounts/:id/facebook-pages",
    {
      preHandler,
      schema: {
        tags,
        summary: "Pages the Facebook account manages",
        params: idParams,
        response: { 200: facebookPagesResponseSchema },
      },
    },
    async (req) => ({
      pages: await service.fromNetwork(
        memberOf(req),
        req.params.id,
        "facebook",
        ACCOUNT_MESSAGES.pagesFailed,
        (a, t) => (a.facebookPages ? a.facebookPages(t) : Promise.resolve([])),
      ),
    }),
  );

  r.get(
    "/api/accounts/:id/pinterest-boards",
    {
      preHandler,
      schema: {
        tags,
        summary: "Boards of the Pinterest account",
        params: idParams,
        response: { 200: pinterestBoardsResponseSchema },
      },
    },
    async (req) => ({
      boards: await service.fromNetwork(
        memberOf(req),
        req.params.id,
        "pinterest",
        ACCOUNT_MESSAGES.boardsFailed,
        (a, t) => (a.pinterestBoards ? a.pinterestBoards(t) : Promise.resolve([])),
      ),
    }),
  );

  r.get(
    "/api/accounts/:id/tiktok-creator",
    {
      preHandler,
      schema: {
        tags,
        summary: "What TikTok lets the creator post now (privacy levels, interactions, longest video)",
        params: idParams,
        response: { 200: tiktokCreatorResponseSchema },
      },
    },
    async (req) => ({
      creator: await service.fromNetwork(
        memberOf(req),
        req.params.id,
        "tiktok",
        ACCOUNT_MESSAGES.tiktokCreatorFailed,
        (a, t) => {
          if (!a.tiktokCreator) throw new Error("TikTok creator info is not available");
          return a.tiktokCreator(t);
        },
      ),
    }),
  );

  r.get(
    "/api/accounts/:id/linkedin-organizations",
    {
      preHandler,
      schema: {
        tags,
        summary: "Company pages the LinkedIn member administers (to post as)",
        params: idParams,
        response: { 200: linkedinOrganizationsResponseSchema },
      },
    },
    async (req) => ({
      organizations: await service.fromNetwork(
        memberOf(req),
        req.params.id,
        "linkedin",
        // The missing permissions are said as they are; anything else with LinkedIn's words.
        (m) => (m === ACCOUNT_MESSAGES.organizationPermissions ? m : ACCOUNT_MESSAGES.organizationsFailed(m)),
        (a, t) => (a.linkedinOrganizations ? a.linkedinOrganizations(t) : Promise.resolve([])),
      ),
    }),
  );

  r.get(
    "/api/accounts/:id/profile",
    {
      preHandler,
      schema: {
        tags,
        summary: "The LinkedIn member's profile",
        params: idParams,
        response: { 200: accountProfileResponseSchema },
      },
    },
    async (req) => {
      const p = await service.fromNetwork(
        memberOf(req),
        req.params.id,
        "linkedin",
        ACCOUNT_MESSAGES.profileFailed,
        (a, t, scopes) => a.profile(t, { accessToken: t, expiresAt: null, scopes }),
      );
      return {
        profile: {
          id: p.id,
          name: p.displayName,
          username: p.username,
          email: p.email ?? null,
          avatarUrl: p.avatarUrl,
          followerCount: p.followerCount,
        },
      };
    },
  );

  r.get(
    "/api/networks",
    {
      preHandler,
      schema: {
        tags,
        summary: "The networks this server can connect, and which of them are sandboxes",
        response: { 200: networkListResponseSchema },
      },
    },
    async () => ({ networks: service.networks() }),
  );

  r.post(
    "/api/oauth/:platform/initiate",
    {
      preHandler,
      schema: {
        tags,
        summary: "Start connecting a network: where to send the browser",
        params: platformParams,
        response: { 200: oauthInitiateResponseSchema },
      },
    },
    async (req) => {
      const { sessionId } = currentUser(req);
      return { authUrl: await service.initiate(memberOf(req), sessionId, req.params.platform) };
    },
  );

  r.post(
    "/api/oauth/:platform/callback",
    {
      preHandler,
      schema: {
        tags,
        summary: "Finish connecting with the network's code and state",
        params: platformParams,
        body: oauthCallbackBodySchema,
        response: { 200: accountResponseSchema },
      },
    },
    async (req) => {
      const { sessionId } = currentUser(req);
      return { account: await service.complete(memberOf(req), sessionId, req.params.platform, req.body) };
    },
  );
}
