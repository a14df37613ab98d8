import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const resetPassword = (body: { newPassword: string; token: string }) =>
  api("/api/auth/reset-password", { body });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
