import { WEBHOOK_MESSAGES as M, WEBHOOK_EVENT_LABELS, type Webhook } from "@app/shared";
import { ChevronDown, Pencil, Plus, Send, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { SecretOnceDialog } from "@/components/secret-once-dialog";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { useCan, useWorkspaceRole } from "@/lib/permissions";
import { cn } from "@/lib/utils";
import { useDeleteWebhook, useTestWebhook, useUpdateWebhook, useWebhooks } from "../api/webhooks";
import { endpointState, testOutcome } from "../utils/webhooks";
import { WebhookDeliveries } from "./webhook-deliveries";
import { WebhookFormDialog } from "./webhook-form-dialog";

/** Settings → Webhooks (`#webhooks`, where the "turned off" notification leads): the workspace's endpoints. */
export function WebhooksCard() {
  const role = useWorkspaceRole();
  const may = useCan("integration", "manage");
  return (
    <Card id="webhooks" className="scroll-mt-6">
      <CardHeader>
        <CardTitle>{M.title}</CardTitle>
        <CardDescription>{M.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {role === undefined ? (
          <Skeleton className="h-24 w-full" />
        ) : may.allowed ? (
          <WebhookList />
        ) : (
          <p className="text-sm text-muted-foreground">{M.noRight}</p>
        )}
      </CardContent>
    </Card>
  );
}

function WebhookList() {
  const webhooks = useWebhooks({ enabled: true });
  const remove = useDeleteWebhook();
  // the form's endpoint: null to add one, undefined while the form is closed
  const [editing, setEditing] = useState<Webhook | null | undefined>(undefined);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);

  return (
    <div className="grid gap-3">
      <div>
        <Button type="button" onClick={() => setEditing(null)}>
          <Plus aria-hidden />
          {M.create}
        </Button>
      </div>
      {webhooks.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : webhooks.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {M.listFailed}
        </p>
      ) : webhooks.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{M.empty}</p>
      ) : (
        <ul aria-label={M.listLabel} className="grid gap-3">
          {webhooks.data.map((webhook) => (
            <WebhookRow
              key={webhook.id}
              webhook={webhook}
              deleting={remove.isPending && remove.variables === webhook.id}
              onEdit={() => setEditing(webhook)}
              onDelete={() => setDeleting(webhook)}
            />
          ))}
        </ul>
      )}
      <WebhookFormDialog
        open={editing !== undefined}
        webhook={editing ?? null}
        onOpenChange={(open) => !open && setEditing(undefined)}
        onCreated={setSecret}
      />
      <SecretOnceDialog
        secret={secret}
        onClose={() => setSecret(null)}
        title={M.secretTitle}
        description={M.secretShownOnce}
        label={M.secretTitle}
        copyLabel={M.copySecret}
        copied={M.secretCopied}
        copyFailed={M.copyFailed}
        doneLabel={M.done}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={M.deleteConfirm(deleting?.url ?? "")}
        description={M.deleteDetail}
        confirmLabel={M.delete}
        destructive
        onConfirm={() => {
          const webhook = deleting;
          setDeleting(null);
          if (!webhook) return;
          remove.mutate(webhook.id, {
            onSuccess: () => toast.success(M.deleted, { description: webhook.url }),
            onError: (err) => toast.error(err.message),
          });
        }}
      />
    </div>
  );
}

function WebhookRow({
  webhook,
  deleting,
  onEdit,
  onDelete,
}: {
  webhook: Webhook;
  deleting: boolean;
  onEdit(): void;
  onDelete(): void;
}) {
  const update = useUpdateWebhook();
  const test = useTestWebhook();
  const [open, setOpen] = useState(false);
  const state = endpointState(webhook);
  const panelId = `webhook-deliveries-${webhook.id}`;

  const setEnabled = (enabled: boolean) =>
    update.mutate(
      { id: webhook.id, body: { enabled } },
      {
        onSuccess: () => toast.success(enabled ? M.turnedOn : M.turnedOff, { description: webhook.url }),
        onError: (err) => toast.error(err.message),
      },
    );
  const sendTest = () =>
    test.mutate(webhook.id, {
      onSuccess: (delivery) => {
        const outcome = testOutcome(delivery);
        if (outcome.ok) toast.success(outcome.message, { description: webhook.url });
        else toast.error(outcome.message, { description: webhook.url });
        setOpen(true);
      },
      onError: (err) => toast.error(err.message),
    });

  return (
    <li className="grid min-w-0 gap-3 rounded-md border p-3" aria-label={webhook.url}>
      <div className="flex min-w-0 flex-wrap items-start gap-3">
        <div className="grid min-w-0 flex-1 basis-56 gap-1">
          <p className="break-all font-mono text-sm font-medium">{webhook.url}</p>
          {webhook.description && <p className="break-words text-sm text-muted-foreground">{webhook.description}</p>}
        </div>
        <div className="flex items-center gap-2">
          <Switch
            checked={webhook.enabled}
            disabled={update.isPending}
            onCheckedChange={setEnabled}
            aria-label={M.toggleLabel(webhook.url)}
          />
          <Badge variant={state.tone === "on" ? "default" : state.tone === "failing" ? "destructive" : "outline"}>
            {state.tone === "on" ? M.enabled : M.disabledByUser}
          </Badge>
        </div>
      </div>
      {state.tone === "failing" && (
        <p role="status" className="text-sm text-destructive">
          {state.label}
        </p>
      )}
      <ul aria-label={M.eventsLabel} className="flex flex-wrap gap-1">
        {webhook.events.map((event) => (
          <li key={event}>
            <Badge variant="secondary">{WEBHOOK_EVENT_LABELS[event]}</Badge>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={test.isPending}
          aria-label={M.sendTestLabel(webhook.url)}
          onClick={sendTest}
        >
          {test.isPending ? <Spinner className="size-4 text-current" label={M.sendTest} /> : <Send aria-hidden />}
          {M.sendTest}
        </Button>
        <Button type="button" variant="outline" size="sm" aria-label={M.edit(webhook.url)} onClick={onEdit}>
          <Pencil aria-hidden />
          {M.editShort}
        </Button>
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="text-destructive hover:text-destructive"
          disabled={deleting}
          aria-label={M.deleteLabel(webhook.url)}
          onClick={onDelete}
        >
          <Trash2 aria-hidden />
          {M.delete}
        </Button>
      </div>
      <div className="grid gap-2">
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start px-2"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
        >
          <ChevronDown aria-hidden className={cn("transition-transform", !open && "-rotate-90")} />
          {M.deliveries}
        </Button>
        {open && (
          <div id={panelId}>
            <WebhookDeliveries webhookId={webhook.id} url={webhook.url} />
          </div>
        )}
      </div>
    </li>
  );
}
