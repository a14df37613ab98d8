import { NOTIFICATION_MESSAGES } from "@app/shared";
import { PageHeader } from "@/components/layouts/page-header";
import { NotificationsScreen } from "@/features/notifications/components/notifications-screen";

export default function NotificationsRoute() {
  return (
    <>
      <PageHeader title="Notifications" description={NOTIFICATION_MESSAGES.screenDescription} />
      <NotificationsScreen />
    </>
  );
}
