import { API_KEY_MESSAGES, API_KEYS_PER_WORKSPACE, type ApiKey, type CreateApiKeyBody, ERROR_CODES } from "@app/shared";
import { AppError, badRequest, notFound } from "../../http/errors";
import { assertCan, type Member } from "../workspaces/member";
import { generateApiKey } from "./api-key-auth";
import type { ApiKeyRow, ApiKeysRepo } from "./api-keys.repo";

export function toApiKey(row: ApiKeyRow, creatorName: string | null): ApiKey {
  return {
    id: row.id,
    name: row.name,
    start: row.start,
    scopes: row.scopes,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    createdBy: creatorName === null ? null : { id: row.createdBy, name: creatorName },
  };
}

/**
 * API keys (issue 24): the workspace's owner and admins list, create and revoke them (integration.manage). A new
 * key is answered whole once; only its SHA-256 is stored.
 */
export function createApiKeysService(deps: { repo: ApiKeysRepo; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  return {
    async list(member: Member): Promise<ApiKey[]> {
      assertCan(member, "integration", "manage");
      return (await repo.list(member.workspaceId)).map((row) => toApiKey(row, row.creatorName));
    },

    async create(member: Member, creator: { name: string }, body: CreateApiKeyBody) {
      assertCan(member, "integration", "manage");
      const at = now();
      const expiresAt = body.expiresAt === null ? null : new Date(body.expiresAt);
      if (expiresAt && expiresAt.getTime() <= at.getTime()) throw badRequest(API_KEY_MESSAGES.expiryInPast);
      const { secret, hash, start } = generateApiKey();
      const row = await repo.create(
        {
          workspaceId: member.workspaceId,
          createdBy: member.userId,
          name: body.name,
          start,
          keyHash: hash,
          scopes: body.scopes,
          expiresAt,
          at,
        },
        API_KEYS_PER_WORKSPACE,
      );
      if (row === "full") throw new AppError(409, ERROR_CODES.conflict, API_KEY_MESSAGES.tooMany);
      return { key: toApiKey(row, creator.name), secret };
    },

    async revoke(member: Member, id: string): Promise<void> {
      assertCan(member, "integration", "manage");
      if (!(await repo.revoke(member.workspaceId, id, now()))) throw notFound(API_KEY_MESSAGES.notFound);
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
