import { AUTH_MESSAGES, type SignUpForm as SignUpValues, signUpFormSchema } from "@app/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { SubmitButton } from "@/components/ui/submit-button";
import { useSignUp } from "../api/sign-up";
import { FormField } from "./form-field";

export function SignUpForm({
  onSignedUp,
  defaultEmail = "",
}: {
  onSignedUp(email: string): void;
  defaultEmail?: string;
}) {
  const signUp = useSignUp();
  const form = useForm<SignUpValues>({
    resolver: zodResolver(signUpFormSchema),
    defaultValues: { name: "", email: defaultEmail, password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) =>
    signUp.mutate(body, {
      onSuccess: () => {
        toast.success(AUTH_MESSAGES.signUpSuccess, { description: AUTH_MESSAGES.signUpSuccessDescription });
        onSignedUp(body.email);
      },
      // The form keeps every value so the user can correct and retry.
      onError: (err) => toast.error(AUTH_MESSAGES.signUpFailed, { description: err.message }),
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up">
      <FormField
        id="signup-name"
        label="Full name"
        autoComplete="name"
        error={errors.name}
        {...form.register("name")}
      />
      <FormField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email}
        {...form.register("email")}
      />
      <FormField
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
        {...form.register("password")}
      />
      <FormField
        id="signup-confirm"
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        {...form.register("confirmPassword")}
      />
      <SubmitButton pending={signUp.isPending} className="w-full">
        Create Account
      </SubmitButton>
    </form>
  );
}
