import type { RequestPasswordReset } from "@app/shared";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const requestPasswordReset = (body: RequestPasswordReset) => api("/api/auth/request-password-reset", { body });

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
