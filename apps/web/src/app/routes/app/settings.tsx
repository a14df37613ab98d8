import { PageHeader } from "@/components/layouts/page-header";
import { ApiKeysCard } from "@/features/api-keys/components/api-keys-card";
import { BillingSettingsCard } from "@/features/billing/components/billing-settings-card";
import { NotificationPreferencesCard } from "@/features/notifications/components/notification-preferences-card";
import { ProfileCard } from "@/features/profile/components/profile-card";
import { SecurityCard } from "@/features/security/components/security-card";
import { AccountDataCard } from "@/features/user-account/components/account-data-card";
import { WebhooksCard } from "@/features/webhooks/components/webhooks-card";
import { useScrollToHash } from "@/hooks/use-scroll-to-hash";

/**
 * Settings: the spec's Profile, Security and Billing, with the member's notifications, the workspace's API keys
 * and webhooks (`#webhooks`: where an endpoint turned off leads), and their account's data.
 */
export default function SettingsRoute() {
  useScrollToHash();
  return (
    <>
      <PageHeader
        title="Settings"
        description="Your profile, security, notifications, API keys, webhooks and billing."
      />
      <div className="grid max-w-2xl gap-6">
        <ProfileCard />
        <SecurityCard />
        <NotificationPreferencesCard />
        <ApiKeysCard />
        <WebhooksCard />
        <BillingSettingsCard />
        <AccountDataCard />
      </div>
    </>
  );
}
