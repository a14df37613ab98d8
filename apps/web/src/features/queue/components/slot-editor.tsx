import {
  QUEUE_MESSAGES,
  QUEUE_WEEKDAYS,
  type QueueAccount,
  type QueueSlot,
  RESULTS_MESSAGES,
  type WeeklySlot,
} from "@app/shared";
import { Plus, Sparkles, X } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { PermissionHint } from "@/components/permission-hint";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { useMe } from "@/features/auth/api/get-me";
import { useBestTimes } from "@/features/results/api/get-best-times";
import type { Permission } from "@/lib/permissions";
import { useSaveSlots } from "../api/queue";
import { bestTimeSlot, slotsByWeekday, weekdayName, withoutSlot, withSlot } from "../utils/queue";

const WORKSPACE = "";
const keyOf = (s: WeeklySlot) => `${s.weekday} ${s.time}`;
const sameSet = (a: readonly WeeklySlot[], b: readonly WeeklySlot[]) =>
  a.length === b.length && a.map(keyOf).join() === b.map(keyOf).join();

/** "Fill from best times": the results' best slots in the workspace's zone, each added to the draft on a click. */
function BestTimes({ zone, slots, onAdd }: { zone: string; slots: WeeklySlot[]; onAdd(slot: WeeklySlot): void }) {
  const premium = useMe().data?.plan === "premium";
  const best = useBestTimes(zone, { enabled: premium });
  if (!premium) return <p className="text-sm text-muted-foreground">{RESULTS_MESSAGES.advancedIsPremium}</p>;
  if (best.isPending) return <Spinner className="size-4" label="Loading best times" />;
  if (best.isError) return <p className="text-sm text-destructive">{best.error.message}</p>;
  const suggestions = best.data.suggestions.map(bestTimeSlot);
  if (suggestions.length === 0) return <p className="text-sm text-muted-foreground">{QUEUE_MESSAGES.noBestTimes}</p>;
  const have = new Set(slots.map(keyOf));
  return (
    <div className="grid gap-2">
      <p className="text-sm text-muted-foreground">{QUEUE_MESSAGES.bestTimesHint}</p>
      <ul className="flex flex-wrap gap-2">
        {suggestions.map((s) => (
          <li key={keyOf(s)}>
            <Button type="button" variant="outline" size="sm" disabled={have.has(keyOf(s))} onClick={() => onAdd(s)}>
              <Plus aria-hidden />
              {QUEUE_MESSAGES.addSuggestion(weekdayName(s.weekday, "short"), s.time)}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The weekly time slots of the workspace or of one account: a day × time list to add to and remove from, saved
 * as a whole; an account without slots of its own follows the workspace's.
 */
export function SlotEditor({
  slots,
  accounts,
  zone,
  permission,
  initialTarget,
}: {
  slots: QueueSlot[];
  accounts: QueueAccount[];
  zone: string;
  permission: Permission;
  /** the account the screen is filtered on, else the workspace */
  initialTarget: string | null;
}) {
  const id = useId();
  const [target, setTarget] = useState(initialTarget ?? WORKSPACE);
  useEffect(() => setTarget(initialTarget ?? WORKSPACE), [initialTarget]);
  const saved = slots
    .filter((s) => (s.accountId ?? WORKSPACE) === target)
    .map((s) => ({ weekday: s.weekday, time: s.time }));
  const [draft, setDraft] = useState<WeeklySlot[]>(saved);
  const [weekday, setWeekday] = useState(1);
  const [time, setTime] = useState("09:00");
  const [suggesting, setSuggesting] = useState(false);
  const save = useSaveSlots();
  const savedKey = saved.map(keyOf).join();
  // What the server has (after a save here or in another tab) replaces the draft when the target changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: savedKey stands for `saved`, a new array each render.
  useEffect(() => setDraft(saved), [target, savedKey]);
  const dirty = !sameSet(draft, saved);
  const account = accounts.find((a) => a.id === target);
  const allowed = permission.allowed;

  const submit = (next: WeeklySlot[]) =>
    save.mutate(
      { accountId: target === WORKSPACE ? null : target, slots: next },
      {
        onSuccess: () => toast.success(QUEUE_MESSAGES.slotsSaved),
        onError: (err) => toast.error(QUEUE_MESSAGES.slotsFailed, { description: err.message }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{QUEUE_MESSAGES.slotsTitle}</CardTitle>
        <CardDescription>{QUEUE_MESSAGES.slotsHint(zone)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-target`}>{QUEUE_MESSAGES.slotsFor}</Label>
          <NativeSelect id={`${id}-target`} value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value={WORKSPACE}>{QUEUE_MESSAGES.workspaceSlots}</option>
            {accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name} ({a.ownSlots ? QUEUE_MESSAGES.ownSlots : QUEUE_MESSAGES.followsWorkspace})
              </option>
            ))}
          </NativeSelect>
        </div>

        {target === WORKSPACE ? (
          <p className="text-sm text-muted-foreground">{QUEUE_MESSAGES.workspaceSlotsHint}</p>
        ) : (
          account &&
          saved.length === 0 && (
            <p className="text-sm text-muted-foreground">
              {account.name} {QUEUE_MESSAGES.followsWorkspace}.
            </p>
          )
        )}

        <ul aria-label={QUEUE_MESSAGES.slotsTitle} className="grid gap-1.5">
          {slotsByWeekday(draft).map((day) => (
            <li key={day.weekday} className="grid grid-cols-[3rem_minmax(0,1fr)] items-center gap-2">
              <span className="text-sm font-medium">{weekdayName(day.weekday, "short")}</span>
              <div className="flex min-h-8 flex-wrap gap-1.5">
                {day.times.length === 0 && <span className="self-center text-xs text-muted-foreground">—</span>}
                {day.times.map((t) => (
                  <span
                    key={t}
                    className="inline-flex items-center gap-1 rounded-full border bg-secondary py-0.5 pl-2.5 pr-1 text-sm tabular-nums"
                  >
                    {t}
                    <button
                      type="button"
                      disabled={!allowed}
                      className="rounded-full p-0.5 hover:bg-background focus-visible:outline-2 focus-visible:outline-ring disabled:opacity-50"
                      aria-label={QUEUE_MESSAGES.removeSlot(weekdayName(day.weekday), t)}
                      onClick={() => setDraft(withoutSlot(draft, { weekday: day.weekday, time: t }))}
                    >
                      <X aria-hidden className="size-3.5" />
                    </button>
                  </span>
                ))}
              </div>
            </li>
          ))}
        </ul>

        <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-end gap-2 sm:grid-cols-[minmax(0,1fr)_8rem_auto]">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-weekday`}>{QUEUE_MESSAGES.weekdayLabel}</Label>
            <NativeSelect id={`${id}-weekday`} value={weekday} onChange={(e) => setWeekday(Number(e.target.value))}>
              {QUEUE_WEEKDAYS.map((d) => (
                <option key={d} value={d}>
                  {weekdayName(d)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-time`}>{QUEUE_MESSAGES.timeLabel}</Label>
            <Input id={`${id}-time`} type="time" value={time} onChange={(e) => setTime(e.target.value)} />
          </div>
          <Button
            type="button"
            variant="outline"
            className="col-span-2 h-10 sm:col-span-1"
            disabled={!allowed || !/^\d{2}:\d{2}$/.test(time)}
            onClick={() => setDraft(withSlot(draft, { weekday, time }))}
          >
            <Plus aria-hidden />
            {QUEUE_MESSAGES.addSlot}
          </Button>
        </div>

        <div className="grid gap-2">
          <Button
            type="button"
            variant="ghost"
            className="justify-self-start"
            aria-expanded={suggesting}
            disabled={!allowed}
            onClick={() => setSuggesting(!suggesting)}
          >
            <Sparkles aria-hidden />
            {QUEUE_MESSAGES.fillFromBestTimes}
          </Button>
          {suggesting && <BestTimes zone={zone} slots={draft} onAdd={(s) => setDraft(withSlot(draft, s))} />}
        </div>

        <div className="flex flex-wrap gap-2 border-t pt-4">
          <PermissionHint permission={permission}>
            <Button type="button" disabled={!allowed || !dirty || save.isPending} onClick={() => submit(draft)}>
              {save.isPending && <Spinner className="size-4 text-current" label="Saving" />}
              {QUEUE_MESSAGES.saveSlots}
            </Button>
          </PermissionHint>
          {account && saved.length > 0 && (
            <Button
              type="button"
              variant="outline"
              disabled={!allowed || save.isPending}
              onClick={() => {
                setDraft([]);
                submit([]);
              }}
            >
              {QUEUE_MESSAGES.clearOwn}
            </Button>
          )}
        </div>
        {!allowed && <p className="text-sm text-muted-foreground">{permission.reason}</p>}
      </CardContent>
    </Card>
  );
}
