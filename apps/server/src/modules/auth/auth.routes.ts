import {
  AUTH_MESSAGES,
  ERROR_CODES,
  GENERIC_MESSAGES,
  hasForbiddenCharacters,
  INPUT_MESSAGES,
  meResponseSchema,
  newPasswordProblem,
  RESET_PASSWORD_PATH,
  requestPasswordResetSchema,
  resetPasswordBodySchema,
  SECURITY_MESSAGES,
  signInBodySchema,
  signUpBodySchema,
  updateUserBodySchema,
} from "@app/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Config } from "../../config/env";
import type { Db } from "../../db/client";
import { AppError, badRequest, errorBody, notFound } from "../../http/errors";
import { planOf } from "../billing/plan.repo";
import { type Auth, CLIENT_IP_HEADER } from "./auth";
import { type AuthRepo, createAuthRepo } from "./auth.repo";
import { currentMember, requireUser, toWebHeaders } from "./session";

type Body = Record<string, unknown>;

const hasText = (v: unknown) => typeof v === "string" && v.trim() !== "";

/** The parsed body, or a 400 carrying the schema's first message. */
function parseOr400<T>(schema: z.ZodType<T>, body: Body, fallback: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? fallback);
  return parsed.data;
}

/** What a validator may look up: our repository, and the e-mail of the account a new password is for. */
interface ValidatorContext {
  repo: AuthRepo;
  /** the signed-in user's e-mail, or null without a session */
  sessionEmail(): Promise<string | null>;
  /** the e-mail of the account a password-reset token belongs to, or null for an unknown token */
  resetEmail(token: string): Promise<string | null>;
}

/** A new password's refusal as a 400, the e-mail of its account known. */
function assertNewPassword(password: string, email: string | null) {
  const problem = newPasswordProblem(password, email);
  if (problem) throw badRequest(problem);
}

/** The password a two-factor change is confirmed with. */
function passwordOf(body: Body): string {
  if (!hasText(body.password)) throw badRequest(AUTH_MESSAGES.passwordRequired);
  return String(body.password);
}

/**
 * The e-mail change link returns to one of our own pages: a `callbackURL` that is not a path of this site (another
 * site, or text better-auth cannot read as an address) is a 400, never a redirect elsewhere nor a 500.
 */
function assertSameSiteCallback(query: unknown) {
  const callback = (query as Record<string, unknown> | undefined)?.callbackURL;
  if (callback === undefined) return;
  if (
    typeof callback !== "string" ||
    !callback.startsWith("/") ||
    callback.startsWith("//") ||
    callback.includes("\\")
  ) {
    throw badRequest(AUTH_MESSAGES.invalidLink);
  }
}

/** Our checks before better-auth sees a request: spec messages, and nothing malformed reaches it. */
const validators: Record<string, (body: Body, ctx: ValidatorContext) => Body | Promise<Body>> = {
  "/sign-up/email": async (body, { repo }) => {
    if (!hasText(body.email) || !hasText(body.password)) throw badRequest(AUTH_MESSAGES.missingCredentials);
    const data = parseOr400(signUpBodySchema, body, AUTH_MESSAGES.signUpFailed);
    // better-auth would answer a generic success here; people signing up need to know.
    if (await repo.emailExists(data.email)) {
      throw new AppError(422, "USER_ALREADY_EXISTS", AUTH_MESSAGES.emailTaken);
    }
    return data;
  },
  "/sign-in/email": (body) => {
    if (!hasText(body.email) || !hasText(body.password)) throw badRequest(AUTH_MESSAGES.missingCredentials);
    const data = parseOr400(signInBodySchema, body, AUTH_MESSAGES.signInFailed);
    return { ...data, rememberMe: body.rememberMe !== false };
  },
  "/request-password-reset": (body) => {
    const { email } = parseOr400(requestPasswordResetSchema, body, AUTH_MESSAGES.resetFailed);
    // The link always returns to our own reset view: no caller-chosen redirect.
    return { email, redirectTo: RESET_PASSWORD_PATH };
  },
  "/reset-password": async (body, ctx) => {
    const data = parseOr400(resetPasswordBodySchema, body, AUTH_MESSAGES.resetFailed);
    assertNewPassword(data.newPassword, await ctx.resetEmail(data.token));
    return data;
  },
  "/change-password": async (body, ctx) => {
    if (!hasText(body.currentPassword) || !hasText(body.newPassword)) throw badRequest(AUTH_MESSAGES.missingFields);
    const newPassword = String(body.newPassword);
    assertNewPassword(newPassword, await ctx.sessionEmail());
    return { currentPassword: String(body.currentPassword), newPassword, revokeOtherSessions: true };
  },
  // Two-factor (better-auth's plugin): the password where it asks for one, the code at sign-in; nothing else
  // (no custom issuer, no e-mailed codes, no "trusted device" that would skip the second step).
  "/two-factor/enable": (body) => ({ password: passwordOf(body) }),
  "/two-factor/disable": (body) => ({ password: passwordOf(body) }),
  "/two-factor/generate-backup-codes": (body) => ({ password: passwordOf(body) }),
  "/two-factor/verify-totp": (body) => {
    if (!hasText(body.code)) throw badRequest(SECURITY_MESSAGES.codeRequired);
    const code = String(body.code).replace(/\s+/g, "");
    if (!/^\d{6}$/.test(code)) throw badRequest(SECURITY_MESSAGES.codeFormat);
    return { code };
  },
  "/two-factor/verify-backup-code": (body) => {
    if (!hasText(body.code)) throw badRequest(SECURITY_MESSAGES.backupCodeRequired);
    const code = String(body.code).trim();
    if (code.length > 64) throw badRequest(SECURITY_MESSAGES.invalidBackupCode);
    return { code };
  },
  "/update-user": (body) => {
    const data = parseOr400(updateUserBodySchema, body, AUTH_MESSAGES.updateFailed);
    // Only what the app lets people change; better-auth refuses an e-mail here with its own message.
    return { ...data, ...(body.email === undefined ? {} : { email: body.email }) };
  },
};

