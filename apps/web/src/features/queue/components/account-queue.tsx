import { formatSlotDay, PLATFORM_LABELS, QUEUE_MESSAGES, type QueueAccount, type QueueEntry } from "@app/shared";
import { ArrowDown, ArrowUp, CircleAlert, GripVertical, ImageIcon, Pause, Play } from "lucide-react";
import { useState } from "react";
import { PermissionHint } from "@/components/permission-hint";
import { PlatformIcon } from "@/components/platform-icon";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { Permission } from "@/lib/permissions";
import { cn } from "@/lib/utils";
import { isAhead, moveTarget, slotLabel } from "../utils/queue";

/** The drag's data type: a queued post of one account, and the slot it is in. */
const DRAG_TYPE = "application/x-queued-post";

export interface MoveRequest {
  postId: string;
  accountId: string;
  to: string;
}

/** One slot of the list: its day and time, and its post (draggable, with Move up and Move down) or "Empty slot". */
function SlotRow({
  entry,
  index,
  entries,
  account,
  now,
  mayMove,
  busy,
  onMove,
}: {
  entry: QueueEntry;
  index: number;
  entries: QueueEntry[];
  account: QueueAccount;
  now: Date;
  mayMove: boolean;
  busy: boolean;
  onMove(request: MoveRequest): void;
}) {
  const [over, setOver] = useState(false);
  const post = entry.post;
  const droppable = mayMove && isAhead(entry, now);
  const up = mayMove ? moveTarget(entries, index, -1, now) : null;
  const down = mayMove ? moveTarget(entries, index, 1, now) : null;
  const draggable = mayMove && post !== null && isAhead(entry, now) && !busy;
  const move = (to: string | null) => post && to && onMove({ postId: post.id, accountId: account.id, to });
  return (
    <li
      aria-label={slotLabel(entry)}
      data-testid="queue-slot"
      className={cn(
        "grid grid-cols-[5.5rem_minmax(0,1fr)] items-stretch gap-2 rounded-md p-1 sm:grid-cols-[6.5rem_minmax(0,1fr)] sm:gap-3",
        over && "bg-primary/10 outline-2 outline-dashed outline-primary",
      )}
      onDragOver={(e) => {
        if (!droppable || !e.dataTransfer.types.includes(DRAG_TYPE)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "move";
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        setOver(false);
        const raw = e.dataTransfer.getData(DRAG_TYPE);
        if (!droppable || !raw) return;
        e.preventDefault();
        const dragged = JSON.parse(raw) as { postId: string; accountId: string; at: string };
        if (dragged.accountId !== account.id || dragged.at === entry.at) return;
        onMove({ postId: dragged.postId, accountId: account.id, to: entry.at });
      }}
    >
      <div className="flex flex-col justify-center py-1 text-sm leading-tight">
        <span className="whitespace-nowrap font-medium">{formatSlotDay(entry.date)}</span>
        <span className="tabular-nums text-muted-foreground">{entry.time}</span>
      </div>
      {post ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: dragged with the mouse; Move up and Move down are the keyboard's way
        <div
          draggable={draggable}
          onDragStart={(e) => {
            e.dataTransfer.effectAllowed = "move";
            e.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ postId: post.id, accountId: account.id, at: entry.at }));
          }}
          data-testid="queued-post"
          className={cn(
            "flex min-w-0 items-center gap-2 rounded-md border bg-card px-2 py-2 shadow-xs",
            draggable && "cursor-grab active:cursor-grabbing",
            entry.overdue && "border-amber-500",
          )}
        >
          {draggable && <GripVertical aria-hidden className="size-4 shrink-0 text-muted-foreground" />}
          <div className="grid min-w-0 flex-1 gap-1">
            <p className="line-clamp-2 break-words text-sm">{post.text || "(no text)"}</p>
            <div className="flex flex-wrap items-center gap-1.5 text-xs text-muted-foreground">
              {post.platforms.map((p) => (
                <PlatformIcon key={p} platform={p} size="sm" className="size-5" />
              ))}
              {post.mediaCount > 0 && (
                <span className="inline-flex items-center gap-1">
                  <ImageIcon aria-hidden className="size-3.5" />
                  {post.mediaCount}
                </span>
              )}
              {!entry.inSchedule && <span>{QUEUE_MESSAGES.offSchedule}</span>}
              {entry.overdue && (
                <span className="inline-flex items-center gap-1 text-amber-800 dark:text-amber-300">
                  <CircleAlert aria-hidden className="size-3.5" />
                  {QUEUE_MESSAGES.overdue}
                </span>
              )}
            </div>
          </div>
          {mayMove && (
            <div className="flex shrink-0 flex-col gap-0.5">
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                disabled={!up || busy}
                aria-label={`${QUEUE_MESSAGES.moveUp}: ${post.text.slice(0, 40)}`}
                title={QUEUE_MESSAGES.moveUp}
                onClick={() => move(up)}
              >
                <ArrowUp aria-hidden />
              </Button>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-7"
                disabled={!down || busy}
                aria-label={`${QUEUE_MESSAGES.moveDown}: ${post.text.slice(0, 40)}`}
                title={QUEUE_MESSAGES.moveDown}
                onClick={() => move(down)}
              >
                <ArrowDown aria-hidden />
              </Button>
            </div>
          )}
        </div>
      ) : (
        <div className="flex items-center rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
          {QUEUE_MESSAGES.emptySlot}
        </div>
      )}
    </li>
  );
}

/** One account's queue: its name, paused state with Pause / Resume, and its upcoming slots in order. */
export function AccountQueue({
  account,
  entries,
  now,
  mayMove,
  movePermission,
  busy,
  pausing,
  onMove,
  onPause,
}: {
  account: QueueAccount;
  entries: QueueEntry[];
  now: Date;
  mayMove: boolean;
  movePermission: Permission;
  busy: boolean;
  pausing: boolean;
  onMove(request: MoveRequest): void;
  onPause(paused: boolean): void;
}) {
  const headingId = `queue-${account.id}`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border bg-card p-3 sm:p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <PlatformIcon platform={account.platform} />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="flex flex-wrap items-center gap-2 font-semibold">
            <span className="min-w-0 break-words">{account.name}</span>
            {account.paused && <Badge variant="secondary">{QUEUE_MESSAGES.pausedBadge}</Badge>}
          </h2>
          <p className="text-xs text-muted-foreground">
            {PLATFORM_LABELS[account.platform]} ·{" "}
            {account.ownSlots ? QUEUE_MESSAGES.ownSlots : QUEUE_MESSAGES.followsWorkspace}
          </p>
        </div>
        <PermissionHint permission={movePermission}>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={!movePermission.allowed || pausing}
            onClick={() => onPause(!account.paused)}
            aria-label={`${account.paused ? QUEUE_MESSAGES.resume : QUEUE_MESSAGES.pause}: ${account.name}`}
          >
            {account.paused ? <Play aria-hidden /> : <Pause aria-hidden />}
            {account.paused ? QUEUE_MESSAGES.resume : QUEUE_MESSAGES.pause}
          </Button>
        </PermissionHint>
      </div>
      {entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">{QUEUE_MESSAGES.noSlotsYet}</p>
      ) : (
        <ol aria-label={`Queue of ${account.name}`} className="grid gap-1.5">
          {entries.map((entry, index) => (
            <SlotRow
              key={entry.at}
              entry={entry}
              index={index}
              entries={entries}
              account={account}
              now={now}
              mayMove={mayMove}
              busy={busy}
              onMove={onMove}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
