import {
  AUTH_MESSAGES,
  ERROR_CODES,
  meResponseSchema,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_PASSWORD_PATH,
  requestPasswordResetSchema,
  signInBodySchema,
  signUpBodySchema,
} from "@app/shared";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../config/env";
import type { Db } from "../../db/client";
import { AppError, badRequest, errorBody } from "../../http/errors";
import { planOf } from "../billing/plan.repo";
import { type Auth, CLIENT_IP_HEADER } from "./auth";
import { type AuthRepo, createAuthRepo } from "./auth.repo";
import { requireUser, toWebHeaders } from "./session";

type Body = Record<string, unknown>;

const hasText = (v: unknown) => typeof v === "string" && v.trim() !== "";

/** The parsed body, or a 400 carrying the schema's first message. */
function parseOr400<T>(schema: z.ZodType<T>, body: Body, fallback: string): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? fallback);
  return parsed.data;
}

/** Our checks before better-auth sees a request: spec messages, and nothing malformed reaches it. */
const validators: Record<string, (body: Body, repo: AuthRepo) => Body | Promise<Body>> = {
  "/sign-up/email": async (body, repo) => {
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
  "/reset-password": (body) =>
    parseOr400(
      z.object({
        newPassword: z
          .string({ error: AUTH_MESSAGES.passwordTooShort })
          .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
          .max(PASSWORD_MAX_LENGTH),
        token: z.string({ error: AUTH_MESSAGES.resetTokenMissing }).min(1, AUTH_MESSAGES.resetTokenMissing),
      }),
      body,
      AUTH_MESSAGES.resetFailed,
    ),
  "/change-password": (body) => {
    if (!hasText(body.currentPassword) || !hasText(body.newPassword)) throw badRequest(AUTH_MESSAGES.missingFields);
    const newPassword = String(body.newPassword);
    if (newPassword.length < PASSWORD_MIN_LENGTH) throw badRequest(AUTH_MESSAGES.passwordTooShort);
    if (newPassword.length > PASSWORD_MAX_LENGTH)
      throw badRequest(`Password must be at most ${PASSWORD_MAX_LENGTH} characters.`);
    return { currentPassword: String(body.currentPassword), newPassword, revokeOtherSessions: true };
  },
};

/** better-auth codes whose message the spec words its own way. */
const SPEC_MESSAGES: Record<string, Record<string, string>> = {
  "/change-password": { INVALID_PASSWORD: AUTH_MESSAGES.currentPasswordIncorrect },
};

/** Routes an attacker would hammer: limited per IP to config.authRateLimit a minute. */
const SENSITIVE = new Set([
  "/sign-up/email",
  "/sign-in/email",
  "/request-password-reset",
  "/reset-password",
  "/change-password",
]);

const authPath = (url: string) => url.split("?")[0]?.replace(/^\/api\/auth/, "") ?? "";

export async function authRoutes(app: FastifyInstance, opts: { auth: Auth; config: Config; db: Db; now?: () => Date }) {
  const { auth, config } = opts;
  const repo = createAuthRepo(opts.db);

  async function forward(request: FastifyRequest, reply: FastifyReply) {
    const subPath = authPath(request.url);
    let body = request.body as Body | undefined;
    const validate = validators[subPath];
    if (request.method === "POST") {
      if (body !== undefined && (typeof body !== "object" || body === null || Array.isArray(body))) {
        throw badRequest("The request body must be a JSON object.");
      }
      if (validate) body = await validate(body ?? {}, repo);
    }
    const headers = toWebHeaders(request.headers);
    headers.delete("content-length");
    headers.set(CLIENT_IP_HEADER, request.ip);
    if (body !== undefined) headers.set("content-type", "application/json");
    const response = await auth.handler(
      new Request(new URL(request.url, config.publicUrl), {
        method: request.method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    );
    reply.status(response.status);
    for (const [key, value] of response.headers) {
      if (key === "set-cookie" || key === "content-length") continue;
      reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length) reply.header("set-cookie", cookies);
    const text = await response.text();
    if (response.status >= 400) {
      return reply.send(toErrorBody(response.status, text, SPEC_MESSAGES[subPath]));
    }
    return reply.send(text === "" ? undefined : text);
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
        summary: "The signed-in user and their plan",
        response: { 200: meResponseSchema },
      },
      preHandler: requireUser(auth),
    },
    async (request) => {
      const user = request.user;
      if (!user) throw badRequest(AUTH_MESSAGES.notAuthenticated);
      return {
        user: {
          id: user.id,
          name: user.name,
          email: user.email,
          image: user.image ?? null,
          createdAt: new Date(user.createdAt).toISOString(),
        },
        plan: await planOf(opts.db, user.id, opts.now?.()),
      };
    },
  );
}

function toErrorBody(status: number, text: string, overrides: Record<string, string> = {}) {
  let code: string = status === 401 ? ERROR_CODES.unauthorized : ERROR_CODES.badRequest;
  let message = status === 403 ? "Forbidden" : AUTH_MESSAGES.signInFailed;
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
    if (typeof parsed.code === "string") code = parsed.code;
    if (typeof parsed.message === "string" && parsed.message) message = parsed.message;
  } catch {
    // better-auth answered without a JSON body; keep the defaults
  }
  return errorBody(code, overrides[code] ?? message);
}
