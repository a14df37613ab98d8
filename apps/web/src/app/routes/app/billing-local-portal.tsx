import { LocalPortalScreen } from "@/features/billing/components/local-portal-screen";

export default function LocalPortalRoute() {
  return <LocalPortalScreen />;
}
