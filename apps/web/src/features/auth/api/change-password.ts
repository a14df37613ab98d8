import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

export const changePassword = (body: { currentPassword: string; newPassword: string }) =>
  api("/api/auth/change-password", { body });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
