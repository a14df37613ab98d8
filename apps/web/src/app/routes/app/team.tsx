import { Users } from "lucide-react";
import { PageHeader } from "@/components/layouts/page-header";
import { EmptyState } from "@/components/ui/empty-state";

export default function TeamRoute() {
  return (
    <>
      <PageHeader title="Team" description="Members, roles and tasks of your workspace." />
      <EmptyState
        icon={Users}
        title="Just you for now"
        description="Invite teammates to draft, review and approve posts together."
      />
    </>
  );
}
