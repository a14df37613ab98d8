import { deleteAccountBodySchema } from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { UserRoutesDeps } from "../../http/user-routes-deps";
import { assertPassword, currentUser, memberOf, requireUser, toWebHeaders } from "../auth/session";
import { createMediaStorage } from "../media/media.storage";
import { exportFileName, exportZip } from "./user-account.export";
import { createUserAccountService } from "./user-account.service";

/**
 * Settings → Account: GET /api/account/export, the member's data of the current workspace and their profile as a
 * zip; POST /api/account/delete, the account deleted (password and the word DELETE), then signed out.
 */
export async function userAccountRoutes(app: FastifyInstance, deps: UserRoutesDeps) {
  const { auth, db } = deps;
  const now = deps.now ?? (() => new Date());
  const service = createUserAccountService({
    db,
    hub: deps.hub,
    sessionsChanged: () => auth.sessionCache.clear(),
    storage: createMediaStorage(deps.config.media),
    onStorageError: (err) => app.log.warn({ err }, "a deleted account's file was not removed"),
    now,
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireUser(auth);
  const tags = ["account"];

  r.get(
    "/api/account/export",
    {
      preHandler,
      // Each export reads the whole workspace: a few a minute are plenty.
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          "A zip of your profile and the current workspace's posts (with each network's status and link), media list, connected accounts (without tokens) and metrics, each as JSON and CSV",
      },
    },
    async (req, reply) => {
      const member = memberOf(req);
      const at = now();
      const zip = await exportZip(db, member, at, (err) => req.log.error({ err }, "account export stopped"));
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", `attachment; filename="${exportFileName(at)}"`)
        .header("cache-control", "private, no-store")
        .send(zip);
    },
  );

  r.post(
    "/api/account/delete",
    {
      preHandler,
      // A password is tried here: limited as sign-in is.
      config: { rateLimit: { max: deps.config.authRateLimit, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          "Delete your account (your password and the word DELETE): your personal workspace and any other you are alone in go with their data; in shared workspaces what you made stays. Refused while you are the only owner of a workspace with other members, or a workspace of yours has a subscription that renews",
        body: deleteAccountBodySchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (req, reply) => {
      const { user } = currentUser(req);
      await assertPassword(auth, req, req.body.password);
      const headers = toWebHeaders(req.headers);
      await service.deleteAccount(user.id);
      // The session is gone with the user: this browser's cookie is cleared too.
      try {
        const signedOut = await auth.api.signOut({ headers, returnHeaders: true });
        const setCookie = signedOut.headers.getSetCookie();
        if (setCookie.length) reply.header("set-cookie", setCookie);
      } catch (err) {
        req.log.warn({ err }, "sign-out after account deletion failed");
      }
      return { ok: true as const };
    },
  );
}
