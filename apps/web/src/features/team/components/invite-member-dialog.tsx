import { ASSIGNABLE_ROLES, type InviteMemberBody, inviteMemberBodySchema, WORKSPACE_MESSAGES } from "@app/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Crown } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link } from "react-router";
import { toast } from "sonner";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { SubmitButton } from "@/components/ui/submit-button";
import { FormField } from "@/features/auth/components/form-field";
import { ApiError } from "@/lib/api-client";
import { useInviteMember } from "../api/workspace";
import { ROLE_DESCRIPTIONS, roleLabel } from "../utils/roles";

/** The Free plan's answer: team collaboration is Premium, and the way there. */
function PremiumNotice({ message }: { message: string }) {
  return (
    <Alert>
      <Crown aria-hidden />
      <AlertDescription>
        <p role="alert">{message}</p>
        <Button asChild size="sm" className="mt-3">
          <Link to="/free-plan">Upgrade to Premium</Link>
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/**
 * Invite Member: an e-mail and a role. On the Free plan a notice takes the form's place; the server's own
 * refusal is shown the same way should it still answer so. Other errors appear under the form, which keeps
 * what was typed.
 */
export function InviteMemberDialog({
  open,
  onOpenChange,
  plan,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  plan: "free" | "premium";
}) {
  const invite = useInviteMember();
  const form = useForm<InviteMemberBody>({
    resolver: zodResolver(inviteMemberBodySchema),
    defaultValues: { email: "", role: "editor" },
  });
  const { errors } = form.formState;
  const premiumRefusal =
    invite.error instanceof ApiError && invite.error.code === "PREMIUM_REQUIRED" ? invite.error.message : null;
  const premiumMessage = plan === "free" ? WORKSPACE_MESSAGES.teamIsPremium : premiumRefusal;

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      form.reset();
      invite.reset();
    }
  };

  const onSubmit = form.handleSubmit((body) =>
    invite.mutate(body, {
      onSuccess: () => {
        toast.success(`Invitation sent to ${body.email}`);
        close(false);
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite Member</DialogTitle>
          <DialogDescription>They get an e-mail with a link to join; it works for 7 days.</DialogDescription>
        </DialogHeader>
        {premiumMessage ? (
          <PremiumNotice message={premiumMessage} />
        ) : (
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Invite member">
            <FormField
              id="invite-email"
              label="Email"
              type="email"
              autoComplete="off"
              placeholder="teammate@example.com"
              error={errors.email}
              {...form.register("email")}
            />
            <div className="grid gap-2">
              <Label htmlFor="invite-role">Role</Label>
              <NativeSelect id="invite-role" {...form.register("role")} aria-describedby="invite-role-help">
                {ASSIGNABLE_ROLES.map((role) => (
                  <option key={role} value={role}>
                    {roleLabel(role)}
                  </option>
                ))}
              </NativeSelect>
              <p id="invite-role-help" className="text-sm text-muted-foreground">
                {ROLE_DESCRIPTIONS[form.watch("role")]}
              </p>
            </div>
            {invite.isError && (
              <p role="alert" className="text-sm text-destructive">
                {invite.error.message}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <SubmitButton pending={invite.isPending}>Send invitation</SubmitButton>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
