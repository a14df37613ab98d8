import { Link2 } from "lucide-react";
import { PageHeader } from "@/components/layouts/page-header";
import { EmptyState } from "@/components/ui/empty-state";

export default function ConnectedAccountsRoute() {
  return (
    <>
      <PageHeader title="Connected Accounts" description="Connect and manage your social media accounts." />
      <EmptyState
        icon={Link2}
        title="No accounts connected"
        description="Connect Facebook, Instagram, X, LinkedIn, Pinterest, TikTok or YouTube to start publishing."
      />
    </>
  );
}
