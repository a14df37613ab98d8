import { needsApproval, type Post, RESENDABLE_STATUSES, type WorkspaceRole } from "@app/shared";

/** What the composer's main button does: schedule the post, or send it to an approver. */
export type PrimaryAction = "schedule" | "submit" | "resubmit";

export interface ComposerActions {
  primary: PrimaryAction;
  /** Publish Now is offered only to members whose posts go out without approval */
  publishNow: boolean;
}

export const PRIMARY_LABELS: Record<PrimaryAction, string> = {
  schedule: "Schedule Post",
  submit: "Submit for approval",
  resubmit: "Resubmit for approval",
};

/**
 * The composer's actions for the member (Save Draft is always there). A member whose posts need approval
 * (needsApproval: a Contributor, or an Editor where the workspace asks) submits instead of scheduling and
 * cannot publish now; editing a post that was already approved (scheduled, or one that went out with
 * failures) sends it back, hence "Resubmit". While the role is not known, the composer offers what the
 * server checks anyway: scheduling.
 */
export function composerActions(
  role: WorkspaceRole | undefined,
  postsNeedApproval: boolean,
  editing?: Pick<Post, "status">,
): ComposerActions {
  if (!role || !needsApproval(role, postsNeedApproval)) return { primary: "schedule", publishNow: true };
  const approvedBefore =
    editing !== undefined && (editing.status === "scheduled" || RESENDABLE_STATUSES.includes(editing.status));
  return { primary: approvedBefore ? "resubmit" : "submit", publishNow: false };
}
