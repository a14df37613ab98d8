import { can, needsApproval, POST_CSV_IMPORT_MODES, type PostCsvImportMode, type WorkspaceRole } from "@app/shared";

/**
 * What the member may import rows as, the most useful first after drafts: a member whose posts need approval
 * submits them (never schedules or queues); the others schedule or queue them. While the role is not known,
 * drafts only.
 */
export function importModes(role: WorkspaceRole | undefined, postsNeedApproval: boolean): PostCsvImportMode[] {
  if (!role) return ["draft"];
  const submits = needsApproval(role, postsNeedApproval);
  return POST_CSV_IMPORT_MODES.filter((mode) => {
    if (mode === "draft") return can(role, "post", "draft");
    if (mode === "pending_approval") return submits && can(role, "post", "submit");
    return !submits && can(role, "post", "schedule");
  });
}
