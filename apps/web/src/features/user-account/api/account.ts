import { type DeleteAccountBody, USER_ACCOUNT_MESSAGES } from "@app/shared";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { meQueryKey } from "@/features/auth/api/get-me";
import { api } from "@/lib/api-client";

/** The export's address: the browser downloads it itself (streamed, never held in the page's memory). */
export const ACCOUNT_EXPORT_URL = "/api/account/export";

/**
 * Deletes the account (the server signs this browser out); then nothing of the user stays in memory and the
 * guard sees the signed-out state, as after a sign-out.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => api("/api/account/delete", { body }),
    onSuccess: () => {
      // Said here, not by the dialog: the settings screen is gone once the user is signed out.
      toast.success(USER_ACCOUNT_MESSAGES.deleted);
      queryClient.setQueryData(meQueryKey, null);
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
    },
  });
}
