import { createWorkspaceBodySchema } from "@app/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormField } from "@/features/auth/components/form-field";
import { useCreateWorkspace } from "../api/workspaces";
import { useWorkspaceOpened } from "../hooks/use-workspace-opened";

/** The body POST /api/workspaces takes: the name follows the same rules as a rename. */
const newWorkspaceFormSchema = createWorkspaceBodySchema;

/**
 * New workspace (from the sidebar's switcher): a name, then the new workspace is opened in this browser as a
 * switch would. The server's refusal appears under the form, which keeps what was typed.
 */
export function NewWorkspaceDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const create = useCreateWorkspace();
  const opened = useWorkspaceOpened();
  const form = useForm({ resolver: zodResolver(newWorkspaceFormSchema), defaultValues: { name: "" } });
  const { errors } = form.formState;

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      form.reset();
      create.reset();
    }
  };

  const onSubmit = form.handleSubmit(({ name }) =>
    create.mutate(name, {
      onSuccess: ({ workspace }) => {
        close(false);
        void opened();
        toast.success(`Now working in ${workspace.name}`);
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>New workspace</DialogTitle>
          <DialogDescription>
            You own it, on the Free plan. It opens here once created; your other workspaces stay in the menu.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="New workspace">
          <FormField
            id="new-workspace-name"
            label="Name"
            autoComplete="off"
            maxLength={100}
            placeholder="Acme marketing"
            error={errors.name}
            {...form.register("name")}
          />
          {create.isError && (
            <p role="alert" className="text-sm text-destructive">
              {create.error.message}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <SubmitButton pending={create.isPending}>Create</SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
