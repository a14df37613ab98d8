import { WORKSPACE_MESSAGES, type WorkspaceMember } from "@app/shared";
import { toast } from "sonner";
import { PasswordDialog } from "@/components/password-dialog";
import { useTransferOwnership } from "../api/workspace";

/**
 * The owner hands the workspace to another member: the dialog says what changes, asks for the owner's password,
 * and shows the server's refusal (a wrong password, a member who has left) without closing.
 */
export function MakeOwnerDialog({
  member,
  workspaceName,
  onOpenChange,
}: {
  /** the member who would become the owner; null when the dialog is closed */
  member: WorkspaceMember | null;
  workspaceName: string;
  onOpenChange(open: boolean): void;
}) {
  const transfer = useTransferOwnership();
  const name = member ? member.name || member.email : "";
  return (
    <PasswordDialog
      open={member !== null}
      onOpenChange={(open) => !transfer.isPending && onOpenChange(open)}
      title={WORKSPACE_MESSAGES.makeOwnerTitle(name)}
      description={WORKSPACE_MESSAGES.makeOwnerDescription(name, workspaceName)}
      confirmLabel={WORKSPACE_MESSAGES.makeOwner}
      pending={transfer.isPending}
      onConfirm={async (password) => {
        if (!member) return;
        await transfer.mutateAsync({ userId: member.id, password });
        toast.success(WORKSPACE_MESSAGES.ownershipTransferred(name));
        onOpenChange(false);
      }}
    />
  );
}
