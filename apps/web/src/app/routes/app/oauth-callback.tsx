import { useLocation } from "react-router";
import { OAuthCallbackScreen } from "@/features/accounts/components/oauth-callback-screen";

/** /auth/callback and /auth/:platform/callback: each return from a network is a fresh attempt. */
export default function OAuthCallbackRoute() {
  const location = useLocation();
  return <OAuthCallbackScreen key={location.key} />;
}
