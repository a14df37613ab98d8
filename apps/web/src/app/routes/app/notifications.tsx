import { PageHeader } from "@/components/layouts/page-header";
import { NotificationsScreen } from "@/features/notifications/components/notifications-screen";

export default function NotificationsRoute() {
  return (
    <>
      <PageHeader title="Notifications" description="Posts that could not go out, with what each network said." />
      <NotificationsScreen />
    </>
  );
}
