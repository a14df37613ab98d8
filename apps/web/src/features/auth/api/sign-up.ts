import type { SignUpBody } from "@app/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const signUp = (body: SignUpBody) => api("/api/auth/sign-up/email", { body });

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