/** The names people know the auth routes' fields by, in refusals. */
const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  email: "E-mail",
  password: "Password",
  newPassword: "New password",
  currentPassword: "Current password",
  token: "Token",
  image: "Image",
  code: "Code",
};

/**
 * Refuses, with a 400, any text of a body or query (keys included) holding a control character or a lone
 * UTF-16 half, which the database cannot store. The body is the one the app's JSON parser gave every route,
 * so its nesting is already bounded (http/json-body.ts): this walk, and the JSON.stringify that hands it to
 * better-auth, cannot overflow the stack.
 */
function assertPlainInput(value: unknown, field = "", depth = 0): void {
  if (typeof value === "string") {
    if (hasForbiddenCharacters(value)) throw badRequest(INPUT_MESSAGES.cannotStore(FIELD_LABELS[field] ?? field));
    return;
  }
  if (typeof value !== "object" || value === null) return;
  for (const [key, item] of Object.entries(value)) {
    const name = depth === 0 ? key : field;
    if (hasForbiddenCharacters(key)) throw badRequest(INPUT_MESSAGES.cannotStore("A field name"));
    assertPlainInput(item, name, depth + 1);
  }
}

/** better-auth codes whose message the spec words its own way. */
const TWO_FACTOR_PASSWORD_MESSAGES = {
  INVALID_PASSWORD: SECURITY_MESSAGES.passwordIncorrect,
  TOTP_ALREADY_ENABLED: SECURITY_MESSAGES.alreadyEnabled,
  TWO_FACTOR_NOT_ENABLED: SECURITY_MESSAGES.notEnabled,
};
const TWO_FACTOR_CODE_MESSAGES = {
  INVALID_TWO_FACTOR_COOKIE: SECURITY_MESSAGES.challengeExpired,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: SECURITY_MESSAGES.tooManyCodeAttempts,
  ACCOUNT_TEMPORARILY_LOCKED: SECURITY_MESSAGES.locked,
  TOTP_NOT_ENABLED: SECURITY_MESSAGES.notEnabled,
  BACKUP_CODES_NOT_ENABLED: SECURITY_MESSAGES.notEnabled,
};
const SPEC_MESSAGES: Record<string, Record<string, string>> = {
  "/change-password": { INVALID_PASSWORD: AUTH_MESSAGES.currentPasswordIncorrect },
  "/two-factor/enable": TWO_FACTOR_PASSWORD_MESSAGES,
  "/two-factor/disable": TWO_FACTOR_PASSWORD_MESSAGES,
  "/two-factor/generate-backup-codes": TWO_FACTOR_PASSWORD_MESSAGES,
  "/two-factor/verify-totp": { ...TWO_FACTOR_CODE_MESSAGES, INVALID_CODE: SECURITY_MESSAGES.invalidCode },
  "/two-factor/verify-backup-code": {
    ...TWO_FACTOR_CODE_MESSAGES,
    INVALID_BACKUP_CODE: SECURITY_MESSAGES.invalidBackupCode,
  },
};

