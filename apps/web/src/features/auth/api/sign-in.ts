import type { SignInBody } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { meQueryKey } from "./get-me";

/** better-auth's answer to the password step: `twoFactorRedirect` when a second factor is needed first. */
export interface SignInAnswer {
  twoFactorRedirect?: boolean;
}

export const signIn = (body: SignInBody) => api<SignInAnswer | undefined>("/api/auth/sign-in/email", { body });

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

/** The second step of a sign-in with two-factor on: a code from the authenticator app, or a backup code. */
export type SecondFactor = { kind: "totp" | "backup"; code: string };

export const verifySecondFactor = ({ kind, code }: SecondFactor) =>
  api(kind === "totp" ? "/api/auth/two-factor/verify-totp" : "/api/auth/two-factor/verify-backup-code", {
    body: { code },
  });

export function useVerifySecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifySecondFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
