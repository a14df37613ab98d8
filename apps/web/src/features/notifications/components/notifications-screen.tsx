import { type AppNotification, EXPIRY_MESSAGES, NOTIFICATION_MESSAGES } from "@app/shared";
import { formatDistanceToNow } from "date-fns";
import { AlertTriangle, Bell, BellDot, CheckCheck, CircleAlert, Clock, HelpCircle } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { PlatformIcon } from "@/components/platform-icon";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { useNotifications } from "../api/get-notifications";
import { useMarkRead } from "../api/mark-read";

function SummaryCard({ title, value, icon: Icon }: { title: string; value: number | null; icon: typeof Bell }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col justify-between rounded-lg border bg-card p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={id} className="text-sm font-medium text-muted-foreground">
          {title}
        </h2>
        <Icon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      </div>
      {value === null ? (
        <Skeleton className="mt-2 h-8 w-12" />
      ) : (
        <p className="mt-1 text-2xl font-bold tabular-nums">{value}</p>
      )}
    </section>
  );
}

function NotificationItem({ n, onRead, busy }: { n: AppNotification; onRead(): void; busy: boolean }) {
  const Icon = { publish_failed: CircleAlert, publish_unconfirmed: HelpCircle, account_expiring: Clock }[n.kind];
  return (
    <li
      className={cn("flex min-w-0 gap-3 rounded-lg border p-4", n.read ? "bg-card" : "border-primary/40 bg-primary/5")}
    >
      {n.platform ? (
        <PlatformIcon platform={n.platform} size="sm" />
      ) : (
        <Icon className="size-5 shrink-0 text-destructive" aria-hidden />
      )}
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-medium">{n.title}</h3>
          {!n.read && <Badge>New</Badge>}
        </div>
        {n.postExcerpt && <p className="break-words text-sm">“{n.postExcerpt}”</p>}
        <p className="break-words text-sm text-muted-foreground">{n.message}</p>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          <time dateTime={n.createdAt}>{formatDistanceToNow(new Date(n.createdAt), { addSuffix: true })}</time>
          {n.postId && (
            <Link
              className="font-medium text-primary underline-offset-4 hover:underline"
              to={`/scheduler?post=${n.postId}`}
              aria-label={n.postExcerpt ? `Open the post “${n.postExcerpt}”` : undefined}
            >
              Open the post
            </Link>
          )}
          {n.kind === "account_expiring" && (
            <Link className="font-medium text-primary underline-offset-4 hover:underline" to="/connected-accounts">
              {EXPIRY_MESSAGES.reconnectLink}
            </Link>
          )}
          {!n.read && (
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0 text-xs"
              onClick={onRead}
              disabled={busy}
              aria-label={`Mark as read: ${n.title}`}
            >
              Mark as read
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

/**
 * The user's notifications, newest first: each post that could not go out, with what the network said, and
 * each account to reconnect before its access ends.
 */
export function NotificationsScreen() {
  const query = useNotifications();
  const mark = useMarkRead();
  const data = query.data;
  const failures = data?.notifications.filter((n) => n.kind === "publish_failed").length ?? null;

  const markAll = () =>
    mark.mutate(undefined, {
      onSuccess: () => toast.success(NOTIFICATION_MESSAGES.allRead),
      onError: () => toast.error(NOTIFICATION_MESSAGES.markFailed),
    });

  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <SummaryCard title="Total" value={data ? data.notifications.length : null} icon={Bell} />
        <SummaryCard title="Unread" value={data ? data.unread : null} icon={BellDot} />
        <SummaryCard title="Failed posts" value={failures} icon={AlertTriangle} />
      </div>
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">Recent</h2>
        <Button variant="outline" onClick={markAll} disabled={!data || data.unread === 0 || mark.isPending}>
          {mark.isPending && mark.variables === undefined ? (
            <Spinner className="size-4 text-current" label="Working" />
          ) : (
            <CheckCheck aria-hidden />
          )}
          {NOTIFICATION_MESSAGES.markAllRead}
        </Button>
      </div>
      {query.isPending ? (
        <div className="grid gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      ) : query.isError ? (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>
            <p>{NOTIFICATION_MESSAGES.listFailed}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : !data || data.notifications.length === 0 ? (
        <EmptyState
          icon={Bell}
          title={NOTIFICATION_MESSAGES.emptyTitle}
          description={NOTIFICATION_MESSAGES.emptyDescription}
        />
      ) : (
        <ul className="grid gap-3" aria-label="Notifications">
          {data.notifications.map((n) => (
            <NotificationItem
              key={n.id}
              n={n}
              busy={mark.isPending}
              onRead={() => mark.mutate(n.id, { onError: () => toast.error(NOTIFICATION_MESSAGES.markFailed) })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
