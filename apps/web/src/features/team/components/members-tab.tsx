import {
  ASSIGNABLE_ROLES,
  type AssignableRole,
  can,
  type Invitation,
  WORKSPACE_MESSAGES,
  type WorkspaceMember,
  type WorkspaceResponse,
  type WorkspaceRole,
} from "@app/shared";
import { formatDistanceToNow } from "date-fns";
import { CircleAlert, Crown, LogOut, Mail, RotateCw, UserMinus, UserPlus, X } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { PermissionHint } from "@/components/permission-hint";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { permissionOf } from "@/lib/permissions";
import { formatDateTime } from "@/lib/time-zone";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import {
  useCancelInvitation,
  useChangeRole,
  useRemoveMember,
  useResendInvitation,
  useWorkspace,
} from "../api/workspace";
import { roleLabel } from "../utils/roles";
import { InviteMemberDialog } from "./invite-member-dialog";
import { MakeOwnerDialog } from "./make-owner-dialog";
import { MemberAvatar } from "./member-avatar";
import { PresenceDot } from "./presence-dot";
import { WorkspaceSettingsCard } from "./workspace-settings-card";

function MemberRow({
  member,
  myRole,
  isMe,
  onRemove,
  onMakeOwner,
}: {
  member: WorkspaceMember;
  myRole: WorkspaceRole;
  isMe: boolean;
  onRemove(member: WorkspaceMember): void;
  onMakeOwner(member: WorkspaceMember): void;
}) {
  const changeRole = useChangeRole();
  const isOwner = member.role === "owner";
  const mayManage = can(myRole, "member", "update") && !isOwner && !isMe;
  const mayRemove = can(myRole, "member", "delete") && !isOwner;
  const mayMakeOwner = can(myRole, "organization", "transfer") && !isOwner && !isMe;
  const label = member.name || member.email;

  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <MemberAvatar person={member} />
        <div className="min-w-0">
          <p className="truncate font-medium">
            {label}
            {isMe && <span className="font-normal text-muted-foreground"> (you)</span>}
          </p>
          <p className="truncate text-sm text-muted-foreground">{member.email}</p>
          <PresenceDot presence={member.presence} />
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 pl-13 sm:flex-nowrap sm:pl-0">
        {mayManage ? (
          <div className="w-36">
            <NativeSelect
              aria-label={`Role of ${label}`}
              value={changeRole.isPending ? changeRole.variables.role : member.role}
              disabled={changeRole.isPending}
              onChange={(e) =>
                changeRole.mutate(
                  { userId: member.id, role: e.target.value as AssignableRole },
                  {
                    onSuccess: (_, { role }) => toast.success(`${label} is now ${roleLabel(role).toLowerCase()}`),
                    onError: (err) => toast.error("Could not change the role", { description: err.message }),
                  },
                )
              }
            >
              {ASSIGNABLE_ROLES.map((role) => (
                <option key={role} value={role}>
                  {roleLabel(role)}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : (
          <Badge variant={isOwner ? "default" : "secondary"}>{roleLabel(member.role)}</Badge>
        )}
        {mayMakeOwner && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onMakeOwner(member)}
            aria-label={`${WORKSPACE_MESSAGES.makeOwner}: ${label}`}
          >
            <Crown aria-hidden />
            <span className="sm:sr-only lg:not-sr-only">{WORKSPACE_MESSAGES.makeOwner}</span>
          </Button>
        )}
        {isMe && !isOwner ? (
          <Button variant="outline" size="sm" onClick={() => onRemove(member)}>
            <LogOut aria-hidden />
            Leave
          </Button>
        ) : (
          mayRemove &&
          !isMe && (
            <Button variant="ghost" size="sm" onClick={() => onRemove(member)} aria-label={`Remove ${label}`}>
              <UserMinus aria-hidden />
              <span className="sm:sr-only lg:not-sr-only">Remove</span>
            </Button>
          )
        )}
      </div>
    </li>
  );
}

function InvitationRow({ invitation, myRole }: { invitation: Invitation; myRole: WorkspaceRole }) {
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const zone = useDisplayTimeZone();
  const mayResend = permissionOf(myRole, "invitation", "create");
  const mayCancel = permissionOf(myRole, "invitation", "cancel");
  const expires = new Date(invitation.expiresAt);
  const expired = expires <= new Date();
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <div className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted">
          <Mail className="size-4 text-muted-foreground" aria-hidden />
        </div>
        <div className="min-w-0">
          <p className="truncate font-medium">{invitation.email}</p>
          <p className="text-sm text-muted-foreground">
            {roleLabel(invitation.role)} ·{" "}
            <time
              dateTime={invitation.expiresAt}
              title={formatDateTime(expires, zone)}
              className={expired ? "text-destructive" : undefined}
            >
              {expired ? "expired" : `expires ${formatDistanceToNow(expires, { addSuffix: true })}`}
            </time>
          </p>
        </div>
      </div>
      <div className="flex gap-2 pl-11 sm:pl-0">
        <PermissionHint permission={mayResend}>
          <Button
            variant="outline"
            size="sm"
            disabled={!mayResend.allowed || resend.isPending}
            aria-label={`Resend the invitation to ${invitation.email}`}
            onClick={() =>
              resend.mutate(invitation.id, {
                onSuccess: () => toast.success(`Invitation sent again to ${invitation.email}`),
                onError: (err) => toast.error("Could not resend the invitation", { description: err.message }),
              })
            }
          >
            <RotateCw aria-hidden />
            Resend
          </Button>
        </PermissionHint>
        <PermissionHint permission={mayCancel}>
          <Button
            variant="ghost"
            size="sm"
            disabled={!mayCancel.allowed || cancel.isPending}
            aria-label={`Cancel the invitation to ${invitation.email}`}
            onClick={() =>
              cancel.mutate(invitation.id, {
                onSuccess: () => toast.success(`Invitation to ${invitation.email} cancelled`),
                onError: (err) => toast.error("Could not cancel the invitation", { description: err.message }),
              })
            }
          >
            <X aria-hidden />
            Cancel
          </Button>
        </PermissionHint>
      </div>
    </li>
  );
}

