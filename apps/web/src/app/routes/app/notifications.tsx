import { Bell } from "lucide-react";
import { PageHeader } from "@/components/layouts/page-header";
import { EmptyState } from "@/components/ui/empty-state";

export default function NotificationsRoute() {
  return (
    <>
      <PageHeader title="Notifications" description="Comments, likes, shares and follows from your networks." />
      <EmptyState
        icon={Bell}
        title="You're all caught up"
        description="New activity on your accounts will appear here."
      />
    </>
  );
}
