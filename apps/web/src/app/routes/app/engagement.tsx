import { EngagementScreen } from "@/features/engagement/components/engagement-screen";

export default function EngagementRoute() {
  return <EngagementScreen />;
}
