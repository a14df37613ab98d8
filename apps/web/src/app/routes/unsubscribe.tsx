import { UnsubscribeScreen } from "@/features/notifications/components/unsubscribe-screen";

/** The unsubscribe link of the notification e-mails; public: its signed token is the permission. */
export default function UnsubscribeRoute() {
  return <UnsubscribeScreen />;
}
