import { WEBHOOK_MESSAGES as M, type WebhookDelivery } from "@app/shared";
import { formatDistanceToNow } from "date-fns";
import { ChevronRight } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { formatDateTime } from "@/lib/time-zone";
import { useDisplayTimeZone } from "@/lib/use-display-time-zone";
import { cn } from "@/lib/utils";
import { useWebhookDeliveries } from "../api/webhooks";
import { deliveryOutcome, eventLabel, payloadText, STATUS_BADGES } from "../utils/webhooks";

/** An endpoint's delivery log, newest first: each delivery opens on its attempts, answer and payload. */
export function WebhookDeliveries({ webhookId, url }: { webhookId: string; url: string }) {
  const deliveries = useWebhookDeliveries(webhookId, { enabled: true });
  if (deliveries.isPending) return <Skeleton className="h-16 w-full" />;
  if (deliveries.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {M.deliveriesFailed}
      </p>
    );
  }
  const list = deliveries.data.pages.flatMap((p) => p.deliveries);
  if (list.length === 0) return <p className="text-sm text-muted-foreground">{M.noDeliveries}</p>;
  return (
    <div className="grid gap-2">
      <ul aria-label={M.deliveriesOf(url)} className="divide-y rounded-md border">
        {list.map((d) => (
          <DeliveryRow key={d.id} delivery={d} />
        ))}
      </ul>
      {deliveries.hasNextPage && (
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={deliveries.isFetchingNextPage}
            onClick={() => void deliveries.fetchNextPage()}
          >
            {deliveries.isFetchingNextPage && <Spinner className="size-4 text-current" label={M.loadMore} />}
            {M.loadMore}
          </Button>
        </div>
      )}
    </div>
  );
}

function DeliveryRow({ delivery: d }: { delivery: WebhookDelivery }) {
  const zone = useDisplayTimeZone();
  const when = formatDateTime(d.createdAt, zone);
  return (
    <li>
      <details className="group">
        <summary className="flex cursor-pointer list-none flex-wrap items-center gap-x-3 gap-y-1 p-2.5 text-sm hover:bg-accent/50 [&::-webkit-details-marker]:hidden">
          <ChevronRight className="size-4 shrink-0 transition-transform group-open:rotate-90" aria-hidden />
          <span className="font-medium">{eventLabel(d.event)}</span>
          <Badge variant={STATUS_BADGES[d.status]}>{M.statusLabels[d.status]}</Badge>
          <span className="text-xs text-muted-foreground">{deliveryOutcome(d)}</span>
          <time dateTime={d.createdAt} className="text-xs text-muted-foreground sm:ml-auto">
            {when}
          </time>
        </summary>
        <div className="grid gap-3 border-t bg-muted/20 p-3 text-xs">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="text-muted-foreground">{M.eventLabel}</dt>
            <dd className="break-all font-mono">{d.event}</dd>
            <dt className="text-muted-foreground">{M.attemptsLabel}</dt>
            <dd>
              {M.attempts(d.attempts)}
              {d.durationMs !== null && ` · ${M.durationMs(d.durationMs)}`}
            </dd>
            {d.nextAttemptAt && (
              <>
                <dt className="text-muted-foreground">{M.nextAttemptLabel}</dt>
                <dd>
                  <time dateTime={d.nextAttemptAt} title={formatDateTime(d.nextAttemptAt, zone)}>
                    {M.nextAttempt(formatDistanceToNow(new Date(d.nextAttemptAt), { addSuffix: true }))}
                  </time>
                </dd>
              </>
            )}
            {d.error && (
              <>
                <dt className="text-muted-foreground">{M.errorLabel}</dt>
                <dd className="break-words">{d.error}</dd>
              </>
            )}
            <dt className="text-muted-foreground">{M.eventIdLabel}</dt>
            <dd className="break-all font-mono">{d.eventId}</dd>
          </dl>
          {d.responseBody && (
            <Block
              label={M.responseLabel}
              text={d.responseBody}
              className="max-h-40 [&>pre]:whitespace-pre-wrap [&>pre]:break-all"
            />
          )}
          <Block label={M.payloadLabel} text={payloadText(d.payload)} className="max-h-64" />
        </div>
      </details>
    </li>
  );
}

/** A block of text as it came (an answer, a payload), scrolled inside its box, reachable by keyboard to scroll. */
function Block({ label, text, className }: { label: string; text: string; className: string }) {
  return (
    <div className="grid gap-1">
      <p className="font-medium">{label}</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling area must be reachable by keyboard */}
      <section tabIndex={0} aria-label={label} className={cn("overflow-auto rounded border bg-background", className)}>
        <pre className="p-2 font-mono">{text}</pre>
      </section>
    </div>
  );
}
