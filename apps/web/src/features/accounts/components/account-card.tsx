import {
  ACCOUNT_MESSAGES,
  DIRECT_POST_PLATFORMS,
  EXPIRY_MESSAGES,
  PLATFORM_LABELS,
  type SocialAccount,
  TOKEN_RENEWAL,
} from "@app/shared";
import { CircleAlert, Clock, PenSquare, RefreshCw, Users } from "lucide-react";
import type { ReactElement, ReactNode } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { PermissionHint } from "@/components/permission-hint";
import { PlatformIcon } from "@/components/platform-icon";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useCan } from "@/lib/permissions";
import { formatDateTime } from "@/lib/time-zone";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { initials } from "@/lib/utils";
import { useDisconnectAccount } from "../api/disconnect-account";
import { useRefreshAccount } from "../api/refresh-account";
import { useConnectPlatform } from "../hooks/use-connect-platform";
import { accountName } from "../utils/accounts-cache";
import { formatFollowers } from "../utils/format";
import { AccountStatusBadge, SandboxBadge } from "./account-status-badge";
import { DisconnectAccountDialog } from "./disconnect-account-dialog";

/**
 * The card's Create Post, given by the screen's route (the accounts feature does not write posts): it gets the
 * account and the card's button, and returns the button wired to what it opens.
 */
export type CreatePostAction = (account: SocialAccount, trigger: ReactElement) => ReactNode;

