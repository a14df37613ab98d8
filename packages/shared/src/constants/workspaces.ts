/**
 * Workspaces and the roles of their members: the one table of who may do what. The server gives it to
 * better-auth's organization plugin (which checks its own member and invitation calls against it) and checks
 * every other call against it; the web app reads it to hide or disable what a member's role does not allow;
 * the role matrix test walks it. Every member may read everything in their workspace.
 */
export const WORKSPACE_ROLES = ["owner", "admin", "editor", "contributor"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** An invitation's accept link works for 7 days. */
export const INVITATION_EXPIRES_SECONDS = 7 * 24 * 60 * 60;

/** The role a workspace's creator holds (each new user's personal workspace included). */
export const CREATOR_ROLE: WorkspaceRole = "owner";

/**
 * What can be done, by resource. `organization`, `member` and `invitation` are better-auth's own names (its
 * plugin checks them); the rest are ours.
 */
export const WORKSPACE_STATEMENTS = {
  /** update: rename, settings (posts need approval); delete: the workspace itself; transfer: make another member its owner */
  organization: ["update", "delete", "transfer"],
  /** create: add; update: another role; delete: remove */
  member: ["create", "update", "delete"],
  invitation: ["create", "cancel"],
  /** the plan: upgrade, manage, cancel */
  billing: ["manage"],
  /** connect, reconnect, refresh, disconnect social accounts */
  account: ["manage"],
  /** draft: write and edit drafts; submit: for approval; schedule: schedule, publish now, retry; approve: approve or reject; delete: any post */
  post: ["draft", "submit", "schedule", "approve", "delete"],
  /** upload: add to the library; delete: remove from it */
  media: ["upload", "delete"],
  /** create: a task; manage: edit, reassign and delete anyone's */
  task: ["create", "manage"],
  /**
   * The inbox: reply to comments on the network (in the workspace's name); moderate: like, hide or delete them.
   * Reading, assigning, marking done and notes are for every member.
   */
  inbox: ["reply", "moderate"],
  /** create, edit and delete campaigns (putting one's own post in a campaign is editing the post) */
  campaign: ["manage"],
  /** API keys and webhooks (issue 24): create, revoke, change */
  integration: ["manage"],
} as const;

export type WorkspaceResource = keyof typeof WORKSPACE_STATEMENTS;
export type WorkspaceAction<R extends WorkspaceResource = WorkspaceResource> = (typeof WORKSPACE_STATEMENTS)[R][number];
export type WorkspacePermissions = { [R in WorkspaceResource]?: readonly WorkspaceAction<R>[] };

const everything = WORKSPACE_STATEMENTS;

/** The roles: each role's permissions, written out. */
export const ROLE_PERMISSIONS: Record<WorkspaceRole, WorkspacePermissions> = {
  /** billing, deleting the workspace, everything */
  owner: everything,
  /** members, connected accounts, settings, everything else */
  admin: {
    organization: ["update"],
    member: everything.member,
    invitation: everything.invitation,
    account: everything.account,
    post: everything.post,
    media: everything.media,
    task: everything.task,
    inbox: everything.inbox,
    campaign: everything.campaign,
    integration: everything.integration,
  },
  /** create, schedule, publish, approve, media */
  editor: {
    post: everything.post,
    media: everything.media,
    task: everything.task,
    inbox: everything.inbox,
    campaign: everything.campaign,
  },
  /**
   * drafts and media; submits posts for approval; cannot publish, schedule or connect accounts, nor answer
   * comments in the workspace's name (they read the inbox, take conversations and leave notes)
   */
  contributor: {
    post: ["draft", "submit"],
    media: ["upload"],
    task: ["create"],
  },
};

export const isWorkspaceRole = (value: unknown): value is WorkspaceRole =>
  typeof value === "string" && (WORKSPACE_ROLES as readonly string[]).includes(value);

/** Whether `role` may do `action` on `resource`. */
export function can<R extends WorkspaceResource>(
  role: WorkspaceRole,
  resource: R,
  action: WorkspaceAction<R>,
): boolean {
  const allowed = ROLE_PERMISSIONS[role][resource] as readonly string[] | undefined;
  return allowed?.includes(action) ?? false;
}

/** The roles that may do `action` on `resource`, highest first (for "ask an owner or admin"). */
export function rolesThatCan<R extends WorkspaceResource>(resource: R, action: WorkspaceAction<R>): WorkspaceRole[] {
  return WORKSPACE_ROLES.filter((role) => can(role, resource, action));
}
