import { PLATFORM_LABELS, type SocialAccount } from "@app/shared";
import { Unplug } from "lucide-react";
import { useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { usePosts } from "@/features/posts/api/get-posts";
import { accountName } from "../utils/accounts-cache";

/** What disconnecting does to the posts already scheduled for the account, as the server really handles them. */
function ScheduledPostsNote({ account, open }: { account: SocialAccount; open: boolean }) {
  const scheduled = usePosts({ status: "scheduled" }, { enabled: open });
  if (scheduled.isPending) return <p className="text-sm text-muted-foreground">Checking your scheduled posts…</p>;
  // Without the list the consequence is still stated, only without the count.
  const count = scheduled.data?.filter((p) => p.targets.some((t) => t.accountId === account.id)).length;
  const network = PLATFORM_LABELS[account.platform];
  if (count === 0) return <p className="text-sm">No scheduled posts include this account.</p>;
  const one = count === 1;
  const what =
    count === undefined
      ? "Posts scheduled for this account stay"
      : `${count} scheduled ${one ? "post includes" : "posts include"} this account. ${one ? "It stays" : "They stay"}`;
  return (
    <p className="text-sm">
      {what} scheduled and still {one ? "goes" : "go"} out to your other accounts, but publishing to {network} fails
      unless you connect this account again before {one ? "it is" : "they are"} due.
    </p>
  );
}

/** Disconnect, asked first: it says what becomes of the account's scheduled posts. */
export function DisconnectAccountDialog({
  account,
  disabled,
  pending,
  onConfirm,
}: {
  account: SocialAccount;
  disabled: boolean;
  pending: boolean;
  onConfirm(): void;
}) {
  const [open, setOpen] = useState(false);
  const label = PLATFORM_LABELS[account.platform];
  const name = accountName(account);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button
          size="sm"
          variant="outline"
          className="text-destructive hover:text-destructive dark:text-red-400 dark:hover:text-red-400"
          disabled={disabled}
          aria-label={`Disconnect ${label} account ${name}`}
        >
          {pending ? <Spinner className="size-4 text-current" label="Working" /> : <Unplug aria-hidden />}
          Disconnect
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="break-words">
            Disconnect {label} account {name}?
          </AlertDialogTitle>
          <AlertDialogDescription>
            {label} stops receiving posts from here, and the account frees a place on your plan. You can connect it
            again at any time.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <ScheduledPostsNote account={account} open={open} />
        <AlertDialogFooter>
          <AlertDialogCancel>Keep Account</AlertDialogCancel>
          <Button
            variant="destructive"
            onClick={() => {
              setOpen(false);
              onConfirm();
            }}
          >
            Disconnect
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
