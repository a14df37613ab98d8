import { InvitationScreen } from "@/features/workspaces/components/invitation-screen";

/** The accept page of an invitation e-mail; public: the link is the key. */
export default function InvitationRoute() {
  return <InvitationScreen />;
}
