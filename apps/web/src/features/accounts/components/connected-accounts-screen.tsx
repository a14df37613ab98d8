import { ACCOUNT_MESSAGES } from "@app/shared";
import { Link2, Plus, RefreshCw, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { PageHeader } from "@/components/layouts/page-header";
import { PermissionHint } from "@/components/permission-hint";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { useCan } from "@/lib/permissions";
import { useAccounts } from "../api/get-accounts";
import { useUsage } from "../api/get-usage";
import { AccountCard, type CreatePostAction } from "./account-card";
import { AccountsGridSkeleton } from "./accounts-grid-skeleton";
import { ConnectAccountDialog } from "./connect-account-dialog";

/**
 * The Connected Accounts screen: the grid of accounts, Refresh, and Connect New Account. `createPost` wires
 * each card's Create Post (the route passes the post dialogs); without it the card links to the composer.
 */
export function ConnectedAccountsScreen({ createPost }: { createPost?: CreatePostAction } = {}) {
  const accounts = useAccounts();
  const usage = useUsage();
  const [connectOpen, setConnectOpen] = useState(false);
  const manage = useCan("account", "manage");
  const list = accounts.data ?? [];
  const limit = usage.data?.limits.socialAccounts;
  const refreshing = accounts.isFetching && !accounts.isPending;

  const refetch = () => {
    void accounts.refetch();
    void usage.refetch();
  };

  return (
    <>
      <PageHeader
        title="Connected Accounts"
        description="Connect and manage your social media accounts."
        actions={
          <>
            <Button variant="outline" onClick={refetch} disabled={accounts.isFetching}>
              {refreshing ? <Spinner className="size-4 text-current" label="Refreshing" /> : <RefreshCw aria-hidden />}
              Refresh
            </Button>
            <PermissionHint permission={manage}>
              <Button onClick={() => setConnectOpen(true)} disabled={!manage.allowed}>
                <Plus aria-hidden />
                Connect New Account
              </Button>
            </PermissionHint>
          </>
        }
      />

      {usage.data && limit != null && (
        <p className="-mt-3 mb-6 text-sm text-muted-foreground">
          {usage.data.socialAccountsCount} of {limit} social accounts used on your plan.
        </p>
      )}

      {accounts.isError && (
        <Alert variant="destructive" className="mb-6">
          <TriangleAlert aria-hidden />
          <AlertTitle>Couldn't load your accounts</AlertTitle>
          <AlertDescription>
            <p>{accounts.error.message}</p>
            <div>
              <Button size="sm" variant="outline" onClick={refetch}>
                Try again
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      )}

      {accounts.isPending ? (
        <AccountsGridSkeleton />
      ) : list.length === 0 ? (
        !accounts.isError && (
          <EmptyState
            icon={Link2}
            title={ACCOUNT_MESSAGES.noAccounts}
            description="Connect Facebook, Instagram, X, LinkedIn, Pinterest, TikTok or YouTube to start publishing."
            action={
              <PermissionHint permission={manage}>
                <Button onClick={() => setConnectOpen(true)} disabled={!manage.allowed}>
                  <Plus aria-hidden />
                  Connect Your First Account
                </Button>
              </PermissionHint>
            }
          />
        )
      ) : (
        <ul aria-label="Connected accounts" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {list.map((account) => (
            <li key={account.id} className="min-w-0">
              <AccountCard account={account} createPost={createPost} />
            </li>
          ))}
        </ul>
      )}

      <ConnectAccountDialog open={connectOpen} onOpenChange={setConnectOpen} />
    </>
  );
}
