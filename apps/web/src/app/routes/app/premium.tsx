import { PremiumScreen } from "@/features/billing/components/premium-screen";

export default function PremiumRoute() {
  return <PremiumScreen />;
}
