import { useId, useState } from "react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SubmitButton } from "@/components/ui/submit-button";
import { useDeleteWorkspace } from "../api/workspaces";
import { useWorkspaceOpened } from "../hooks/use-workspace-opened";
import { confirmsWorkspaceName } from "../utils/workspace-deletion";

/**
 * The workspace settings' danger zone (the owner of a workspace other than their personal one: see
 * mayDeleteWorkspace). Deleting cannot be undone, so the user types the workspace's name to confirm; the
 * server's refusal (a subscription still running...) is shown in the dialog. Afterwards this browser works in
 * the user's personal workspace, as after a switch.
 */
export function DeleteWorkspaceSection({ name }: { name: string }) {
  const remove = useDeleteWorkspace();
  const opened = useWorkspaceOpened();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const helpId = useId();
  const inputId = useId();
  const confirmed = confirmsWorkspaceName(typed, name);

  const changeOpen = (next: boolean) => {
    if (remove.isPending) return;
    setOpen(next);
    if (!next) {
      setTyped("");
      remove.reset();
    }
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!confirmed) return;
    remove.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        void opened();
        toast.success("Workspace deleted");
      },
    });
  };

  return (
    <section className="grid gap-2 border-t pt-6" aria-labelledby={`${helpId}-title`}>
      <h3 id={`${helpId}-title`} className="text-sm font-medium">
        Delete workspace
      </h3>
      <p id={helpId} className="text-sm text-muted-foreground">
        Deletes its posts, media, accounts, tasks and members' access for good.
      </p>
      <AlertDialog open={open} onOpenChange={changeOpen}>
        <AlertDialogTrigger asChild>
          <Button
            variant="outline"
            aria-describedby={helpId}
            className="justify-self-start border-destructive text-destructive hover:bg-destructive/10 hover:text-destructive"
          >
            Delete workspace
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Delete workspace">
            <AlertDialogHeader>
              <AlertDialogTitle>Delete {name}?</AlertDialogTitle>
              <AlertDialogDescription>
                Its posts, media, accounts and tasks are deleted for good, and its members lose access. This cannot be
                undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={inputId}>
                Type <span className="font-semibold">{name}</span> to confirm
              </Label>
              <Input
                id={inputId}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                disabled={remove.isPending}
              />
            </div>
            {remove.isError && (
              <p role="alert" className="text-sm text-destructive">
                {remove.error.message}
              </p>
            )}
            <AlertDialogFooter>
              <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
              <SubmitButton variant="destructive" pending={remove.isPending} disabled={!confirmed || remove.isPending}>
                Delete workspace
              </SubmitButton>
            </AlertDialogFooter>
          </form>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  );
}
