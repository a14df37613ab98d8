import { FolderKanban } from "lucide-react";
import { PageHeader } from "@/components/layouts/page-header";
import { EmptyState } from "@/components/ui/empty-state";

export default function CampaignsRoute() {
  return (
    <>
      <PageHeader title="Campaigns" description="Group posts into campaigns and follow their results." />
      <EmptyState
        icon={FolderKanban}
        title="No campaigns yet"
        description="Campaigns bring related posts together with their dates and results."
      />
    </>
  );
}
