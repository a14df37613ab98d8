import { AUTH_MESSAGES, type RequestPasswordReset, requestPasswordResetSchema } from "@app/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
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
  DialogTrigger,
} from "@/components/ui/dialog";
import { SubmitButton } from "@/components/ui/submit-button";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { FormField } from "./form-field";

export function ForgotPasswordDialog({ defaultEmail }: { defaultEmail: string }) {
  const [open, setOpen] = useState(false);
  const request = useRequestPasswordReset();
  const form = useForm<RequestPasswordReset>({
    resolver: zodResolver(requestPasswordResetSchema),
    defaultValues: { email: "" },
  });

  const onOpenChange = (next: boolean) => {
    if (next) form.reset({ email: defaultEmail });
    setOpen(next);
  };

  const onSubmit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: () => {
        toast.success(AUTH_MESSAGES.resetLinkSent, { description: AUTH_MESSAGES.resetLinkSentDescription });
        form.reset({ email: "" });
        setOpen(false);
      },
      onError: (err) => toast.error(AUTH_MESSAGES.resetFailed, { description: err.message }),
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button type="button" variant="link" className="h-auto p-0 text-sm">
          Forgot password?
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset your password</DialogTitle>
          <DialogDescription>Enter your e-mail and we'll send you a link to choose a new password.</DialogDescription>
        </DialogHeader>
        <form
          onSubmit={(event) => {
            // The dialog is portalled out of the sign-in form in the DOM but not in React's tree, where its submit
            // event would bubble on to the sign-in form and sign in (or show its field errors) as well.
            event.stopPropagation();
            void onSubmit(event);
          }}
          noValidate
          className="grid gap-4"
          aria-label="Reset password"
        >
          <FormField
            id="reset-email"
            label="Email"
            type="email"
            autoComplete="email"
            error={form.formState.errors.email}
            {...form.register("email")}
          />
          <DialogFooter>
            <SubmitButton pending={request.isPending}>Send Reset Link</SubmitButton>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
