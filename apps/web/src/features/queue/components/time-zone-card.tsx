import { QUEUE_MESSAGES } from "@app/shared";
import { Globe } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { toast } from "sonner";
import { PermissionHint } from "@/components/permission-hint";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import type { Permission } from "@/lib/permissions";
import { supportedTimeZones } from "@/lib/time-zone";
import { useSaveQueueTimeZone } from "../api/queue";

/** The workspace's time zone, which its slots are wall-clock times in; owners and admins change it. */
export function TimeZoneCard({ zone, permission }: { zone: string; permission: Permission }) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState(zone);
  const zones = useMemo(() => {
    const all = supportedTimeZones();
    // The workspace's own zone is listed even where this browser does not know it ("UTC" is often missing).
    return all.includes(zone) ? all : [zone, ...all];
  }, [zone]);
  const save = useSaveQueueTimeZone();

  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-card px-4 py-3">
      <Globe aria-hidden className="size-4 text-muted-foreground" />
      {editing ? (
        <form
          className="flex flex-1 flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate(choice, {
              onSuccess: () => {
                setEditing(false);
                toast.success(QUEUE_MESSAGES.timeZoneSaved);
              },
              onError: (err) => toast.error(QUEUE_MESSAGES.timeZoneFailed, { description: err.message }),
            });
          }}
        >
          <div className="grid min-w-52 flex-1 gap-1.5">
            <Label htmlFor={`${id}-zone`}>{QUEUE_MESSAGES.timeZoneLabel}</Label>
            <NativeSelect id={`${id}-zone`} value={choice} onChange={(e) => setChoice(e.target.value)}>
              {zones.map((z) => (
                <option key={z} value={z}>
                  {z}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending && <Spinner className="size-4 text-current" label="Saving" />}
            Save
          </Button>
          <Button type="button" variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <>
          <p className="min-w-0 flex-1 text-sm">
            <span className="text-muted-foreground">{QUEUE_MESSAGES.timeZoneLabel}: </span>
            <span className="font-medium" data-testid="queue-time-zone">
              {zone}
            </span>
          </p>
          <PermissionHint permission={permission}>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={!permission.allowed}
              aria-label={`${QUEUE_MESSAGES.changeTimeZone} ${QUEUE_MESSAGES.timeZoneLabel.toLowerCase()}`}
              onClick={() => {
                setChoice(zone);
                setEditing(true);
              }}
            >
              {QUEUE_MESSAGES.changeTimeZone}
            </Button>
          </PermissionHint>
        </>
      )}
    </div>
  );
}
