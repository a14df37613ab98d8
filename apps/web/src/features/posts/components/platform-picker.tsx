import { ACCOUNT_MESSAGES, PLATFORM_LABELS, POST_MESSAGES, type SocialAccount } from "@app/shared";
import { Check, Link2, TriangleAlert } from "lucide-react";
import { Link } from "react-router";
import { PlatformIcon } from "@/components/platform-icon";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { accountName } from "@/features/accounts/utils/accounts-cache";
import { cn } from "@/lib/utils";

/** The user's connected accounts as checkable cards: the post goes to each one chosen. */
export function PlatformPicker({
  accounts,
  loading,
  error,
  onRetry,
  value,
  onChange,
}: {
  accounts: SocialAccount[];
  loading: boolean;
  error: Error | null;
  onRetry(): void;
  value: string[];
  onChange(ids: string[]): void;
}) {
  if (loading)
    return (
      <div className="grid gap-2 sm:grid-cols-2">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
    );
  if (error && accounts.length === 0)
    return (
      <Alert variant="destructive">
        <TriangleAlert aria-hidden />
        <AlertTitle>Couldn't load your accounts</AlertTitle>
        <AlertDescription>
          <p>{error.message}</p>
          <div>
            <Button type="button" size="sm" variant="outline" onClick={onRetry}>
              Try again
            </Button>
          </div>
        </AlertDescription>
      </Alert>
    );
  if (accounts.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed px-4 py-6 text-center">
        <Link2 className="size-6 text-muted-foreground" aria-hidden />
        <p className="font-medium">{POST_MESSAGES.noAccountsTitle}</p>
        <Button asChild size="sm">
          <Link to="/connected-accounts">Connect Accounts</Link>
        </Button>
      </div>
    );

  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <ul className="grid gap-2 sm:grid-cols-2" aria-label="Accounts to post to">
      {accounts.map((account) => {
        const checked = value.includes(account.id);
        const name = accountName(account);
        const label = PLATFORM_LABELS[account.platform];
        const expired = account.status === "expired";
        return (
          <li key={account.id} className="min-w-0">
            <label
              className={cn(
                "flex min-w-0 cursor-pointer items-center gap-3 rounded-md border p-3 transition-colors hover:bg-accent/50 has-focus-visible:outline-2 has-focus-visible:outline-ring",
                checked && "border-primary bg-primary/5",
              )}
            >
              <input
                type="checkbox"
                className="sr-only"
                checked={checked}
                onChange={(e) => toggle(account.id, e.target.checked)}
                aria-label={`${label}: ${name}`}
              />
              <PlatformIcon platform={account.platform} size="sm" />
              <span className="min-w-0 flex-1">
                <span className="block truncate text-sm font-medium">{name}</span>
                <span className="block truncate text-xs text-muted-foreground">
                  {label}
                  {expired && ` · ${ACCOUNT_MESSAGES.tokenRejected}`}
                </span>
              </span>
              <span
                aria-hidden
                className={cn(
                  "flex size-5 shrink-0 items-center justify-center rounded border",
                  checked ? "border-primary bg-primary text-primary-foreground" : "border-input",
                )}
              >
                {checked && <Check className="size-3.5" />}
              </span>
            </label>
          </li>
        );
      })}
    </ul>
  );
}
