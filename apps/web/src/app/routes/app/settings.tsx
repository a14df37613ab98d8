import { PageHeader } from "@/components/layouts/page-header";
import { BillingSettingsCard } from "@/features/billing/components/billing-settings-card";
import { NotificationPreferencesCard } from "@/features/notifications/components/notification-preferences-card";
import { ProfileCard } from "@/features/profile/components/profile-card";
import { SecurityCard } from "@/features/security/components/security-card";
import { AccountDataCard } from "@/features/user-account/components/account-data-card";

/** Settings: the spec's Profile, Security and Billing, with the member's notifications and their account's data. */
export default function SettingsRoute() {
  return (
    <>
      <PageHeader title="Settings" description="Your profile, security, notifications and billing." />
      <div className="grid max-w-2xl gap-6">
        <ProfileCard />
        <SecurityCard />
        <NotificationPreferencesCard />
        <BillingSettingsCard />
        <AccountDataCard />
      </div>
    </>
  );
}
