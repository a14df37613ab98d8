import { ACCOUNT_MESSAGES, PLATFORM_LABELS } from "@app/shared";
import { LayoutGrid, Plus, Settings2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { PermissionHint } from "@/components/permission-hint";
import { PlatformIcon } from "@/components/platform-icon";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { useCan } from "@/lib/permissions";
import { useAccounts } from "../api/get-accounts";
import { accountName } from "../utils/accounts-cache";
import { formatFollowers } from "../utils/format";
import { AccountStatusBadge, SandboxBadge } from "./account-status-badge";
import { ConnectAccountDialog } from "./connect-account-dialog";

/** The dashboard's grid of connected accounts, with the first-connection prompt when there are none. */
export function AccountsOverview({ className }: { className?: string }) {
  const accounts = useAccounts();
  const [connectOpen, setConnectOpen] = useState(false);
  const manage = useCan("account", "manage");
  const list = accounts.data ?? [];

  return (
    <Card className={className}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1.5">
          <CardTitle>Connected Accounts</CardTitle>
          <CardDescription>The networks you publish to.</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to="/connected-accounts">
            <Settings2 aria-hidden />
            Manage Accounts
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {accounts.isPending ? (
          <div role="status" aria-label="Loading accounts" className="grid gap-3 sm:grid-cols-2">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : list.length === 0 ? (
          <EmptyState
            icon={LayoutGrid}
            title={ACCOUNT_MESSAGES.noAccounts}
            description="Connect your social accounts to see followers, scheduled posts and results here."
            action={
              <PermissionHint permission={manage}>
                <Button onClick={() => setConnectOpen(true)} disabled={!manage.allowed}>
                  <Plus aria-hidden />
                  Connect Your First Account
                </Button>
              </PermissionHint>
            }
          />
        ) : (
          <ul aria-label="Connected accounts" className="grid gap-3 sm:grid-cols-2">
            {list.map((account) => (
              <li key={account.id} className="flex min-w-0 items-start gap-3 rounded-lg border p-3">
                <PlatformIcon platform={account.platform} />
                <div className="grid min-w-0 flex-1 justify-items-start gap-0.5">
                  <p className="max-w-full truncate font-medium" title={accountName(account)}>
                    {accountName(account)}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {PLATFORM_LABELS[account.platform]} · {formatFollowers(account.followerCount)}
                  </p>
                  {account.sandbox && <SandboxBadge className="mt-1" />}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ConnectAccountDialog open={connectOpen} onOpenChange={setConnectOpen} />
    </Card>
  );
}

/** The dashboard's side card: each account with its status badge, and a way to manage them. */
export function AccountStatusCard({ className }: { className?: string }) {
  const accounts = useAccounts();
  const list = accounts.data ?? [];
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>Account Status</CardTitle>
        <CardDescription>Whether each connection still works.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {accounts.isPending ? (
          <div role="status" aria-label="Loading account status" className="grid gap-2">
            <Skeleton className="h-6" />
            <Skeleton className="h-6" />
          </div>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">{ACCOUNT_MESSAGES.noAccounts}</p>
        ) : (
          <ul aria-label="Account status" className="grid gap-3">
            {list.map((account) => (
              <li key={account.id} className="flex min-w-0 items-center gap-2 text-sm">
                <PlatformIcon platform={account.platform} size="sm" />
                <span className="min-w-0 flex-1 truncate" title={accountName(account)}>
                  <span className="sr-only">{PLATFORM_LABELS[account.platform]}: </span>
                  {accountName(account)}
                </span>
                <AccountStatusBadge status={account.status} />
              </li>
            ))}
          </ul>
        )}
        <Button asChild variant="outline" size="sm" className="justify-self-start">
          <Link to="/connected-accounts">Manage</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
