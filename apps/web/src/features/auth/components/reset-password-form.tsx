import { AUTH_MESSAGES, type ResetPasswordForm as ResetValues, resetPasswordFormSchema } from "@app/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { SubmitButton } from "@/components/ui/submit-button";
import { useResetPassword } from "../api/reset-password";
import { FormField } from "./form-field";

/** The view the recovery e-mail link returns to: /auth?tab=reset-password&token=… */
export function ResetPasswordForm({ token, onDone }: { token: string | null; onDone(): void }) {
  const reset = useResetPassword();
  const form = useForm<ResetValues>({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  if (!token) {
    return (
      <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/5 p-4 text-sm text-destructive">
        {AUTH_MESSAGES.resetTokenMissing}
      </p>
    );
  }

  const onSubmit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { newPassword: password, token },
      {
        onSuccess: () => {
          toast.success(AUTH_MESSAGES.passwordUpdated, { description: "Sign in with your new password." });
          onDone();
        },
        onError: (err) => toast.error(AUTH_MESSAGES.resetFailed, { description: err.message }),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Choose a new password">
      <FormField
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
        {...form.register("password")}
      />
      <FormField
        id="confirm-new-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...form.register("confirmPassword")}
      />
      <SubmitButton pending={reset.isPending} className="w-full">
        Update Password
      </SubmitButton>
    </form>
  );
}
