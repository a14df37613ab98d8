import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { api } from "@/lib/api-client";

/** Whether sign-in asks this user for a second step (better-auth's session answer carries it). */
export const twoFactorStatusQueryKey = ["two-factor-status"] as const;

const sessionAnswerSchema = z.object({ user: z.object({ twoFactorEnabled: z.boolean().nullish() }) }).nullable();

export const twoFactorStatusQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorStatusQueryKey,
    queryFn: async ({ signal }) => {
      const data = await api("/api/auth/get-session", { schema: sessionAnswerSchema, signal });
      return { enabled: data?.user.twoFactorEnabled === true };
    },
  });

export function useTwoFactorStatus() {
  return useQuery(twoFactorStatusQueryOptions());
}

const enableAnswerSchema = z.object({ totpURI: z.string(), backupCodes: z.array(z.string()) });
const backupCodesAnswerSchema = z.object({ backupCodes: z.array(z.string()) });

/** Step 1 of enabling: the password; the answer is the authenticator's otpauth URI and the backup codes. */
export function useEnableTwoFactor() {
  return useMutation({
    mutationFn: (password: string) =>
      api("/api/auth/two-factor/enable", { body: { password }, schema: enableAnswerSchema }),
  });
}

function useStatusChange<T>(mutationFn: (vars: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorStatusQueryKey }),
  });
}

/** Step 2 of enabling: a code from the authenticator app turns two-factor on. */
export function useConfirmTwoFactor() {
  return useStatusChange((code: string) => api("/api/auth/two-factor/verify-totp", { body: { code } }));
}

export function useDisableTwoFactor() {
  return useStatusChange((password: string) => api("/api/auth/two-factor/disable", { body: { password } }));
}

/** New backup codes (the old ones stop working). */
export function useRegenerateBackupCodes() {
  return useMutation({
    mutationFn: async (password: string) =>
      (await api("/api/auth/two-factor/generate-backup-codes", { body: { password }, schema: backupCodesAnswerSchema }))
        .backupCodes,
  });
}