/** Routes an attacker would hammer: limited per IP to config.authRateLimit a minute. */
const SENSITIVE = new Set([
  "/sign-up/email",
  "/sign-in/email",
  "/request-password-reset",
  "/reset-password",
  "/change-password",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/generate-backup-codes",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
]);

/**
 * The part of better-auth this app offers; its other endpoints (e-mail verification, account deletion,
 * and whatever a later version adds) are not reachable until the app means to offer them.
 */
const OFFERED: Record<string, readonly ("GET" | "POST")[]> = {
  "/sign-up/email": ["POST"],
  "/sign-in/email": ["POST"],
  "/sign-out": ["POST"],
  "/request-password-reset": ["POST"],
  "/reset-password": ["POST"],
  "/change-password": ["POST"],
  "/update-user": ["POST"],
  "/get-session": ["GET"],
  // the link of an e-mail change (Settings → Profile), sent to the new address
  "/verify-email": ["GET"],
  "/list-sessions": ["GET"],
  "/revoke-session": ["POST"],
  "/revoke-sessions": ["POST"],
  "/revoke-other-sessions": ["POST"],
  "/two-factor/enable": ["POST"],
  "/two-factor/disable": ["POST"],
  "/two-factor/generate-backup-codes": ["POST"],
  "/two-factor/verify-totp": ["POST"],
  "/two-factor/verify-backup-code": ["POST"],
};
/** Calls that end or change sessions or their user: the session cache is emptied once they are through. */
const ENDS_SESSIONS = new Set([
  "/sign-out",
  "/reset-password",
  "/change-password",
  "/update-user",
  "/revoke-session",
  "/revoke-sessions",
  "/revoke-other-sessions",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
]);
/** The e-mailed reset link: it checks the token and sends the browser on to the reset form. */
const RESET_LINK = /^\/reset-password\/[^/]+$/;

function offered(method: string, subPath: string): boolean {
  if (RESET_LINK.test(subPath)) return method === "GET";
  return Object.hasOwn(OFFERED, subPath) && (OFFERED[subPath] as readonly string[]).includes(method);
}

/**
 * A session's token is its cookie's value: the cookie is httpOnly so that no script can read it, and
 * better-auth's session answers would hand it to any script all the same. They go out without it.
 */
const ANSWERS_WITH_TOKENS = new Set([
  "/get-session",
  "/list-sessions",
  "/two-factor/verify-totp",
  "/two-factor/verify-backup-code",
]);
function withoutTokens(subPath: string, text: string): string {
  if (!ANSWERS_WITH_TOKENS.has(subPath)) return text;
  const strip = (session: unknown) => {
    if (session && typeof session === "object") delete (session as { token?: unknown }).token;
  };
  const data = JSON.parse(text) as unknown;
  if (Array.isArray(data)) data.forEach(strip);
  else if (data && typeof data === "object") {
    strip((data as { session?: unknown }).session);
    // the two-factor step's answer carries the new session's token at the top
    if (subPath.startsWith("/two-factor/")) strip(data);
  }
  return JSON.stringify(data);
}

const authPath = (url: string) => url.split("?")[0]?.replace(/^\/api\/auth/, "") ?? "";

