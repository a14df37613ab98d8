import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { meQueryKey } from "@/features/auth/api/get-me";
import { reopenEventStream } from "@/lib/realtime";

/**
 * What follows once this browser works in another workspace (switched, or joined through an invitation):
 * to the dashboard first (so the screen left behind does not read its data again), then every query is
 * emptied and the ones on screen read again; the user (/api/me) keeps its data while it is read again, so
 * the app shell stays up. The event stream is opened again: the server sends each stream the events of the
 * workspace it was opened in.
 */
export function useWorkspaceOpened() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    navigate("/dashboard", { replace: true });
    await queryClient.cancelQueries();
    reopenEventStream();
    await Promise.all([
      queryClient.resetQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] }),
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
    ]);
  }, [navigate, queryClient]);
}
