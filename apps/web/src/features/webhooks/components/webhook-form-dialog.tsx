import {
  WEBHOOK_MESSAGES as M,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  WEBHOOK_URL_MAX,
  type Webhook,
  type WebhookEvent,
} from "@app/shared";
import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { describedBy, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { SubmitButton } from "@/components/ui/submit-button";
import { useCreateWebhook, useUpdateWebhook } from "../api/webhooks";
import {
  type WebhookFormErrors,
  type WebhookFormValues,
  webhookFormToBody,
  webhookFormValues,
} from "../utils/webhooks";

/**
 * "Add endpoint" (`webhook` null; `onCreated` gets its signing secret, to be shown once) or "Edit endpoint".
 * The server's refusal (an address that is not public, too many endpoints) shows under the form.
 */
export function WebhookFormDialog({
  open,
  webhook,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  webhook: Webhook | null;
  onOpenChange(open: boolean): void;
  onCreated(secret: string): void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{webhook ? M.editTitle : M.create}</DialogTitle>
          <DialogDescription>{M.description}</DialogDescription>
        </DialogHeader>
        {open && (
          <WebhookForm
            webhook={webhook}
            onCancel={() => onOpenChange(false)}
            onSaved={() => onOpenChange(false)}
            onCreated={onCreated}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function WebhookForm({
  webhook,
  onCancel,
  onSaved,
  onCreated,
}: {
  webhook: Webhook | null;
  onCancel(): void;
  onSaved(): void;
  onCreated(secret: string): void;
}) {
  const id = useId();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [values, setValues] = useState<WebhookFormValues>(() => webhookFormValues(webhook));
  const [errors, setErrors] = useState<WebhookFormErrors>({});
  const serverError = webhook ? update.error : create.error;
  const f = (name: string) => `${id}-${name}`;
  const toggle = (event: WebhookEvent, on: boolean) =>
    setValues((v) => ({ ...v, events: on ? [...v.events, event] : v.events.filter((e) => e !== event) }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const result = webhookFormToBody(values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    if (webhook) {
      update.mutate(
        { id: webhook.id, body: result.body },
        {
          onSuccess: (saved) => {
            toast.success(M.saved, { description: saved.url });
            onSaved();
          },
        },
      );
    } else {
      create.mutate(result.body, {
        onSuccess: ({ webhook: created, secret }) => {
          toast.success(M.created, { description: created.url });
          onSaved();
          onCreated(secret);
        },
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label={webhook ? M.editTitle : M.create}>
      <Field id={f("url")} label={M.urlLabel} error={errors.url}>
        <Input
          id={f("url")}
          type="url"
          inputMode="url"
          value={values.url}
          onChange={(e) => setValues((v) => ({ ...v, url: e.target.value }))}
          maxLength={WEBHOOK_URL_MAX}
          placeholder={M.urlPlaceholder}
          autoComplete="off"
          spellCheck={false}
          {...describedBy(f("url"), errors.url)}
        />
      </Field>
      <Field id={f("description")} label={M.descriptionLabel} error={errors.description}>
        <Input
          id={f("description")}
          value={values.description}
          onChange={(e) => setValues((v) => ({ ...v, description: e.target.value }))}
          maxLength={WEBHOOK_DESCRIPTION_MAX}
          placeholder={M.descriptionPlaceholder}
          autoComplete="off"
          {...describedBy(f("description"), errors.description)}
        />
      </Field>
      <fieldset className="grid gap-2" aria-describedby={errors.events ? `${f("events")}-error` : undefined}>
        <legend className="mb-2 text-sm font-medium">{M.eventsLabel}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((event) => (
            <label
              key={event}
              htmlFor={f(`event-${event}`)}
              className="flex cursor-pointer items-center gap-3 rounded-md border p-2.5 text-sm hover:bg-accent/50"
            >
              <input
                id={f(`event-${event}`)}
                type="checkbox"
                className="size-4 shrink-0 accent-primary"
                checked={values.events.includes(event)}
                onChange={(e) => toggle(event, e.target.checked)}
                aria-labelledby={f(`event-${event}-name`)}
              />
              <span className="grid min-w-0">
                <span id={f(`event-${event}-name`)} className="font-medium">
                  {WEBHOOK_EVENT_LABELS[event]}
                </span>
                <code className="truncate text-xs text-muted-foreground">{event}</code>
              </span>
            </label>
          ))}
        </div>
        {errors.events && (
          <p id={`${f("events")}-error`} role="alert" className="text-sm text-destructive">
            {errors.events}
          </p>
        )}
      </fieldset>
      {serverError && (
        <p role="alert" className="text-sm text-destructive">
          {serverError.message}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {M.cancel}
        </Button>
        <SubmitButton pending={create.isPending || update.isPending}>{webhook ? M.save : M.create}</SubmitButton>
      </div>
    </form>
  );
}
