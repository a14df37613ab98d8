import { QUEUE_DEFAULT_COUNT, QUEUE_MAX_COUNT, QUEUE_MESSAGES } from "@app/shared";
import { CircleAlert, Link2, ListOrdered } from "lucide-react";
import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { PageHeader } from "@/components/layouts/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { useCan } from "@/lib/permissions";
import { useMoveQueuedPost, usePauseQueue, useQueue } from "../api/queue";
import { AccountQueue, type MoveRequest } from "./account-queue";
import { SlotEditor } from "./slot-editor";
import { TimeZoneCard } from "./time-zone-card";

/** How many more slots of each account "Show more" lists. */
const MORE = 14;

/**
 * The Queue screen: each account's upcoming time slots in order, with the post queued in each or an empty slot;
 * posts move by drag and drop or by Move up / Move down; each account's queue pauses and resumes; the weekly
 * slots (the workspace's or an account's) and the workspace's time zone are edited beside them.
 */
export function QueueScreen() {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const accountId = params.get("account");
  const [count, setCount] = useState(QUEUE_DEFAULT_COUNT / 2);
  const queue = useQueue(accountId, count);
  const move = useMoveQueuedPost();
  const pause = usePauseQueue();
  const schedule = useCan("post", "schedule");
  const zonePermission = useCan("organization", "update");
  const now = new Date();

  const onMove = (request: MoveRequest) =>
    move.mutate(request, {
      onSuccess: (moved) => moved.length && toast.success(QUEUE_MESSAGES.moved),
      onError: (err) => toast.error(QUEUE_MESSAGES.moveFailed, { description: err.message }),
    });
  const onPause = (account: string, paused: boolean) =>
    pause.mutate(
      { accountId: account, paused },
      {
        onSuccess: (res) => toast.success(res.message),
        onError: (err) => toast.error(QUEUE_MESSAGES.pauseFailed, { description: err.message }),
      },
    );

  const header = <PageHeader title={QUEUE_MESSAGES.title} description={QUEUE_MESSAGES.description} />;
  if (queue.isPending)
    return (
      <>
        {header}
        <div role="status" aria-busy="true" aria-label="Loading the queue" className="grid gap-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-24 w-full" />
          ))}
        </div>
      </>
    );
  if (queue.isError)
    return (
      <>
        {header}
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertTitle>{QUEUE_MESSAGES.loadFailed}</AlertTitle>
          <AlertDescription>
            <p>{queue.error.message}</p>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => void queue.refetch()}>
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      </>
    );

  const data = queue.data;
  if (data.accounts.length === 0)
    return (
      <>
        {header}
        <EmptyState
          icon={Link2}
          title={QUEUE_MESSAGES.noAccountsYet}
          action={
            <Button asChild>
              <Link to="/connected-accounts">Connect an account</Link>
            </Button>
          }
        />
      </>
    );

  const byId = new Map(data.accounts.map((a) => [a.id, a]));
  const noSlots = data.slots.length === 0;
  return (
    <>
      {header}
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] xl:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="grid min-w-0 content-start gap-4">
          <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
            <div className="grid w-full gap-1.5 sm:w-72">
              <Label htmlFor={`${id}-account`}>{QUEUE_MESSAGES.accountFilter}</Label>
              <NativeSelect
                id={`${id}-account`}
                value={accountId ?? ""}
                onChange={(e) =>
                  setParams(
                    (p) => {
                      if (e.target.value) p.set("account", e.target.value);
                      else p.delete("account");
                      return p;
                    },
                    { replace: true },
                  )
                }
              >
                <option value="">{QUEUE_MESSAGES.allAccounts}</option>
                {data.accounts.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
            {schedule.allowed && !noSlots && (
              <p className="text-sm text-muted-foreground sm:pb-2">{QUEUE_MESSAGES.dragHint}</p>
            )}
          </div>
          <TimeZoneCard zone={data.timeZone} permission={zonePermission} />
          {noSlots && (
            <EmptyState
              icon={ListOrdered}
              title={QUEUE_MESSAGES.noSlotsYet}
              description={QUEUE_MESSAGES.noSlotsYetHint}
              className="py-8"
            />
          )}
          {data.queues.map((q) => {
            const account = byId.get(q.accountId);
            return (
              account && (
                <AccountQueue
                  key={q.accountId}
                  account={account}
                  entries={q.entries}
                  now={now}
                  mayMove={schedule.allowed}
                  movePermission={schedule}
                  busy={move.isPending}
                  pausing={pause.isPending && pause.variables?.accountId === account.id}
                  onMove={onMove}
                  onPause={(paused) => onPause(account.id, paused)}
                />
              )
            );
          })}
          {!noSlots && count < QUEUE_MAX_COUNT && (
            <Button
              type="button"
              variant="outline"
              className="justify-self-center"
              disabled={queue.isFetching}
              onClick={() => setCount(Math.min(QUEUE_MAX_COUNT, count + MORE))}
            >
              Show more slots
            </Button>
          )}
        </div>
        <aside className="min-w-0" aria-label={QUEUE_MESSAGES.slotsTitle}>
          <SlotEditor
            slots={data.slots}
            accounts={data.accounts}
            zone={data.timeZone}
            permission={schedule}
            initialTarget={accountId}
          />
        </aside>
      </div>
    </>
  );
}
