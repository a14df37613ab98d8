import { createHash, randomBytes } from "node:crypto";
import {
  API_KEY_LAST_USED_PRECISION_MS,
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  type ApiKeyScope,
  isWorkspaceRole,
} from "@app/shared";
import { and, eq, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiKeys, users, workspaceMembers, workspaces } from "../../db/schema";
import { forbidden, unauthorized } from "../../http/errors";
import type { Member } from "../workspaces/member";
import type { CurrentWorkspace } from "../workspaces/workspaces.repo";

/**
 * Who a request with an API key acts as: the key's creator, in the key's workspace, with their role there now
 * (a demotion narrows the key at once), within the key's scopes.
 */
export interface ApiKeyPrincipal {
  keyId: string;
  scopes: readonly ApiKeyScope[];
  user: { id: string; name: string; email: string };
  workspace: CurrentWorkspace;
  member: Member;
}

/** A new key: `opk_` and 256 random bits (base64url), what is stored of it, and what lists show. */
export function generateApiKey(): { secret: string; hash: string; start: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { secret, hash: hashApiKey(secret), start: secret.slice(0, API_KEY_SHOWN_LENGTH) };
}

export const hashApiKey = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex");

/** The key in `Authorization: Bearer <key>`, or null when the header is missing or of another kind. */
export function bearerKey(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer[ \t]+(\S+)[ \t]*$/i);
  return match?.[1] ?? null;
}

/**
 * The principal of `Authorization: Bearer <key>`: a 401 (the one error shape) when the header is missing, or the
 * key is unknown, revoked, expired, or its creator is no longer a member. Its last-used time is written at most
 * once a minute, never in the way of the request's answer.
 */
export async function authenticateApiKey(
  db: Db,
  authorization: string | string[] | undefined,
  now: Date,
): Promise<ApiKeyPrincipal> {
  const secret = bearerKey(authorization);
  if (!secret) throw unauthorized(API_KEY_MESSAGES.missing);
  if (!secret.startsWith(API_KEY_PREFIX) || secret.length > 200) throw unauthorized(API_KEY_MESSAGES.invalid);
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      scopes: apiKeys.scopes,
      lastUsedAt: apiKeys.lastUsedAt,
      userId: users.id,
      userName: users.name,
      email: users.email,
      workspaceId: workspaces.id,
      workspaceName: workspaces.name,
      postsNeedApproval: workspaces.postsNeedApproval,
      role: workspaceMembers.role,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .innerJoin(workspaces, eq(workspaces.id, apiKeys.workspaceId))
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, apiKeys.workspaceId), eq(workspaceMembers.userId, apiKeys.createdBy)),
    )
    .where(
      and(
        eq(apiKeys.keyHash, hashApiKey(secret)),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), sql`${apiKeys.expiresAt} > ${now}`),
      ),
    )
    .limit(1);
  if (!row || !isWorkspaceRole(row.role)) throw unauthorized(API_KEY_MESSAGES.invalid);
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= API_KEY_LAST_USED_PRECISION_MS) {
    const stale = new Date(now.getTime() - API_KEY_LAST_USED_PRECISION_MS);
    await db
      .update(apiKeys)
      .set({ lastUsedAt: now })
      .where(and(eq(apiKeys.id, row.keyId), or(isNull(apiKeys.lastUsedAt), lte(apiKeys.lastUsedAt, stale))));
  }
  const workspace: CurrentWorkspace = {
    id: row.workspaceId,
    name: row.workspaceName,
    role: row.role,
    postsNeedApproval: row.postsNeedApproval,
  };
  return {
    keyId: row.keyId,
    scopes: row.scopes,
    user: { id: row.userId, name: row.userName, email: row.email },
    workspace,
    member: { userId: row.userId, workspaceId: row.workspaceId, role: row.role },
  };
}

/** A 403 naming the scope, unless the key holds it. */
export function assertScope(principal: Pick<ApiKeyPrincipal, "scopes">, scope: ApiKeyScope) {
  if (!principal.scopes.includes(scope)) throw forbidden(API_KEY_MESSAGES.scopeMissing(scope));
}