/** One connected account on the Connected Accounts screen, with what can be done to it. */
export function AccountCard({ account, createPost }: { account: SocialAccount; createPost?: CreatePostAction }) {
  const disconnect = useDisconnectAccount({
    onSuccess: () => toast.success(ACCOUNT_MESSAGES.disconnectedTitle, { description: ACCOUNT_MESSAGES.disconnected }),
    onError: (err) => {
      console.error(ACCOUNT_MESSAGES.disconnectFailedWith(err.message));
      toast.error(ACCOUNT_MESSAGES.disconnectFailedTitle, { description: ACCOUNT_MESSAGES.disconnectFailed });
    },
  });
  const refresh = useRefreshAccount();
  const { connect, pendingPlatform } = useConnectPlatform();
  // Reconnect, refresh and disconnect are the owner's and admins' (account.manage).
  const manage = useCan("account", "manage");
  const zone = useDisplayTimeZone();

  const label = PLATFORM_LABELS[account.platform];
  const name = accountName(account);
  const handle = account.displayName && account.username ? account.username : null;
  const who = `${label} account ${name}`;
  const expired = account.status === "expired";
  // Access ends for good within days: the owner reconnects before then, and may still post meanwhile.
  const expiring = account.status === "expiring" && account.reconnectBy !== null;
  const endsAt = account.reconnectBy ? formatDateTime(account.reconnectBy, zone) : null;
  // A failed renewal is recorded on the account by the server; until that copy arrives, show the answer itself.
  const problem = account.lastError ?? (refresh.isError ? refresh.error.message : null);
  const busy = disconnect.isPending || refresh.isPending || pendingPlatform !== null;

  const refreshToken = () =>
    refresh.mutate(account.id, {
      // A failure shows on the card (the error the server records), with no toast: the spec's rule.
      onSuccess: (renewed) =>
        // A network that cannot renew its token (Facebook) only has it checked: say so, not "refreshed".
        toast.success(TOKEN_RENEWAL[account.platform] === "none" ? "Connection checked" : "Token refreshed", {
          description: renewed.tokenExpiresAt
            ? `${who} stays connected until ${formatDateTime(renewed.tokenExpiresAt, zone)}.`
            : `${who} is connected.`,
        }),
    });

  const reconnect = (expired || expiring) && (
    <PermissionHint permission={manage}>
      <Button
        size="sm"
        onClick={() => connect(account.platform)}
        disabled={busy || !manage.allowed}
        aria-label={`Reconnect ${who}`}
      >
        {pendingPlatform ? <Spinner className="size-4 text-current" label="Working" /> : <RefreshCw aria-hidden />}
        Reconnect
      </Button>
    </PermissionHint>
  );
  const createPostButton =
    !expired &&
    DIRECT_POST_PLATFORMS.includes(account.platform) &&
    (createPost ? (
      createPost(
        account,
        <Button size="sm" aria-label={`Create Post with ${who}`}>
          <PenSquare aria-hidden />
          Create Post
        </Button>,
      )
    ) : (
      <Button size="sm" asChild>
        <Link to={`/create-post?account=${encodeURIComponent(account.id)}`} aria-label={`Create Post with ${who}`}>
          <PenSquare aria-hidden />
          Create Post
        </Link>
      </Button>
    ));

  return (
    <Card className="flex h-full min-w-0 flex-col">
      <div className="flex items-center gap-2 border-b px-4 py-3">
        <PlatformIcon platform={account.platform} size="sm" />
        <span className="mr-auto min-w-0 truncate text-sm font-medium">{label}</span>
        <AccountStatusBadge status={account.status} until={endsAt} />
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex min-w-0 items-center gap-3">
          <Avatar className="size-11">
            {account.avatarUrl && <AvatarImage src={account.avatarUrl} alt="" />}
            <AvatarFallback className="text-sm">{initials(name)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0">
            <h2 className="truncate font-semibold" title={name}>
              <span className="sr-only">{label}: </span>
              {name}
            </h2>
            {handle && (
              <p className="truncate text-sm text-muted-foreground" title={handle}>
                {handle}
              </p>
            )}
            {account.sandbox && <SandboxBadge className="mt-1" />}
          </div>
        </div>

        <dl className="grid gap-1 text-sm">
          <div className="flex items-center gap-2">
            <Users className="size-4 text-muted-foreground" aria-hidden />
            <dt className="sr-only">Followers</dt>
            <dd>{formatFollowers(account.followerCount)}</dd>
          </div>
          {account.tokenExpiresAt && (
            <div className="flex items-center gap-2 text-muted-foreground">
              <RefreshCw className="size-4" aria-hidden />
              <dt className="sr-only">Token</dt>
              <dd>
                {expired ? "Token expired" : "Token valid until"} {formatDateTime(account.tokenExpiresAt, zone)}
              </dd>
            </div>
          )}
        </dl>

        {expiring && endsAt && (
          <p className="flex gap-2 rounded-md bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
            <Clock className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">{EXPIRY_MESSAGES.cardLine(endsAt)}</span>
          </p>
        )}

        {problem && (
          <p className="flex gap-2 rounded-md bg-destructive/5 p-2 text-sm text-destructive dark:text-red-300">
            <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">{problem}</span>
          </p>
        )}

        {/* The main action gets a row of its own and the two others share the bottom row, so the rows line up
            across the cards of the grid whichever actions each card has. */}
        <div className="mt-auto grid gap-2 pt-1">
          {(reconnect || createPostButton) && (
            <div className="flex gap-2 *:min-w-0 *:flex-1">
              {reconnect}
              {createPostButton}
            </div>
          )}
          <div className="grid grid-cols-2 gap-2">
            <PermissionHint permission={manage}>
              <Button
                size="sm"
                variant="outline"
                onClick={refreshToken}
                disabled={busy || !manage.allowed}
                aria-label={`Refresh token of ${who}`}
              >
                {refresh.isPending ? (
                  <Spinner className="size-4 text-current" label="Refreshing token" />
                ) : (
                  <RefreshCw aria-hidden />
                )}
                Refresh token
              </Button>
            </PermissionHint>
            <PermissionHint permission={manage}>
              <DisconnectAccountDialog
                account={account}
                disabled={busy || !manage.allowed}
                pending={disconnect.isPending}
                onConfirm={() => disconnect.mutate(account.id)}
              />
            </PermissionHint>
          </div>
        </div>
      </div>
    </Card>
  );
}
