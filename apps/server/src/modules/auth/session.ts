import { AUTH_MESSAGES, USER_ACCOUNT_MESSAGES } from "@app/shared";
import type { FastifyReply, FastifyRequest } from "fastify";
import { badRequest, unauthorized } from "../../http/errors";
import type { Member } from "../workspaces/member";
import type { CurrentWorkspace } from "../workspaces/workspaces.repo";
import type { Auth } from "./auth";
import { sessionCookie } from "./session-cache";

type SessionData = NonNullable<Awaited<ReturnType<Auth["api"]["getSession"]>>>;
export type SessionUser = SessionData["user"];

declare module "fastify" {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
    /** the workspace the request works in, with the member's role there */
    workspace: CurrentWorkspace | null;
  }
}

/** The signed-in member of a route behind requireUser: who, in which workspace, with which role. */
export function currentMember(request: FastifyRequest): { userId: string; workspace: CurrentWorkspace } {
  if (!request.user || !request.workspace) throw unauthorized(AUTH_MESSAGES.notAuthenticated);
  return { userId: request.user.id, workspace: request.workspace };
}

/** The signed-in member as services take it (modules/workspaces/member.ts). */
export function memberOf(request: FastifyRequest): Member {
  const { userId, workspace } = currentMember(request);
  return { userId, workspaceId: workspace.id, role: workspace.role };
}

/** The signed-in user of a route behind requireUser. */
export function currentUser(request: FastifyRequest): { user: SessionUser; sessionId: string } {
  if (!request.user || !request.sessionId) throw unauthorized(AUTH_MESSAGES.notAuthenticated);
  return { user: request.user, sessionId: request.sessionId };
}

export function toWebHeaders(raw: FastifyRequest["headers"]): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    headers.set(key, Array.isArray(value) ? value.join(", ") : String(value));
  }
  return headers;
}

/**
 * The signed-in user's password, asked again before an action they cannot undo: a 400 with "Your password is
 * incorrect." when it is not theirs. Routes that call it are rate-limited as sign-in is.
 */
export async function assertPassword(auth: Auth, request: FastifyRequest, password: string) {
  const verified = await auth.api.verifyPassword({ body: { password }, headers: toWebHeaders(request.headers) }).then(
    () => true,
    (err: { statusCode?: number; status?: string }) => {
      // better-auth says a wrong (or over-long) password with a 400; anything else is unexpected.
      if (err?.statusCode === 400 || err?.status === "BAD_REQUEST") return false;
      throw err;
    },
  );
  if (!verified) throw badRequest(USER_ACCOUNT_MESSAGES.passwordIncorrect);
}

/**
 * preHandler for routes that need a signed-in user (a no-op for a request signed in with an API key, under
 * /api/v1): loads the session from the cookie and the workspace it
 * works in (both from the session cache when this process saw them lately), forwards the refreshed cookie when better-auth extends the session, and
 * answers 401 otherwise.
 */
export function requireUser(auth: Auth, message: string = AUTH_MESSAGES.notAuthenticated) {
  const signIn = (request: FastifyRequest, data: SessionData & { workspace: CurrentWorkspace }) => {
    request.user = data.user;
    request.sessionId = data.session.id;
    request.workspace = data.workspace;
  };
  return async (request: FastifyRequest, reply: FastifyReply) => {
    // Under /api/v1 the API key signed the request in already (public-api/mirror.ts): no cookie is read there.
    if (request.apiKey) return;
    const cookie = sessionCookie(request.headers.cookie);
    const cached = cookie ? auth.sessionCache.get(cookie) : undefined;
    if (cached) return signIn(request, cached);
    const readAt = auth.sessionCache.generation;
    const { headers, response } = await auth.api.getSession({
      headers: toWebHeaders(request.headers),
      returnHeaders: true,
    });
    const setCookie = headers.getSetCookie();
    if (setCookie.length) reply.header("set-cookie", setCookie);
    if (!response) throw unauthorized(message);
    const active = (response.session as { activeOrganizationId?: string | null }).activeOrganizationId;
    const signedIn = { ...response, workspace: await auth.currentWorkspace(response.user, active) };
    // A session being refreshed is read again next time, with its new cookie.
    if (cookie && !setCookie.length) auth.sessionCache.set(cookie, signedIn, readAt);
    signIn(request, signedIn);
  };
}
