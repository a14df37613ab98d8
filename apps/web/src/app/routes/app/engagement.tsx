import { EngagementScreen } from "@/features/results/components/engagement-screen";

export default function EngagementRoute() {
  return <EngagementScreen />;
}
