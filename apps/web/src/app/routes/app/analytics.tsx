import { AnalyticsScreen } from "@/features/results/components/analytics-screen";

export default function AnalyticsRoute() {
  return <AnalyticsScreen />;
}
