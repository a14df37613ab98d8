import {
  type CreateHashtagGroupBody,
  HASHTAG_GROUP_MESSAGES,
  type HashtagGroup,
  MAX_HASHTAG_GROUPS,
  type UpdateHashtagGroupBody,
} from "@app/shared";
import { AppError, notFound } from "../../http/errors";
import { assertCan, type Member } from "../workspaces/member";
import type { GroupRefusal, HashtagGroupRow, HashtagGroupsRepo } from "./hashtag-groups.repo";

export function toApiHashtagGroup(row: HashtagGroupRow): HashtagGroup {
  return {
    id: row.id,
    name: row.name,
    hashtags: row.hashtags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Each hashtag once, case ignored (the first spelling stays), in the order given. */
export function distinctHashtags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  return tags.filter((t) => {
    const key = t.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Saved hashtag groups (issue 23): every member of the workspace reads them; saving, changing and deleting
 * one is draft work (post.draft: everyone who writes posts).
 */
export function createHashtagGroupsService(deps: { repo: HashtagGroupsRepo; now?: () => Date }) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());

  function saved(result: HashtagGroupRow | GroupRefusal, name: string | undefined): HashtagGroup {
    if (result === "missing") throw notFound(HASHTAG_GROUP_MESSAGES.notFound);
    if (result === "taken")
      throw new AppError(409, "HASHTAG_GROUP_NAME_TAKEN", HASHTAG_GROUP_MESSAGES.nameTaken(name ?? ""));
    if (result === "full")
      throw new AppError(409, "HASHTAG_GROUPS_FULL", HASHTAG_GROUP_MESSAGES.tooManyGroups(MAX_HASHTAG_GROUPS));
    return toApiHashtagGroup(result);
  }

  return {
    async list(member: Member): Promise<HashtagGroup[]> {
      return (await repo.list(member.workspaceId)).map(toApiHashtagGroup);
    },

    async create(member: Member, body: CreateHashtagGroupBody): Promise<HashtagGroup> {
      assertCan(member, "post", "draft");
      const result = await repo.create(
        {
          workspaceId: member.workspaceId,
          name: body.name,
          hashtags: distinctHashtags(body.hashtags),
          createdBy: member.userId,
          at: now(),
        },
        MAX_HASHTAG_GROUPS,
      );
      return saved(result, body.name);
    },

    /** Changes the fields sent (a new name, new hashtags, or both). */
    async update(member: Member, id: string, body: UpdateHashtagGroupBody): Promise<HashtagGroup> {
      assertCan(member, "post", "draft");
      if (body.name === undefined && body.hashtags === undefined) {
        const row = await repo.find(member.workspaceId, id);
        if (!row) throw notFound(HASHTAG_GROUP_MESSAGES.notFound);
        return toApiHashtagGroup(row);
      }
      const result = await repo.update(member.workspaceId, id, {
        ...(body.name !== undefined && { name: body.name }),
        ...(body.hashtags !== undefined && { hashtags: distinctHashtags(body.hashtags) }),
        updatedAt: now(),
      });
      return saved(result, body.name);
    },

    async remove(member: Member, id: string): Promise<void> {
      assertCan(member, "post", "draft");
      if (!(await repo.remove(member.workspaceId, id))) throw notFound(HASHTAG_GROUP_MESSAGES.notFound);
    },
  };
}

export type HashtagGroupsService = ReturnType<typeof createHashtagGroupsService>;
