import { type Workspace, workspaceNameSchema } from "@app/shared";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SubmitButton } from "@/components/ui/submit-button";
import { Switch } from "@/components/ui/switch";
import { DeleteWorkspaceSection } from "@/features/workspaces/components/delete-workspace-section";
import { mayDeleteWorkspace } from "@/features/workspaces/utils/workspace-deletion";
import { useUpdateWorkspace } from "../api/workspace";

/**
 * Owners and admins: the workspace's name, and whether Editors' posts go through approval too; the owner of a
 * workspace other than their personal one can also delete it.
 */
export function WorkspaceSettingsCard({ workspace }: { workspace: Workspace }) {
  const rename = useUpdateWorkspace();
  const approval = useUpdateWorkspace();
  const [name, setName] = useState(workspace.name);
  const [nameError, setNameError] = useState<string | null>(null);
  const nameId = useId();
  const switchId = useId();
  const helpId = useId();

  const saveName = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = workspaceNameSchema.safeParse(name);
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setNameError(null);
    rename.mutate(
      { name: parsed.data },
      {
        onSuccess: () => toast.success("Workspace renamed"),
        onError: (err) => setNameError(err.message),
      },
    );
  };

  const toggleApproval = (postsNeedApproval: boolean) =>
    approval.mutate(
      { postsNeedApproval },
      {
        onSuccess: () =>
          toast.success(
            postsNeedApproval ? "Editors' posts now need approval" : "Editors' posts no longer need approval",
          ),
        onError: (err) => toast.error("Could not save the setting", { description: err.message }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Workspace settings</CardTitle>
        <CardDescription>Only owners and admins see this.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <form onSubmit={saveName} noValidate className="grid gap-2" aria-label="Workspace name">
          <Label htmlFor={nameId}>Name</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={nameId}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={100}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${nameId}-error` : undefined}
            />
            <SubmitButton pending={rename.isPending} disabled={rename.isPending || name.trim() === workspace.name}>
              Save
            </SubmitButton>
          </div>
          {nameError && (
            <p id={`${nameId}-error`} role="alert" className="text-sm text-destructive">
              {nameError}
            </p>
          )}
        </form>
        <div className="flex items-start justify-between gap-4">
          <div className="grid gap-1">
            <Label htmlFor={switchId}>Posts need approval</Label>
            <p id={helpId} className="text-sm text-muted-foreground">
              Editors' posts wait for an approver too. Contributors' posts always do.
            </p>
          </div>
          <Switch
            id={switchId}
            aria-describedby={helpId}
            checked={
              approval.isPending
                ? (approval.variables?.postsNeedApproval ?? workspace.postsNeedApproval)
                : workspace.postsNeedApproval
            }
            disabled={approval.isPending}
            onCheckedChange={toggleApproval}
          />
        </div>
        {mayDeleteWorkspace(workspace) && <DeleteWorkspaceSection name={workspace.name} />}
      </CardContent>
    </Card>
  );
}
