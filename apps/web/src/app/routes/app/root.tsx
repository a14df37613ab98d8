import { AUTH_MESSAGES, type PlanId } from "@app/shared";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { Outlet } from "react-router";
import { toast } from "sonner";
import { AppLayout } from "@/components/layouts/app-layout";
import { PageSpinner } from "@/components/ui/spinner";
import { useAccountsChannel } from "@/features/accounts/api/account-events";
import { usageQueryKey } from "@/features/accounts/api/get-usage";
import { useWaitingApprovalsCount } from "@/features/approvals/api/get-approvals";
import { usePostCommentsChannel } from "@/features/approvals/api/post-activity";
import { meQueryKey, useMe } from "@/features/auth/api/get-me";
import { useSignOut } from "@/features/auth/api/sign-out";
import { ProtectedRoute } from "@/features/auth/components/protected-route";
import { subscriptionQueryOptions } from "@/features/billing/api/get-subscription";
import { useCampaignsChannels } from "@/features/campaigns/api/campaign-events";
import { useInboxSummary } from "@/features/inbox/api/get-inbox";
import { useInboxChannel } from "@/features/inbox/api/inbox-events";
import { useMediaChannel } from "@/features/media/api/media-events";
import { useNotifications } from "@/features/notifications/api/get-notifications";
import { useNotificationsChannel } from "@/features/notifications/api/notification-events";
import { usePostsChannel } from "@/features/posts/api/post-events";
import { useQueueChannels } from "@/features/queue/api/queue-events";
import { useTasksChannel } from "@/features/team/api/task-events";
import { useTeamChannel } from "@/features/team/api/team-events";
import { usePresence } from "@/features/team/hooks/use-presence";
import { useRealtime } from "@/lib/realtime";
import { useTimeZones } from "@/lib/use-display-time-zone";

/**
 * The sidebar's badge and the limits come from /api/me and /api/usage: when a plan screen's status check
 * (or the test-mode portal) finds another plan than those say, they are read again. This only watches
 * the status other screens fetched; it fetches nothing itself.
 */
function usePlanSync(plan: PlanId | undefined) {
  const queryClient = useQueryClient();
  const { data: sub } = useQuery({ ...subscriptionQueryOptions(), enabled: false });
  const checked = sub && !sub.checkFailed ? sub.plan : undefined;
  useEffect(() => {
    if (!checked || !plan || checked === plan) return;
    void queryClient.invalidateQueries({ queryKey: meQueryKey });
    void queryClient.invalidateQueries({ queryKey: usageQueryKey });
  }, [checked, plan, queryClient]);
}

function Shell() {
  const me = useMe();
  usePlanSync(me.data?.plan);
  const signOut = useSignOut();
  // One stream of the user's changes for every screen, open while signed in.
  useRealtime([
    useAccountsChannel(),
    usePostsChannel(),
    useMediaChannel(),
    useNotificationsChannel(),
    useTeamChannel(),
    useTasksChannel(),
    usePostCommentsChannel(),
    useInboxChannel(),
    ...useCampaignsChannels(),
    ...useQueueChannels(),
  ]);
  // Tells the team whether this member is online, away or gone.
  usePresence();
  const notifications = useNotifications();
  const waitingApprovals = useWaitingApprovalsCount();
  // The Engagement link counts the workspace's open conversations (kept live by the inbox events).
  const inbox = useInboxSummary();
  // Every screen shows times in the profile's zone: it is known before they render (read alongside the user).
  const zones = useTimeZones();
  // ProtectedRoute renders this only once the user is known.
  const data = me.data;
  if (!data) return null;
  if (!zones.known) return <PageSpinner />;
  return (
    <AppLayout
      user={data.user}
      plan={data.plan}
      counts={{
        "/notifications": notifications.data?.summary.unread ?? 0,
        "/team": waitingApprovals,
        "/engagement": inbox.data?.open ?? 0,
      }}
      countOptions={{ "/engagement": { label: "open", to: "/engagement?tab=inbox" } }}
      signingOut={signOut.isPending}
      onSignOut={() =>
        signOut.mutate(undefined, {
          onSuccess: () => toast.success(AUTH_MESSAGES.signedOut),
          onError: (err) => toast.error(AUTH_MESSAGES.signOutFailed, { description: err.message }),
        })
      }
    >
      <Outlet />
    </AppLayout>
  );
}

export default function AppRoot() {
  return (
    <ProtectedRoute>
      <Shell />
    </ProtectedRoute>
  );
}
