import { Crown } from "lucide-react";
import { PageHeader } from "@/components/layouts/page-header";
import { EmptyState } from "@/components/ui/empty-state";

export default function PremiumRoute() {
  return (
    <>
      <PageHeader title="Premium" description="Your Premium subscription." />
      <EmptyState
        icon={Crown}
        title="Premium"
        description="Unlimited accounts and posts, advanced analytics and team collaboration."
      />
    </>
  );
}
