import { AUTH_MESSAGES, PLANS } from "@app/shared";
import { Outlet } from "react-router";
import { toast } from "sonner";
import { AppLayout } from "@/components/layouts/app-layout";
import { useAccountsChannel } from "@/features/accounts/api/account-events";
import { useMe } from "@/features/auth/api/get-me";
import { useSignOut } from "@/features/auth/api/sign-out";
import { ProtectedRoute } from "@/features/auth/components/protected-route";
import { useMediaChannel } from "@/features/media/api/media-events";
import { usePostsChannel } from "@/features/posts/api/post-events";
import { useRealtime } from "@/lib/realtime";

function Shell() {
  const me = useMe();
  const signOut = useSignOut();
  // One stream of the user's changes for every screen, open while signed in.
  useRealtime([useAccountsChannel(), usePostsChannel(), useMediaChannel()]);
  // ProtectedRoute renders this only once the user is known.
  const data = me.data;
  if (!data) return null;
  return (
    <AppLayout
      user={data.user}
      planLabel={PLANS[data.plan].name}
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
