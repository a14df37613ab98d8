import { z } from "zod";
import { WORKSPACE_MESSAGES } from "../constants/messages";
import { WORKSPACE_ROLES } from "../constants/workspaces";
import { emailSchema, meResponseSchema } from "./auth";
import { singleLineText } from "./text";
import { passwordConfirmationSchema } from "./user-account";

/** Who a member is, as lists show them (a task's assignee, a comment's author). */
export const personSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
});
export type Person = z.infer<typeof personSchema>;

/** online: a tab open and used in the last 2 minutes; away: a tab open but idle; offline: no tab open. */
export const PRESENCE_STATES = ["online", "away", "offline"] as const;
export type Presence = (typeof PRESENCE_STATES)[number];
/** A member counts as online while a tab of theirs has been used within this long. */
export const PRESENCE_ACTIVE_MS = 2 * 60 * 1000;

export const memberSchema = personSchema.extend({
  role: z.enum(WORKSPACE_ROLES),
  joinedAt: z.string(),
  presence: z.enum(PRESENCE_STATES),
});
export type WorkspaceMember = z.infer<typeof memberSchema>;

export const INVITATION_STATUSES = ["pending", "accepted", "canceled", "expired"] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * The roles an invitation or a role change can give: a workspace has one owner, its creator, until they make
 * another member the owner (POST /api/workspace/owner).
 */
export const ASSIGNABLE_ROLES = ["admin", "editor", "contributor"] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
  invitedBy: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** the signed-in member's role here */
  role: z.enum(WORKSPACE_ROLES),
  /** Editors' posts go through approval too (Contributors' always do) */
  postsNeedApproval: z.boolean(),
  plan: z.enum(["free", "premium"]),
  /** the personal workspace of the signed-in user (every user keeps theirs: it cannot be deleted) */
  personal: z.boolean(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

/** GET /api/workspace: the open workspace, its members and its pending invitations. */
export const workspaceResponseSchema = z.object({
  workspace: workspaceSchema,
  members: z.array(memberSchema),
  invitations: z.array(invitationSchema),
});
export type WorkspaceResponse = z.infer<typeof workspaceResponseSchema>;

export const workspaceNameSchema = singleLineText("Workspace name")
  .trim()
  .min(1, WORKSPACE_MESSAGES.nameRequired)
  .max(100, WORKSPACE_MESSAGES.nameTooLong);

/** POST /api/workspaces: a new workspace of the user's own. */
export const createWorkspaceBodySchema = z.object({ name: workspaceNameSchema });

/** PATCH /api/workspace (owners and admins). */
export const updateWorkspaceBodySchema = z
  .object({ name: workspaceNameSchema, postsNeedApproval: z.boolean() })
  .partial()
  .refine((b) => b.name !== undefined || b.postsNeedApproval !== undefined, WORKSPACE_MESSAGES.nothingToChange);

/** GET /api/workspaces: every workspace the user belongs to, for the switcher. */
export const workspaceListResponseSchema = z.object({
  workspaces: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(WORKSPACE_ROLES) })),
  /** the one this browser has open */
  activeId: z.string(),
});

/** What opening a workspace answers (a switch, a new workspace, an accepted invitation): the workspace as /api/me names it. */
export const openedWorkspaceResponseSchema = z.object({ workspace: meResponseSchema.shape.workspace });

/** POST /api/workspaces/active: open another of the user's workspaces in this browser. */
export const switchWorkspaceBodySchema = z.object({ workspaceId: singleLineText("Workspace").min(1).max(200) });

export const inviteMemberBodySchema = z.object({
  email: emailSchema,
  role: z.enum(ASSIGNABLE_ROLES, { error: WORKSPACE_MESSAGES.unknownRole }),
});
export type InviteMemberBody = z.infer<typeof inviteMemberBodySchema>;

export const updateMemberBodySchema = z.object({
  role: z.enum(ASSIGNABLE_ROLES, { error: WORKSPACE_MESSAGES.unknownRole }),
});

/** POST /api/workspace/owner: the owner makes another member the owner (and becomes an admin), with their password. */
export const transferOwnershipBodySchema = z.object({
  userId: singleLineText("Member").min(1).max(200),
  password: passwordConfirmationSchema,
});
export type TransferOwnershipBody = z.infer<typeof transferOwnershipBodySchema>;

/** GET /api/invitations/:id: what the accept page shows (to anyone holding the link). */
export const invitationDetailsSchema = z.object({
  id: z.string(),
  workspaceName: z.string(),
  invitedBy: z.string(),
  email: z.string(),
  role: z.enum(WORKSPACE_ROLES),
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
});
export type InvitationDetails = z.infer<typeof invitationDetailsSchema>;

/** POST /api/presence: the tab was used (active) or has been left idle. */
export const presenceBodySchema = z.object({ active: z.boolean() });

/** Realtime events of the workspace's team (members, invitations, presence). */
export const teamEventSchema = z.union([
  z.object({ type: z.literal("members.changed") }),
  z.object({ type: z.literal("presence.changed"), userId: z.string(), presence: z.enum(PRESENCE_STATES) }),
]);
