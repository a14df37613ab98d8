import { teamEventSchema, type WorkspaceResponse } from "@app/shared";
import { useQueryClient } from "@tanstack/react-query";
import { applyLiveChange, readAgain } from "@/lib/live-cache";
import type { RealtimeChannel } from "@/lib/realtime";
import { workspaceQueryKey } from "./workspace";

/**
 * The "team" events of the stream: a member's presence changes in place; any other change to members,
 * roles or invitations reads the list again.
 */
export function useTeamChannel(): RealtimeChannel {
  const queryClient = useQueryClient();
  return {
    event: "team",
    onMessage(data) {
      const parsed = teamEventSchema.safeParse(data);
      if (!parsed.success) return;
      const event = parsed.data;
      if (event.type === "members.changed") {
        void readAgain(queryClient, workspaceQueryKey);
        return;
      }
      applyLiveChange<WorkspaceResponse>(queryClient, { queryKey: workspaceQueryKey, exact: true }, (ws) => ({
        ...ws,
        members: ws.members.map((m) => (m.id === event.userId ? { ...m, presence: event.presence } : m)),
      }));
    },
    onResync() {
      void readAgain(queryClient, workspaceQueryKey);
    },
  };
}
