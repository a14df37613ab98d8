import type { Post, WorkspaceRole } from "@app/shared";
import { type Permission, permissionOf } from "@/lib/permissions";

/**
 * What the member may do to a listed post, as the server decides it (posts.service): Delete needs
 * post.delete, except that a member who writes drafts may delete a draft of their own (the post does not say
 * who wrote it, so any draft is offered to them and the server refuses another's with its message); Publish
 * now and Retry need post.schedule.
 */
export function postPermissions(
  role: WorkspaceRole | undefined,
  post: Pick<Post, "status">,
): { remove: Permission; schedule: Permission } {
  const draftWork = permissionOf(role, "post", "draft");
  return {
    remove: post.status === "draft" && draftWork.allowed ? draftWork : permissionOf(role, "post", "delete"),
    schedule: permissionOf(role, "post", "schedule"),
  };
}
