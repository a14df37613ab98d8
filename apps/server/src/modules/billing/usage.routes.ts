import { isTimeZone, PLANS, usageResponseSchema } from "@app/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client";
import type { AccountsRepo } from "../accounts/accounts.repo";
import type { Auth } from "../auth/auth";
import { memberOf, requireUser } from "../auth/session";
import type { PostsService } from "../posts/posts.service";
import { planOf } from "./plan.repo";

const usageQuery = z.object({
  /** the user's IANA zone: the month of "posts this month" is theirs */
  timezone: z.string().refine(isTimeZone, "Unknown time zone.").default("UTC"),
});

export async function usageRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; accounts: AccountsRepo; posts: PostsService; now?: () => Date },
) {
  const now = opts.now ?? (() => new Date());
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/usage",
    {
      preHandler: requireUser(opts.auth),
      schema: {
        tags: ["billing"],
        summary: "What the workspace's plan allows and what the workspace used this month",
        querystring: usageQuery,
        response: { 200: usageResponseSchema },
      },
    },
    async (req) => {
      const { workspaceId } = memberOf(req);
      const plan = PLANS[await planOf(opts.db, workspaceId, now())];
      return {
        socialAccountsCount: await opts.accounts.countActive(workspaceId),
        postsThisMonth: await opts.posts.postsThisMonth(workspaceId, req.query.timezone),
        limits: plan.limits,
      };
    },
  );
}
