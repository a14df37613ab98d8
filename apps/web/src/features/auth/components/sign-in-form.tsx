import { AUTH_MESSAGES, type SignInBody, signInBodySchema } from "@app/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { SubmitButton } from "@/components/ui/submit-button";
import { useSignIn } from "../api/sign-in";
import { ForgotPasswordDialog } from "./forgot-password-dialog";
import { FormField } from "./form-field";
import { TwoFactorStep } from "./two-factor-step";

/** `redirectTo`: where a successful sign-in goes (the dashboard, or the page that sent the user here). */
export function SignInForm({ redirectTo, defaultEmail = "" }: { redirectTo: string; defaultEmail?: string }) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  // With two-factor on, the password is followed by a code (two-factor-step.tsx).
  const [secondStep, setSecondStep] = useState(false);
  const form = useForm<SignInBody>({
    resolver: zodResolver(signInBodySchema),
    defaultValues: { email: defaultEmail, password: "" },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) =>
    signIn.mutate(values, {
      onSuccess: (answer) => {
        if (answer?.twoFactorRedirect) setSecondStep(true);
        else navigate(redirectTo, { replace: true });
      },
      onError: (err) => toast.error(AUTH_MESSAGES.signInFailed, { description: err.message }),
    }),
  );

  if (secondStep) {
    return (
      <TwoFactorStep
        onDone={() => navigate(redirectTo, { replace: true })}
        onRestart={() => {
          setSecondStep(false);
          form.setValue("password", "");
        }}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
      <FormField
        id="signin-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email}
        {...form.register("email")}
      />
      <FormField
        id="signin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
        {...form.register("password")}
      />
      <div className="flex justify-end">
        <ForgotPasswordDialog defaultEmail={form.watch("email")} />
      </div>
      <SubmitButton pending={signIn.isPending} className="w-full">
        Sign In
      </SubmitButton>
    </form>
  );
}
