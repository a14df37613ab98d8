import { Heart } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "@/components/layouts/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

export default function EngagementRoute() {
  return (
    <>
      <PageHeader title="Engagement" description="Comments, likes and shares across your networks." />
      <EmptyState
        icon={Heart}
        title="No engagement yet"
        description="Once your connected accounts publish, their engagement shows up here."
        action={
          <Button asChild>
            <Link to="/connected-accounts">Connect Accounts</Link>
          </Button>
        }
      />
    </>
  );
}
