import {
  type AppNotification,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
  NOTIFICATION_CATEGORY_OF,
  NOTIFICATION_MESSAGES,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationCategory,
  type NotificationKind,
} from "@app/shared";
import { formatDistanceToNow } from "date-fns";
import {
  Bell,
  BellDot,
  CalendarClock,
  CalendarDays,
  CheckCheck,
  CircleAlert,
  CircleCheck,
  CircleX,
  Clock,
  CreditCard,
  Crown,
  Heart,
  HelpCircle,
  Hourglass,
  ListTodo,
  type LucideIcon,
  Mail,
  MessageCircle,
  RefreshCw,
  Repeat2,
  ShieldCheck,
  Sun,
  ThumbsUp,
  Unplug,
  UserPlus,
  Webhook,
} from "lucide-react";
import { useEffect, useId } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { PlatformIcon } from "@/components/platform-icon";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { MemberAvatar } from "@/features/team/components/member-avatar";
import { formatDateTime } from "@/lib/time-zone";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { cn } from "@/lib/utils";
import { useNotifications } from "../api/get-notifications";
import { useMarkRead } from "../api/mark-read";
import {
  DEFAULT_FILTER,
  destinationOf,
  filterFromSearch,
  kindsOf,
  linkLabelOf,
  NOTIFICATION_KIND_LABELS,
  type NotificationFilter,
  pageCount,
  searchOfFilter,
} from "../utils/notifications";

const KIND_ICONS: Record<NotificationKind, { icon: LucideIcon; tone: string }> = {
  post_published: { icon: CircleCheck, tone: "text-emerald-600 dark:text-emerald-400" },
  publish_failed: { icon: CircleAlert, tone: "text-destructive" },
  publish_unconfirmed: { icon: HelpCircle, tone: "text-amber-600 dark:text-amber-400" },
  account_expiring: { icon: Clock, tone: "text-amber-600 dark:text-amber-400" },
  account_expired: { icon: Unplug, tone: "text-destructive" },
  account_reconnect: { icon: RefreshCw, tone: "text-destructive" },
  webhook_disabled: { icon: Webhook, tone: "text-destructive" },
  invitation_received: { icon: Mail, tone: "text-primary" },
  ownership_received: { icon: Crown, tone: "text-primary" },
  approval_requested: { icon: ShieldCheck, tone: "text-primary" },
  post_approved: { icon: ThumbsUp, tone: "text-emerald-600 dark:text-emerald-400" },
  post_rejected: { icon: CircleX, tone: "text-amber-600 dark:text-amber-400" },
  task_assigned: { icon: ListTodo, tone: "text-primary" },
  task_due: { icon: CalendarClock, tone: "text-amber-600 dark:text-amber-400" },
  trial_ending: { icon: Hourglass, tone: "text-amber-600 dark:text-amber-400" },
  payment_failed: { icon: CreditCard, tone: "text-destructive" },
  new_comments: { icon: MessageCircle, tone: "text-sky-600 dark:text-sky-400" },
  new_likes: { icon: Heart, tone: "text-rose-600 dark:text-rose-400" },
  new_shares: { icon: Repeat2, tone: "text-emerald-600 dark:text-emerald-400" },
  new_followers: { icon: UserPlus, tone: "text-violet-600 dark:text-violet-400" },
};

