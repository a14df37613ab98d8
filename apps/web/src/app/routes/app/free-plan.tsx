import { useUsage } from "@/features/accounts/api/get-usage";
import { FreePlanScreen } from "@/features/billing/components/free-plan-screen";

export default function FreePlanRoute() {
  const usage = useUsage();
  return <FreePlanScreen usage={usage.data} usageFailed={usage.isError} onRefresh={() => usage.refetch()} />;
}
