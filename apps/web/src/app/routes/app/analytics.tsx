import { BarChart3 } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "@/components/layouts/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function AnalyticsRoute() {
  return (
    <>
      <PageHeader title="Analytics" description="Reach, engagement and follower growth across your networks." />
      <EmptyState
        icon={BarChart3}
        title="No Analytics Data"
        description="Connect an account and publish posts to see your results here."
        action={
          <Button asChild>
            <Link to="/connected-accounts">Connect Accounts</Link>
          </Button>
        }
      />
    </>
  );
}