/** The question before a member is removed, or before you leave. */
function RemoveDialog({
  member,
  isMe,
  workspaceName,
  onOpenChange,
  onConfirm,
}: {
  member: WorkspaceMember | null;
  isMe: boolean;
  workspaceName: string;
  onOpenChange(open: boolean): void;
  onConfirm(member: WorkspaceMember): void;
}) {
  const name = member ? member.name || member.email : "";
  return (
    <ConfirmDialog
      open={member !== null}
      onOpenChange={onOpenChange}
      title={isMe ? `Leave ${workspaceName}?` : `Remove ${name} from ${workspaceName}?`}
      description={
        isMe
          ? "You will no longer see this workspace. Your posts stay in it. To come back you need a new invitation."
          : "They lose access to this workspace at once. Their posts stay."
      }
      confirmLabel={isMe ? "Leave" : "Remove"}
      destructive
      onConfirm={() => member && onConfirm(member)}
    />
  );
}

/**
 * The Members tab: who is in the workspace, their role and presence (live from the event stream), pending
 * invitations, and for owners and admins the workspace's settings.
 */
export function MembersTab({
  myUserId,
  onLeft,
}: {
  myUserId: string;
  /** you left the workspace: the app opens another one */
  onLeft(): void;
}) {
  const query = useWorkspace();
  const remove = useRemoveMember();
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);
  const [makingOwner, setMakingOwner] = useState<WorkspaceMember | null>(null);

  if (query.isPending) {
    return (
      <div className="grid gap-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="destructive">
        <CircleAlert aria-hidden />
        <AlertDescription>
          <p>{query.error.message}</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </AlertDescription>
      </Alert>
    );
  }

  const { workspace, members, invitations }: WorkspaceResponse = query.data;
  const myRole = workspace.role;
  const mayInvite = permissionOf(myRole, "invitation", "create");
  const removingMe = removing?.id === myUserId;

  const confirmRemove = (member: WorkspaceMember) => {
    const isMe = member.id === myUserId;
    remove.mutate(member.id, {
      onSuccess: () => {
        if (isMe) {
          toast.success(`You left ${workspace.name}`);
          onLeft();
        } else toast.success(`${member.name || member.email} was removed`);
      },
      onError: (err) =>
        toast.error(isMe ? "Could not leave the workspace" : "Could not remove the member", {
          description: err.message,
        }),
    });
  };

  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Members</CardTitle>
            <CardDescription>
              {members.length === 1 ? "1 member" : `${members.length} members`} in {workspace.name}
            </CardDescription>
          </div>
          <PermissionHint permission={mayInvite}>
            <Button onClick={() => setInviting(true)} disabled={!mayInvite.allowed}>
              <UserPlus aria-hidden />
              Invite Member
            </Button>
          </PermissionHint>
        </CardHeader>
        <CardContent>
          <ul className="divide-y" aria-label="Members">
            {members.map((m) => (
              <MemberRow
                key={m.id}
                member={m}
                myRole={myRole}
                isMe={m.id === myUserId}
                onRemove={setRemoving}
                onMakeOwner={setMakingOwner}
              />
            ))}
          </ul>
        </CardContent>
      </Card>

      {invitations.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Pending invitations</CardTitle>
            <CardDescription>Each link works for 7 days; resending gives it 7 more.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="divide-y" aria-label="Pending invitations">
              {invitations.map((inv) => (
                <InvitationRow key={inv.id} invitation={inv} myRole={myRole} />
              ))}
            </ul>
          </CardContent>
        </Card>
      )}

      {can(myRole, "organization", "update") && (
        <WorkspaceSettingsCard key={`${workspace.id}:${workspace.name}`} workspace={workspace} />
      )}

      <InviteMemberDialog open={inviting} onOpenChange={setInviting} plan={workspace.plan} />
      <MakeOwnerDialog
        member={makingOwner}
        workspaceName={workspace.name}
        onOpenChange={(open) => !open && setMakingOwner(null)}
      />
      <RemoveDialog
        member={removing}
        isMe={removingMe}
        workspaceName={workspace.name}
        onOpenChange={(open) => !open && setRemoving(null)}
        onConfirm={confirmRemove}
      />
    </div>
  );
}
