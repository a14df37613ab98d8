import {
  NOTIFICATION_PREFERENCE_MESSAGES as M,
  NOTIFICATION_CATEGORIES,
  NOTIFICATION_CATEGORY_LABELS,
  NOTIFICATION_CATEGORY_OF,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from "@app/shared";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Skeleton } from "@/components/ui/skeleton";
import { SubmitButton } from "@/components/ui/submit-button";
import { useNotificationPreferences, useSaveNotificationPreferences } from "../api/preferences";

type Channels = Record<NotificationKind, NotificationChannel>;

const kindsOf = (category: (typeof NOTIFICATION_CATEGORIES)[number]) =>
  NOTIFICATION_KINDS.filter((k) => NOTIFICATION_CATEGORY_OF[k] === category);

/** Settings → Notifications: each kind's channel (E-mail, In app, Off), by category. */
export function NotificationPreferencesCard() {
  const { data, isError } = useNotificationPreferences();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{M.title}</CardTitle>
        <CardDescription>{M.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {data ? (
          <PreferencesForm saved={data as Channels} />
        ) : isError ? (
          <p className="text-sm text-destructive">{M.loadFailed}</p>
        ) : (
          <Skeleton className="h-64 w-full" />
        )}
      </CardContent>
    </Card>
  );
}

function PreferencesForm({ saved }: { saved: Channels }) {
  const [draft, setDraft] = useState<Channels>(saved);
  const save = useSaveNotificationPreferences();
  useEffect(() => setDraft(saved), [saved]);
  const changed = NOTIFICATION_KINDS.filter((k) => draft[k] !== saved[k]);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const changes = Object.fromEntries(changed.map((k) => [k, draft[k]]));
    save.mutate(changes, {
      onSuccess: () => toast.success(M.saved),
      onError: (err) => toast.error(M.saveFailed, { description: err.message }),
    });
  }

  return (
    <form className="grid gap-6" onSubmit={onSubmit} aria-label="Notification preferences">
      {NOTIFICATION_CATEGORIES.map((category) => (
        <fieldset key={category} className="grid gap-3">
          <legend className="mb-2 text-sm font-semibold">{NOTIFICATION_CATEGORY_LABELS[category]}</legend>
          {kindsOf(category).map((kind) => {
            const id = `notification-channel-${kind}`;
            return (
              <div key={kind} className="grid grid-cols-1 items-center gap-2 sm:grid-cols-[1fr_10rem]">
                <Label htmlFor={id}>{M.kindLabels[kind]}</Label>
                <NativeSelect
                  id={id}
                  value={draft[kind]}
                  onChange={(e) => setDraft((d) => ({ ...d, [kind]: e.target.value as NotificationChannel }))}
                >
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <option key={channel} value={channel}>
                      {M.channelLabels[channel]}
                    </option>
                  ))}
                </NativeSelect>
              </div>
            );
          })}
        </fieldset>
      ))}
      <div>
        <SubmitButton pending={save.isPending} disabled={save.isPending || changed.length === 0}>
          {M.save}
        </SubmitButton>
      </div>
    </form>
  );
}
