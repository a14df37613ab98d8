import { AUTH_MESSAGES, changePasswordFormSchema, type ChangePasswordForm as Values } from "@app/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { SubmitButton } from "@/components/ui/submit-button";
import { ApiError } from "@/lib/api-client";
import { useChangePassword } from "../api/change-password";
import { FormField } from "./form-field";

export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<Values>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    ({ currentPassword, newPassword }) =>
      change.mutate(
        { currentPassword, newPassword },
        {
          onSuccess: () => {
            toast.success(AUTH_MESSAGES.passwordUpdated);
            form.reset();
          },
          onError: (err) =>
            toast.error(AUTH_MESSAGES.updateFailed, {
              description: err instanceof ApiError ? err.message : AUTH_MESSAGES.passwordUpdateFailed,
            }),
        },
      ),
    // The spec shows these rule messages as toasts too.
    (invalid) => {
      const message = Object.values(invalid)[0]?.message;
      if (message) toast.error(message);
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-md gap-4" aria-label="Change password">
      <FormField
        id="current-password"
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword}
        {...form.register("currentPassword")}
      />
      <FormField
        id="settings-new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        error={errors.newPassword}
        {...form.register("newPassword")}
      />
      <FormField
        id="settings-confirm-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...form.register("confirmPassword")}
      />
      <div>
        <SubmitButton pending={change.isPending}>Update Password</SubmitButton>
      </div>
    </form>
  );
}
