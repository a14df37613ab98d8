import { APPROVAL_MESSAGES, type Post } from "@app/shared";
import { useMe } from "@/features/auth/api/get-me";
import type { Permission } from "@/lib/permissions";
import { type ComposerActions, composerActions } from "../utils/composer-actions";

/**
 * The composer's actions for the signed-in member in the open workspace, and whether they may publish now
 * (with the reason when their posts need approval first).
 */
export function useComposerActions(editing?: Pick<Post, "status">): ComposerActions & { publishing: Permission } {
  const workspace = useMe().data?.workspace;
  const actions = composerActions(workspace?.role, workspace?.postsNeedApproval ?? false, editing);
  return {
    ...actions,
    publishing: actions.publishNow
      ? { allowed: true, reason: null }
      : { allowed: false, reason: APPROVAL_MESSAGES.needsApproval },
  };
}