function SummaryCard({ title, value, icon: Icon }: { title: string; value: number | null; icon: LucideIcon }) {
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

/** Unread by category: each card also filters the list by its category (pressed again: every category). */
function CategoryCards({
  counts,
  selected,
  onSelect,
}: {
  counts: Record<NotificationCategory, number> | null;
  selected: NotificationCategory | undefined;
  onSelect(category: NotificationCategory | undefined): void;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="grid gap-2">
      <h2 id={id} className="text-sm font-medium text-muted-foreground">
        Unread by category
      </h2>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        {NOTIFICATION_CATEGORIES.map((category) => {
          const count = counts?.[category];
          const pressed = selected === category;
          return (
            <li key={category} className="min-w-0">
              <button
                type="button"
                aria-pressed={pressed}
                aria-label={`${NOTIFICATION_CATEGORY_LABELS[category]}: ${count ?? "…"} unread`}
                onClick={() => onSelect(pressed ? undefined : category)}
                className={cn(
                  "flex w-full min-w-0 items-center justify-between gap-2 rounded-md border bg-card px-3 py-2 text-left text-sm transition-colors hover:bg-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  pressed && "border-primary bg-primary/10",
                )}
              >
                <span className="truncate">{NOTIFICATION_CATEGORY_LABELS[category]}</span>
                {count === undefined ? (
                  <Skeleton className="h-5 w-6" />
                ) : (
                  <span className={cn("font-semibold tabular-nums", count === 0 && "text-muted-foreground")}>
                    {count}
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Filters({ filter, onChange }: { filter: NotificationFilter; onChange(next: NotificationFilter): void }) {
  const categoryId = useId();
  const kindId = useId();
  const unreadId = useId();
  return (
    <div className="grid w-full grid-cols-2 gap-3 sm:flex sm:w-auto sm:flex-wrap sm:items-end">
      <div className="grid min-w-0 gap-1.5 sm:w-44">
        <Label htmlFor={categoryId}>Category</Label>
        <NativeSelect
          id={categoryId}
          value={filter.category ?? ""}
          onChange={(e) => {
            const category = (e.target.value || undefined) as NotificationCategory | undefined;
            const kind =
              filter.kind && category && NOTIFICATION_CATEGORY_OF[filter.kind] !== category ? undefined : filter.kind;
            onChange({ ...filter, category, kind, page: 1 });
          }}
        >
          <option value="">All categories</option>
          {NOTIFICATION_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {NOTIFICATION_CATEGORY_LABELS[c]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid min-w-0 gap-1.5 sm:w-52">
        <Label htmlFor={kindId}>Kind</Label>
        <NativeSelect
          id={kindId}
          value={filter.kind ?? ""}
          onChange={(e) => onChange({ ...filter, kind: (e.target.value || undefined) as NotificationKind, page: 1 })}
        >
          <option value="">All kinds</option>
          {kindsOf(filter.category).map((k) => (
            <option key={k} value={k}>
              {NOTIFICATION_KIND_LABELS[k]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="col-span-2 flex h-10 items-center gap-2">
        <Switch
          id={unreadId}
          checked={filter.unread}
          onCheckedChange={(unread) => onChange({ ...filter, unread, page: 1 })}
        />
        <Label htmlFor={unreadId}>Unread only</Label>
      </div>
    </div>
  );
}

function NotificationItem({
  n,
  onRead,
  busy,
}: {
  n: AppNotification;
  /** marks it read (nothing when it is already) */
  onRead(): void;
  busy: boolean;
}) {
  const { icon: Icon, tone } = KIND_ICONS[n.kind];
  const to = destinationOf(n);
  const created = new Date(n.createdAt);
  const titleId = useId();
  const zone = useDisplayTimeZone();
  return (
    <li
      aria-labelledby={titleId}
      className={cn("flex min-w-0 gap-3 rounded-lg border p-4", n.read ? "bg-card" : "border-primary/40 bg-primary/5")}
    >
      <span className="relative size-9 shrink-0">
        <span className="flex size-9 items-center justify-center rounded-full bg-muted">
          <Icon className={cn("size-5", tone)} aria-hidden />
        </span>
        {n.platform && (
          <PlatformIcon
            platform={n.platform}
            size="sm"
            className="absolute -bottom-1 -right-1 size-4 rounded-sm text-[0.5rem] ring-2 ring-background"
          />
        )}
      </span>
      <div className="grid min-w-0 flex-1 gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="break-words font-medium">
            {n.title}
          </h3>
          {!n.read && <Badge>New</Badge>}
        </div>
        {n.message && <p className="break-words text-sm text-muted-foreground">{n.message}</p>}
        {n.postExcerpt && (
          <p className="line-clamp-2 break-words border-l-2 pl-2 text-sm">
            <span className="sr-only">Post: </span>“{n.postExcerpt}”
          </p>
        )}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
          {n.actor && (
            <span className="flex min-w-0 items-center gap-1.5">
              <MemberAvatar person={n.actor} className="size-5 text-[0.6rem]" />
              <span className="truncate">{n.actor.name || n.actor.email}</span>
            </span>
          )}
          <time
            dateTime={n.createdAt}
            title={Number.isNaN(created.getTime()) ? undefined : formatDateTime(created, zone)}
          >
            {Number.isNaN(created.getTime()) ? n.createdAt : formatDistanceToNow(created, { addSuffix: true })}
          </time>
          {to && (
            <Link
              className="font-medium text-primary underline-offset-4 hover:underline"
              to={to}
              onClick={() => onRead()}
              aria-label={n.postExcerpt ? `${linkLabelOf(n)} “${n.postExcerpt}”` : undefined}
            >
              {linkLabelOf(n)}
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
 * The member's notifications, newest first: their counts (unread, today, this week, unread by category),
 * a filter by category, kind and unread, a page at a time. The filter lives in the address.
 */
export function NotificationsScreen() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromSearch(params);
  const query = useNotifications(filter);
  const mark = useMarkRead();
  const data = query.data;
  const summary = data?.summary ?? null;
  const pages = data ? pageCount(data.total, NOTIFICATIONS_PAGE_SIZE) : 1;
  const filtered = Boolean(filter.category || filter.kind || filter.unread);

  const setFilter = (next: NotificationFilter) => setParams(new URLSearchParams(searchOfFilter(next)));

  // A page that no longer exists (all read in "Unread only", fewer than before): the last one instead.
  const { page } = filter;
  useEffect(() => {
    if (data && !query.isPlaceholderData && page > pages) {
      setParams(new URLSearchParams(searchOfFilter({ ...filterFromSearch(params), page: pages })), { replace: true });
    }
  }, [data, query.isPlaceholderData, page, pages, params, setParams]);

  const markAll = () =>
    mark.mutate(undefined, {
      onSuccess: () => toast.success(NOTIFICATION_MESSAGES.allRead),
      onError: () => toast.error(NOTIFICATION_MESSAGES.markFailed),
    });
  const markOne = (n: AppNotification) => {
    if (!n.read) mark.mutate(n.id, { onError: () => toast.error(NOTIFICATION_MESSAGES.markFailed) });
  };

  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-3 gap-3 sm:gap-4">
        <SummaryCard title="Unread" value={summary ? summary.unread : null} icon={BellDot} />
        <SummaryCard title="Today" value={summary ? summary.today : null} icon={Sun} />
        <SummaryCard title="This week" value={summary ? summary.thisWeek : null} icon={CalendarDays} />
      </div>
      <CategoryCards
        counts={summary?.byCategory ?? null}
        selected={filter.category}
        onSelect={(category) => setFilter({ ...filter, category, kind: undefined, page: 1 })}
      />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <Filters filter={filter} onChange={setFilter} />
        <Button
          variant="outline"
          onClick={markAll}
          disabled={!summary || summary.unread === 0 || mark.isPending}
          className="w-full sm:w-auto"
        >
          {mark.isPending && mark.variables === undefined ? (
            <Spinner className="size-4 text-current" label="Working" />
          ) : (
            <CheckCheck aria-hidden />
          )}
          {NOTIFICATION_MESSAGES.markAllRead}
        </Button>
      </div>
      {query.isError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>
            <p>{NOTIFICATION_MESSAGES.listFailed}</p>
            <Button
              variant="outline"
              size="sm"
              className="mt-2"
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      )}
      {query.isPending ? (
        <div className="grid gap-3" role="status" aria-busy="true">
          <span className="sr-only">Loading notifications</span>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      ) : !data ? null : data.notifications.length === 0 ? (
        filtered ? (
          <EmptyState
            icon={Bell}
            title={NOTIFICATION_MESSAGES.emptyFiltered}
            action={
              <Button variant="outline" onClick={() => setFilter(DEFAULT_FILTER)}>
                {NOTIFICATION_MESSAGES.clearFilters}
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={Bell}
            title={NOTIFICATION_MESSAGES.emptyTitle}
            description={NOTIFICATION_MESSAGES.emptyDescription}
          />
        )
      ) : (
        <>
          <ul
            className={cn("grid gap-3 transition-opacity", query.isPlaceholderData && "opacity-60")}
            aria-label="Notifications"
            aria-busy={query.isPlaceholderData}
          >
            {data.notifications.map((n) => (
              <NotificationItem
                key={n.id}
                n={n}
                busy={mark.isPending && mark.variables === n.id}
                onRead={() => markOne(n)}
              />
            ))}
          </ul>
          {pages > 1 && (
            <nav aria-label="Notification pages" className="flex items-center justify-between gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1}
                onClick={() => setFilter({ ...filter, page: page - 1 })}
              >
                Previous
              </Button>
              <p className="text-sm text-muted-foreground" aria-live="polite">
                Page {Math.min(page, pages)} of {pages}
              </p>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages || query.isPlaceholderData}
                onClick={() => setFilter({ ...filter, page: page + 1 })}
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}
