import { Crown } from "lucide-react";
import { PageHeader } from "@/components/layouts/page-header";
import { EmptyState } from "@/components/ui/empty-state";

export default function FreePlanRoute() {
  return (
    <>
      <PageHeader title="Free Plan" description="What your plan includes and how much of it you use." />
      <EmptyState
        icon={Crown}
        title="You're on the Free plan"
        description="Up to 3 social accounts and 5 posts per month."
      />
    </>
  );
}
