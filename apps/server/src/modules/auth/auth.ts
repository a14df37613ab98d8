import {
  APP_NAME,
  CREATOR_ROLE,
  INVITATION_EXPIRES_SECONDS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from "@app/shared";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { organization } from "better-auth/plugins/organization";
import { twoFactor } from "better-auth/plugins/two-factor";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config/env";
import type { Db } from "../../db/client";
import {
  authAccounts,
  sessions,
  twoFactors,
  users,
  verifications,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from "../../db/schema";
import type { Mailer } from "../../email/mailer";
import { authLogger } from "../../http/logging";
import { changeEmailLinkEmail, emailChangedNotice, emailTokenClaims } from "../profile/email-change";
import { accessControl, workspaceRoles } from "../workspaces/access-control";
import { createPersonalWorkspace } from "../workspaces/personal-workspace";
import { type CurrentWorkspace, createWorkspacesRepo } from "../workspaces/workspaces.repo";
import { passwordResetEmail } from "./auth.emails";
import { createSessionCache } from "./session-cache";

/** The header our HTTP layer sets from the socket address, so a client cannot pick its own IP. */
export const CLIENT_IP_HEADER = "x-orbitpost-client-ip";

/**
 * `log`: the server's logger, which better-auth's own messages then go through (cleaned); else the console.
 * `now`: the clock of the session cache (session-cache.ts), which comes with it as `sessionCache`.
 */
export function createAuth(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  log?: FastifyBaseLogger;
  now?: () => Date;
}) {
  const { db, config, mailer } = deps;
  const disabled = config.env === "test";
  const auth = betterAuth({
    appName: APP_NAME,
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    secret: config.appSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: users,
        session: sessions,
        account: authAccounts,
        verification: verifications,
        workspace: workspaces,
        workspaceMember: workspaceMembers,
        workspaceInvitation: workspaceInvitations,
        twoFactor: twoFactors,
      },
    }),
    // Every new user starts with a workspace of their own.
    databaseHooks: {
      user: {
        create: { after: async (user) => void (await createPersonalWorkspace(db, user)) },
        // Settings → Profile: once the link sent to the new address is opened, the old address is told.
        update: {
          after: async (user, ctx) => {
            if (ctx?.path !== "/verify-email") return;
            const claims = emailTokenClaims(ctx.query?.token);
            if (claims?.requestType !== "change-email-verification" || !claims.email) return;
            if (user.email !== claims.updateTo) return;
            sessionCache.clear();
            await mailer.send({ to: claims.email, ...emailChangedNotice({ name: user.name, newEmail: user.email }) });
          },
        },
      },
    },
    // Settings → Profile: an address changes once the link better-auth sends to it is opened (POST /api/profile/email).
    user: { changeEmail: { enabled: true } },
    emailVerification: {
      expiresIn: 60 * 60,
      // Only address changes send one (sign-up does not ask for verification): the link goes to the new address.
      sendVerificationEmail: async ({ user, url, token }) => {
        const claims = emailTokenClaims(token);
        if (claims?.requestType !== "change-email-verification" || !claims.updateTo) return;
        await mailer.send({
          to: claims.updateTo,
          link: url,
          ...changeEmailLinkEmail({ name: user.name, newEmail: claims.updateTo, url }),
        });
      },
    },
    plugins: [
      organization({
        ac: accessControl,
        roles: workspaceRoles,
        creatorRole: CREATOR_ROLE,
        invitationExpiresIn: INVITATION_EXPIRES_SECONDS,
        schema: {
          session: { fields: { activeOrganizationId: "activeWorkspaceId" } },
          organization: { modelName: "workspace" },
          member: { modelName: "workspaceMember", fields: { organizationId: "workspaceId" } },
          invitation: { modelName: "workspaceInvitation", fields: { organizationId: "workspaceId" } },
        },
      }),
      // Two-factor sign-in with an authenticator app (TOTP) and backup codes: enabling needs the password and
      // a first code (verify-totp); the plugin's lockout after repeated wrong codes is kept (10 in a row: 15
      // minutes). Devices are not "trusted": every sign-in asks for the second step.
      twoFactor({
        issuer: APP_NAME,
        twoFactorTable: "twoFactor",
        accountLockout: { enabled: true, maxFailedAttempts: 10, durationSeconds: 15 * 60 },
      }),
    ],
    emailAndPassword: {
      enabled: true,
      autoSignIn: false,
      // The same floor as our own check of new passwords (sign-in accepts older, shorter ones: better-auth
      // checks the length of new passwords only).
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        await mailer.send({ to: user.email, link: url, ...(await passwordResetEmail({ name: user.name, url })) });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      // Any request more than a day after the last refresh extends the session and re-sets the cookie.
      updateAge: 60 * 60 * 24,
    },
    // Limits are applied by our HTTP layer (per route and IP), with our error shape.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: "orbitpost",
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    // What better-auth does not expect (a failed statement...) is thrown to auth.routes.ts, which logs its kind
    // only: better-auth would print the error whole, the statement's parameters (users' input) included.
    onAPIError: { throw: true },
    logger: deps.log ? authLogger(deps.log, { disabled }) : { disabled },
  });
  const sessionCache = createSessionCache<
    NonNullable<Awaited<ReturnType<typeof auth.api.getSession>>> & { workspace: CurrentWorkspace }
  >({
    ttlMs: config.sessionCacheSeconds * 1000,
    now: deps.now ?? (() => new Date()),
  });
  const workspacesRepo = createWorkspacesRepo(db);
  return Object.assign(auth, { sessionCache, currentWorkspace: workspacesRepo.current });
}

export type Auth = ReturnType<typeof createAuth>;