export async function authRoutes(app: FastifyInstance, opts: { auth: Auth; config: Config; db: Db; now?: () => Date }) {
  const { auth, config } = opts;
  const repo = createAuthRepo(opts.db);

  function validatorContext(request: FastifyRequest): ValidatorContext {
    return {
      repo,
      async sessionEmail() {
        const session = await auth.api.getSession({ headers: toWebHeaders(request.headers) });
        return session?.user.email ?? null;
      },
      async resetEmail(token) {
        const ctx = await auth.$context;
        const verification = await ctx.internalAdapter.findVerificationValue(`reset-password:${token}`);
        if (!verification) return null;
        const user = await ctx.internalAdapter.findUserById(verification.value);
        return user?.email ?? null;
      },
    };
  }

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const subPath = authPath(request.url);
    if (!offered(request.method, subPath)) throw notFound(GENERIC_MESSAGES.notFound);
    let body = request.body as Body | undefined;
    const validate = validators[subPath];
    assertPlainInput(request.query);
    if (subPath === "/verify-email") assertSameSiteCallback(request.query);
    if (request.method === "POST") {
      if (body !== undefined && (typeof body !== "object" || body === null || Array.isArray(body))) {
        throw badRequest("The request body must be a JSON object.");
      }
      assertPlainInput(body);
      if (validate) body = await validate(body ?? {}, validatorContext(request));
    }
    const headers = toWebHeaders(request.headers);
    headers.delete("content-length");
    headers.set(CLIENT_IP_HEADER, request.ip);
    if (body !== undefined) headers.set("content-type", "application/json");
    let response: Response;
    try {
      response = await auth.handler(
        new Request(new URL(request.url, config.publicUrl), {
          method: request.method,
          headers,
          body: body === undefined ? undefined : JSON.stringify(body),
        }),
      );
    } catch (err) {
      // better-auth throws what it did not expect (auth.ts: onAPIError.throw). The error's message may hold a
      // failed statement's parameters (a user's input, ids): log its kind only.
      request.log.error({ error: describeFailure(err), path: subPath }, "auth request failed");
      throw new AppError(500, ERROR_CODES.internal, GENERIC_MESSAGES.unexpected);
    } finally {
      // Whatever came of it (a failure may come after a change): no session is trusted on old knowledge.
      if (request.method === "POST" && ENDS_SESSIONS.has(subPath)) auth.sessionCache.clear();
    }
    reply.status(response.status);
    for (const [key, value] of response.headers) {
      if (key === "set-cookie" || key === "content-length") continue;
      reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header("set-cookie", cookies);
    const text = await response.text();
    if (response.status >= 500) {
      // Its own words for a failure of its own are not for the user (and its code would not be ours).
      request.log.error({ status: response.status, path: subPath }, "auth request failed");
      return reply.send(errorBody(ERROR_CODES.internal, GENERIC_MESSAGES.unexpected));
    }
    if (response.status >= 400) {
      return reply.send(toErrorBody(response.status, text, SPEC_MESSAGES[subPath]));
    }
    return reply.send(text === "" ? undefined : withoutTokens(subPath, text));
  }

  app.route({
    method: ["GET", "POST"],
    url: "/api/auth/*",
    schema: { hide: true },
    config: {
      rateLimit: {
        max: (request: FastifyRequest) => (SENSITIVE.has(authPath(request.url)) ? config.authRateLimit : 300),
        timeWindow: 60_000,
        keyGenerator: (request: FastifyRequest) => `${request.ip}:${authPath(request.url)}`,
      },
    },
    handler: forward,
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/me",
    {
      schema: {
        tags: ["auth"],
        summary: "The signed-in user, the workspace they work in and its plan",
        response: { 200: meResponseSchema },
      },
      preHandler: requireUser(auth),
    },
    async (request) => {
      const user = request.user;
      if (!user) throw badRequest(AUTH_MESSAGES.notAuthenticated);
      const { workspace } = currentMember(request);
      return {
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          image: user.image ?? null,
          createdAt: new Date(user.createdAt).toISOString(),
        },
        plan: await planOf(opts.db, workspace.id, opts.now?.()),
        workspace,
      };
    },
  );
}

/**
 * The kind of an unexpected failure, without its message, which may quote a failed statement's values: its
 * name, the statement with its placeholders, the database's error code.
 */
function describeFailure(err: unknown) {
  if (!(err instanceof Error)) return { type: typeof err };
  const { query, cause } = err as { query?: unknown; cause?: { code?: unknown } };
  return {
    name: err.name,
    ...(typeof query === "string" ? { query } : {}),
    ...(typeof cause?.code === "string" ? { code: cause.code } : {}),
  };
}

/** better-auth's answer when its body has no code or message of its own, by status. */
function defaultError(status: number): { code: string; message: string } {
  if (status === 401) return { code: ERROR_CODES.unauthorized, message: AUTH_MESSAGES.notAuthenticated };
  if (status === 403) return { code: ERROR_CODES.forbidden, message: "Forbidden" };
  if (status === 404) return { code: ERROR_CODES.notFound, message: GENERIC_MESSAGES.notFound };
  if (status === 429) return { code: ERROR_CODES.rateLimited, message: AUTH_MESSAGES.tooManyRequests };
  if (status >= 500) return { code: ERROR_CODES.internal, message: GENERIC_MESSAGES.unexpected };
  return { code: ERROR_CODES.badRequest, message: AUTH_MESSAGES.signInFailed };
}

function toErrorBody(status: number, text: string, overrides: Record<string, string> = {}) {
  let { code, message } = defaultError(status);
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === "string") code = parsed.code;
    if (typeof parsed.message === "string" && parsed.message) message = parsed.message;
  } catch {
    // better-auth answered without a JSON body; keep the defaults
  }
  return errorBody(code, overrides[code] ?? message);
}
