import type { Post, WorkspaceRole } from "@app/shared";
import { type Permission, permissionOf } from "@/lib/permissions";

/**
 * What the member (`userId`, with `role`) may do to a listed post, as the server decides it (posts.service):
 * Delete needs post.delete, except that a member who writes drafts may delete a draft of their own; Publish
 * now and Retry need post.schedule; Duplicate (into a draft of one's own) needs post.draft.
 */
export function postPermissions(
  member: { role: WorkspaceRole | undefined; userId: string | undefined },
  post: Pick<Post, "status" | "authorId">,
): { remove: Permission; schedule: Permission; duplicate: Permission } {
  const draftWork = permissionOf(member.role, "post", "draft");
  const ownDraft = post.status === "draft" && post.authorId === member.userId;
  return {
    remove: ownDraft && draftWork.allowed ? draftWork : permissionOf(member.role, "post", "delete"),
    schedule: permissionOf(member.role, "post", "schedule"),
    duplicate: draftWork,
  };
}
